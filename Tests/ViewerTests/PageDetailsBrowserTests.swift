import Foundation
import TestSupport
import XCTest

/// Details of the page a new user tripped over, in headless Chromium: a log-scale slider,
/// the time line after Reset, velocity labels near the edge, the motion plot in view.
final class PageDetailsBrowserTests: XCTestCase {
    private let scene = """
        local a = animhost.animator{bounds = {0, 0, 320, 568}}
        local k = animhost.tunable("stiffness", 300, {min = 10, max = 10000, scale = "log"})
        local damping = animhost.tunable("damping", 0.5, {min = 0, max = 1})
        local box = animhost.item{name = "box", center = {60, 284}, size = {60, 60}}
        a:addBehavior(animhost.attachment{item = box, anchor = {300, 284}, length = 0, frequency = math.sqrt(k) / 10, damping = damping})
        """

    private func open() throws -> (ViewerProcess, HeadlessChromium) {
        guard let chromium = HeadlessChromium.executable else { throw XCTSkip("chromium is not installed; scripts/test installs it") }
        let viewer = try ViewerProcess(try temporaryFile("details.lua", scene))
        let browser = try HeadlessChromium(executable: chromium, url: "http://127.0.0.1:\(viewer.port)/")
        try browser.wait(for: "!!(window.animhost && window.animhost.state.scene && window.animhost.time() > 0.2)")
        return (viewer, browser)
    }

    /// A tunable declared {scale = "log"} gets a slider even in log(value): its middle is
    /// the geometric mean of min and max, and letting go sets that value.
    func testALogScaleSliderMovesEvenlyInLogValue() throws {
        let (viewer, browser) = try open()
        let slider = try browser.evaluate("""
            (() => { const i = document.querySelector('input[data-name="stiffness"]'); return [Number(i.min), Number(i.max), Number(i.value)] })()
            """) as! [NSNumber]
        XCTAssertEqual(slider.map(\.doubleValue), [0, 1000, 492], "300 sits at log(300/10)/log(1000) of the track")
        _ = try browser.evaluate("""
            (() => { const i = document.querySelector('input[data-name="stiffness"]'); i.value = 500;
                     i.dispatchEvent(new Event('input')); i.dispatchEvent(new Event('change')); return true })()
            """)
        XCTAssertEqual(try browser.evaluate("document.querySelector('output[data-name=\"stiffness\"]').textContent") as? String, "316.2")
        try browser.wait(for: "!document.getElementById('compareCard').hidden")
        let json = try JSONSerialization.jsonObject(with: Data(try viewer.get("/scene.json").body.utf8)) as! [String: Any]
        let stiffness = (json["tunables"] as! [[String: Any]])[0]
        XCTAssertEqual(stiffness["value"] as? Double, 316.2)
        XCTAssertEqual(stiffness["scale"] as? String, "log")
        XCTAssertNil((json["tunables"] as! [[String: Any]])[1]["scale"], "a linear tunable says nothing")
        // The comparison does not push the motion plot out of the window.
        let bottom = try browser.evaluate("document.getElementById('plot').getBoundingClientRect().bottom") as! NSNumber
        XCTAssertLessThanOrEqual(bottom.doubleValue, 800, "the motion plot stays above the fold")
    }

    /// A frame of the old run arriving after Reset must not stretch the new time line.
    func testResetStartsTheTimeLineOver() throws {
        let (_, browser) = try open()
        try browser.wait(for: "window.animhost.time() > 0.3", timeout: 30)
        let late = try browser.evaluate("""
            (() => { const old = JSON.parse(JSON.stringify(window.animhost.state.frame));
                     old.t += 5;   // a frame of the old run, later than any the page has seen
                     document.getElementById('reset').click();
                     window.animhost.receive(old);   // still on its way when the reset was sent
                     return window.animhost.state.maxTime })()
            """) as! NSNumber
        XCTAssertEqual(late.doubleValue, 1, "the old run's frame leaves the time line alone")
        // The new run's first frame (t = 0) ends the wait; later frames stretch the line again.
        let restarted = try browser.evaluate("""
            (() => { const f = JSON.parse(JSON.stringify(window.animhost.state.frame));
                     window.animhost.receive(Object.assign({}, f, { t: 0 }));
                     const waiting = window.animhost.state.resetFrom;
                     window.animhost.receive(Object.assign({}, f, { t: 1.25 }));
                     return [waiting === null, window.animhost.state.maxTime, document.getElementById('scrubEnd').textContent] })()
            """) as! [Any]
        XCTAssertEqual(restarted[0] as? Bool, true)
        XCTAssertEqual((restarted[1] as? NSNumber)?.doubleValue, 1.25)
        XCTAssertEqual(restarted[2] as? String, "1.25 s")
    }

    /// A velocity label at the canvas's edge is moved inside it, whole.
    func testVelocityLabelsStayOnTheCanvas() throws {
        let (_, browser) = try open()
        let inside = try browser.evaluate("""
            (() => { const v = window.animhost.state.view, r = document.getElementById('canvas').getBoundingClientRect();
                     const px = 1 / v.s, w = 60 * px, h = 13 * px;
                     const right = (r.width - v.ox) / v.s, bottom = (r.height - v.oy) / v.s;
                     const p = window.animhost.labelInside(right + 50, bottom + 50, w, h, px);
                     const q = window.animhost.labelInside(-v.ox / v.s - 50, -v.oy / v.s - 50, w, h, px);
                     return [p.x + w <= right, p.y <= bottom, q.x >= -v.ox / v.s, q.y - h >= -v.oy / v.s] })()
            """) as! [Bool]
        XCTAssertEqual(inside, [true, true, true, true])
    }
}
