import Foundation
import TestSupport
import XCTest

/// Issue 40 items 3 and 8 in headless Chromium: the "Last change" table fits its panel
/// (no sideways scroll bar) at 1400×900 and on a 390×844 phone, device presets size a
/// scene that declares `width` and `height`, and the record button holds the clock for
/// the first touch. The screenshots are kept in .build/ to look at.
final class LayoutBrowserTests: XCTestCase {
    private let scene = """
        local W = animhost.tunable("width", 390, {min = 320, max = 1024})
        local H = animhost.tunable("height", 844, {min = 480, max = 1366})
        local k = animhost.tunable("stiffnessOfTheSheetSpring", 300,
                                   {min = 10, max = 10000, scale = "log"})
        local a = animhost.animator{bounds = {0, 0, W, H}}
        local sheet = animhost.item{name = "sheet", center = {W / 2, H - 100}, size = {W, 200}}
        a:addBehavior(animhost.attachment{item = sheet, anchor = {W / 2, H / 2}, length = 0,
                                          frequency = math.sqrt(k) / 10, damping = 0.3})
        """

    private func open(width: Int, height: Int) throws -> (ViewerProcess, HeadlessChromium) {
        guard let chromium = HeadlessChromium.executable else {
            throw XCTSkip("chromium is not installed; scripts/test installs it")
        }
        let viewer = try ViewerProcess(try temporaryFile("layout.lua", scene))
        let url = "http://127.0.0.1:\(viewer.port)/"
        let browser = try HeadlessChromium(executable: chromium, url: url, width: width, height: height)
        try browser.wait(for: "!!(window.animhost && window.animhost.state.scene && window.animhost.time() > 0.2)")
        return (viewer, browser)
    }

    /// Sets a tunable from the page, as a slider let go does, and waits for the comparison.
    private func change(_ browser: HeadlessChromium, _ name: String, slider: Int) throws {
        _ = try browser.evaluate("""
            (() => { const i = document.querySelector('input[data-name="\(name)"]'); i.value = \(slider);
                     i.dispatchEvent(new Event('input')); i.dispatchEvent(new Event('change')); return true })()
            """)
        try browser.wait(for: "!document.getElementById('compareCard').hidden")
    }

    private func number(_ browser: HeadlessChromium, _ expression: String) throws -> Double {
        (try browser.evaluate(expression) as! NSNumber).doubleValue
    }

    private func keep(_ browser: HeadlessChromium, _ name: String) throws {
        try browser.screenshot().write(to: URL(fileURLWithPath: packageRoot + "/.build/\(name).png"))
    }

    func testTheLastChangeFitsAt1400x900AndADevicePresetSizesTheScene() throws {
        let (viewer, browser) = try open(width: 1400, height: 900)
        try change(browser, "stiffnessOfTheSheetSpring", slider: 800)
        let box = "document.querySelector('.compare-scroll')"
        XCTAssertLessThanOrEqual(try number(browser, "\(box).scrollWidth"), try number(browser, "\(box).clientWidth"),
                                 "the table fits its panel: no sideways scroll")
        XCTAssertLessThanOrEqual(try number(browser, "document.querySelector('aside').scrollWidth"),
                                 try number(browser, "document.querySelector('aside').clientWidth"))

        XCTAssertEqual(try browser.evaluate("document.getElementById('device').disabled") as? Bool, false)
        _ = try browser.evaluate("""
            (() => { const s = document.getElementById('device'); s.value = '3';
                     s.dispatchEvent(new Event('change')); return true })()
            """)
        try browser.wait(for: "String(window.animhost.state.scene.bounds) === '0,0,412,915'")
        try browser.wait(for: "document.getElementById('device').value === '3'")
        let body = try viewer.get("/scene.json").body
        let json = try JSONSerialization.jsonObject(with: Data(body.utf8)) as! [String: Any]
        XCTAssertEqual(json["bounds"] as? [Double], [0, 0, 412, 915], "Pixel 7")
        // The stage fits the new screen: its bottom edge is drawn inside the canvas.
        let bottom = try number(browser, "window.animhost.toScreen(0, 915).y")
        let canvasBottom = try number(browser, "document.getElementById('canvas').getBoundingClientRect().bottom")
        XCTAssertLessThanOrEqual(bottom, canvasBottom)
        Thread.sleep(forTimeInterval: 0.3)
        try keep(browser, "view-1400x900")
    }

    func testOnAPhoneThePanelGoesUnderTheStageAndNothingScrollsSideways() throws {
        let (viewer, browser) = try open(width: 390, height: 844)
        defer { withExtendedLifetime(viewer) {} }   // the server lives as long as the test
        try change(browser, "stiffnessOfTheSheetSpring", slider: 800)
        XCTAssertLessThanOrEqual(try number(browser, "document.documentElement.scrollWidth"), 390)
        let canvas = try browser.evaluate("""
            (() => { const r = document.getElementById('canvas').getBoundingClientRect(); return [r.width, r.height] })()
            """) as! [NSNumber]
        XCTAssertGreaterThan(canvas[0].doubleValue, 300, "the stage takes the width")
        XCTAssertGreaterThan(canvas[1].doubleValue, 250, "and a good part of the height")
        let asideTop = try number(browser, "document.querySelector('aside').getBoundingClientRect().top")
        let stageBottom = try number(browser, "document.getElementById('stageBox').getBoundingClientRect().bottom")
        XCTAssertGreaterThanOrEqual(asideTop, stageBottom - 1)
        let box = "document.querySelector('.compare-scroll')"
        XCTAssertLessThanOrEqual(try number(browser, "\(box).scrollWidth"), try number(browser, "\(box).clientWidth"))
        try keep(browser, "view-390x844")
    }

    func testRecordHoldsTheClockUntilTheMouseGoesDown() throws {
        let (viewer, browser) = try open(width: 1280, height: 800)
        defer { withExtendedLifetime(viewer) {} }
        let before = try canvasRect(browser)
        _ = try browser.evaluate("document.getElementById('record').click()")
        try browser.wait(for: "window.animhost.state.scene.waitingForTouch === true && window.animhost.time() === 0")
        XCTAssertEqual(try browser.evaluate("document.querySelector('#status b').textContent") as? String,
                       "recording: touch to start")
        XCTAssertEqual(try canvasRect(browser), before, "the status line keeps its room: the canvas stays put")
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertEqual(try number(browser, "window.animhost.time()"), 0, "held at 0 s")
        try keep(browser, "view-recording-waiting")
        let p = try browser.toScreen(195, 744)
        try browser.mouse("mousePressed", p.x, p.y)
        try browser.wait(for: "window.animhost.state.scene.waitingForTouch === false && window.animhost.time() > 0.1")
        XCTAssertEqual(try canvasRect(browser), before,
                       "the canvas does not move under the finger once recording starts")
        try keep(browser, "view-recording-started")
        try browser.mouse("mouseReleased", p.x, p.y)
        XCTAssertEqual(try browser.evaluate("document.getElementById('testLink').download") as? String,
                       "layout_session_test.lua")
    }

    /// Every status the bar shows ("connecting" to "recording: touch to start") and a toast
    /// leave the canvas where it is, at a width where the bar is tight and on a phone, where
    /// the bar wraps: a point on the page is the same stage point whatever the status says.
    func testNoStatusOrToastMovesTheCanvas() throws {
        for (width, height) in [(900, 700), (390, 844)] {
            let (viewer, browser) = try open(width: width, height: height)
            defer { withExtendedLifetime(viewer) {} }
            let before = try canvasRect(browser)
            for label in ["connecting", "recording: touch to start", "paused", "error"] {
                _ = try browser.evaluate("""
                    (() => { document.querySelector('#status b').textContent = '\(label)'; return true })()
                    """)
                XCTAssertEqual(try canvasRect(browser), before, "status '\(label)' at \(width)×\(height)")
            }
            _ = try browser.evaluate("""
                (() => { const t = document.getElementById('toast'); t.hidden = false;
                         t.textContent = 'reloaded: a longer note than any status line'; return true })()
                """)
            XCTAssertEqual(try canvasRect(browser), before, "a toast at \(width)×\(height)")
            try keep(browser, "view-status-\(width)x\(height)")
        }
    }

    /// The canvas's rectangle on the page, as `[left, top, width, height]`.
    private func canvasRect(_ browser: HeadlessChromium) throws -> [Double] {
        let r = try browser.evaluate("""
            (() => { const r = document.getElementById('canvas').getBoundingClientRect();
                     return [r.left, r.top, r.width, r.height] })()
            """) as! [NSNumber]
        return r.map(\.doubleValue)
    }
}
