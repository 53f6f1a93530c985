import Foundation
import TestSupport
import XCTest

/// A mouse pinches as in the iOS Simulator: with Alt held, a second finger mirrors the
/// pointer around the centre of the item under it.
final class PinchBrowserTests: XCTestCase {
    func testAltDragOnThePiPSpreadsTwoFingersAndTheWindowGrowsThenSpringsBackToMaxScale() throws {
        guard let chromium = HeadlessChromium.executable else { throw XCTSkip("chromium is not installed; scripts/test installs it") }
        let viewer = try ViewerProcess("behaviors/pip.lua", ["--set", "demo=0"])
        let browser = try HeadlessChromium(executable: chromium, url: "http://127.0.0.1:\(viewer.port)/")
        try browser.wait(for: "!!(window.animhost && window.animhost.state.frame && window.animhost.time() > 0.2)")
        // The window rests bottom right, centred at (224, 507). Press 20 pt right of its
        // centre with Alt (the mirror lands 20 pt left: 40 pt apart) and drag 20 pt further
        // right: 80 pt apart, a raw scale of 2, banded past maxScale 1.5.
        let start = try browser.toScreen(244, 507)
        try browser.mouse("mouseMoved", start.x, start.y, alt: true)
        try browser.mouse("mousePressed", start.x, start.y, alt: true)
        for k in 1...10 {
            Thread.sleep(forTimeInterval: 0.016)
            let p = try browser.toScreen(244 + 2 * Double(k), 507)
            try browser.mouse("mouseMoved", p.x, p.y, alt: true)
        }
        try browser.wait(for: "window.animhost.state.frame.items.window.scale > 1.6", timeout: 10)
        let touches = try browser.evaluate("window.animhost.state.pointers.size") as! NSNumber
        XCTAssertEqual(touches, 1, "one mouse pointer down, drawn as a pair")
        try? browser.screenshot().write(to: URL(fileURLWithPath: packageRoot + "/.build/view-pinch.png"))
        let end = try browser.toScreen(264, 507)
        try browser.mouse("mouseReleased", end.x, end.y, alt: true)
        // Both fingers lift: the scale springs back to 1.5 and the window rests in the
        // bottom right corner of a 240×135 window: (320 − 16 − 120, 568 − 16 − 67.5).
        try browser.wait(for: """
            (() => { const w = window.animhost.state.frame.items.window;
                     return Math.abs(w.scale - 1.5) < 0.005 && Math.abs(w.x - 184) < 0.5 && Math.abs(w.y - 484.5) < 0.5 })()
            """, timeout: 20)
        let csv = try viewer.get("/input.csv").body
        let began = csv.split(separator: "\n").filter { $0.contains(",began,") }
        XCTAssertEqual(began.count, 2, "the mirror is a touch of its own: \(csv)")
    }
}
