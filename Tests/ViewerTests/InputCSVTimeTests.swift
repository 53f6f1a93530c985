import AnimHost
import Dynamics
@testable import Viewer
import XCTest

/// `/input.csv` writes a touch on a step boundary with 6 decimals, as frames print times: a
/// time within 1e-6 s of a boundary is delivered there, at the boundary's own time, so the
/// short form replays to the same frames. Off a boundary (an `--input` file's own times)
/// every digit is kept.
final class InputCSVTimeTests: XCTestCase {
    func testStepTimesAreWrittenWithSixDecimals() {
        XCTAssertEqual(InputCSV.time(1.0 / 60, hz: 120), "0.016667")
        XCTAssertEqual(InputCSV.time(11.0 / 60, hz: 60), "0.183333")
        XCTAssertEqual(InputCSV.time(Double(317) / 120, hz: 120), "2.641667")
        XCTAssertEqual(InputCSV.time(0.25, hz: 120), "0.25")
        // Not on a boundary of 120 Hz: read back exactly.
        XCTAssertEqual(Double(InputCSV.time(0.0123456789, hz: 120)), 0.0123456789)
        let text = InputCSV.text([TouchEvent(time: 1.0 / 60, touch: 1, phase: .began, location: Vec2(1, 2))], hz: 60)
        XCTAssertEqual(text, "t,touch,phase,x,y\n0.016667,1,began,1,2\n")
    }
}
