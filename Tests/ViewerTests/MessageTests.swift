import AnimHost
import Dynamics
import XCTest
@testable import Viewer

/// The pieces of the protocol that need no server: parsing the pages' messages, the
/// numbers of `/input.csv`, the plot's ticks.
final class MessageTests: XCTestCase {
    func testParsesEveryMessageOfTheContract() {
        XCTAssertEqual(try ClientMessage.parse(#"{"type":"touch","touch":3,"phase":"moved","x":1.5,"y":-2}"#).get(),
                       .touch(id: 3, phase: .moved, point: Vec2(1.5, -2)))
        XCTAssertEqual(try ClientMessage.parse(#"{"type":"set","name":"frequency","value":6}"#).get(), .set(name: "frequency", value: 6))
        XCTAssertEqual(try ClientMessage.parse(#"{"type":"play"}"#).get(), .play)
        XCTAssertEqual(try ClientMessage.parse(#"{"type":"pause"}"#).get(), .pause)
        XCTAssertEqual(try ClientMessage.parse(#"{"type":"step","n":4}"#).get(), .step(4))
        XCTAssertEqual(try ClientMessage.parse(#"{"type":"step"}"#).get(), .step(1))
        XCTAssertEqual(try ClientMessage.parse(#"{"type":"seek","t":0.5}"#).get(), .seek(0.5))
        XCTAssertEqual(try ClientMessage.parse(#"{"type":"speed","factor":0.25}"#).get(), .speed(0.25))
        XCTAssertEqual(try ClientMessage.parse(#"{"type":"reset"}"#).get(), .reset)
        XCTAssertEqual(try ClientMessage.parse(#"{"type":"record"}"#).get(), .record)
    }

    func testRefusesWhatIsMalformedSayingWhat() {
        func error(_ text: String) -> String {
            if case .failure(let e) = ClientMessage.parse(text) { return e.text }
            return "accepted"
        }
        XCTAssertTrue(error("[1,2]").hasPrefix("not a JSON object"))
        XCTAssertEqual(error(#"{"type":7}"#), "message: field 'type' must be a string, one of touch, set, play, pause, "
                       + "step, seek, speed, reset, record, estimator, got the number 7")
        XCTAssertEqual(error(#"{"type":"seek","t":"abc"}"#), "seek: field 't' must be a number of seconds from 0 to 3600, got a string")
        XCTAssertEqual(error(#"{"type":"step","n":1.5}"#), "step: field 'n' must be a whole number of steps from 1 to 100000, got a fractional number")
        XCTAssertEqual(error(#"{"type":"touch","touch":1,"phase":true,"x":0,"y":0}"#), "touch: field 'phase' must be one of began, moved, ended, cancelled, got a boolean")
        XCTAssertEqual(error(#"{"type":"seek","t":4000}"#), "'seek': \"t\" must be a time from 0 to 3600 s, got 4000")
        XCTAssertEqual(error(#"{"type":"speed","factor":-1}"#), "'speed': \"factor\" must be above 0 and at most 4 (1, 0.5, 0.25, 0.1), got -1")
        XCTAssertEqual(error(#"{"type":"touch","touch":1,"phase":"began","x":1e300,"y":0}"#), "'touch': \"x\" must be a finite number")
        XCTAssertEqual(error(#"{"type":"jump"}"#), "unknown message type 'jump'; expected one of touch, set, play, "
                       + "pause, step, seek, speed, reset, record, estimator")
        XCTAssertEqual(error(#"{"type":"estimator","name":"ios"}"#),
                       "'estimator': \"name\" must be one of uikit, android, compose, flutter, web, average, got 'ios'")
    }

    func testInputCSVNumbersReadBackAsTheSameDoubles() {
        for v in [0.0, 1.0 / 120, 2.658333333333333, 160, 100.123457, -3.5, 1e-4, 1234.5678] {
            XCTAssertEqual(Double(InputCSV.exact(v)), v, "\(v)")
        }
        XCTAssertEqual(InputCSV.exact(160), "160")
        XCTAssertEqual(InputCSV.representable(100.123456789), 100.123457)
        XCTAssertEqual(InputCSV.text([TouchEvent(time: 0.25, touch: 1, phase: .began, location: Vec2(1, 2))], hz: 120),
                       "t,touch,phase,x,y\n0.25,1,began,1,2\n")
    }

    func testPlotTicksAreRoundAndCoverTheRange() {
        XCTAssertEqual(PlotSVG.ticks(0, 1, count: 4), [0, 0.5, 1])
        XCTAssertEqual(PlotSVG.ticks(384, 772, count: 3), [200, 400, 600, 800])
        XCTAssertEqual(PlotSVG.ticks(-3, 3, count: 3), [-4, -2, 0, 2, 4])
    }

    func testOvershootLabelKeepsClearOfTheCurveAndThePanelLines() {
        let top = PlotSVG.top, bottom = PlotSVG.top + PlotSVG.panelHeight
        for (near, curve) in [(50.0, [50.0, 51, 49]), (top, [top + 5, top + 20]), (bottom, [bottom - 4, 100]), (80, [70, 75, 80, 85, 90])] {
            let b = PlotSVG.labelBaseline(near: near, top: top, curve: curve)
            XCTAssertGreaterThanOrEqual(b - 9, top + 3, "below the panel's top line")
            XCTAssertLessThanOrEqual(b + 2, bottom - 3, "above its bottom line")
            for v in curve { XCTAssertTrue(b - 9 - v >= 3 || v - (b + 2) >= 3, "label at \(b) on the curve at \(v)") }
        }
    }

    func testRegionsBecomeTrees() {
        let r = Region(size: Vec2(10, 20)).byDifference(from: Region(radius: 3))
        XCTAssertEqual(SceneJSON.region(r.outline),
                       #"{"op":"difference","a":{"op":"rectangle","size":[10,20]},"b":{"op":"circle","radius":3}}"#)
    }

    /// The frames the page draws carry every item property's columns (ItemFields.swift).
    func testFrameMessagesCarryEveryItemColumn() {
        XCTAssertEqual(SceneJSON.frameColumns, FrameColumn.base + FrameColumn.extras)
        XCTAssertEqual(SceneJSON.frameColumns.map(\.name), Array(FrameColumn.builtInNames.dropFirst(2)))
    }
}
