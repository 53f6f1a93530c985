@testable import AnimHost
import XCTest

/// `run --format ascii` draws any finite state: an item far off the grid (gravity of
/// magnitude 1e9 for 2000 s on a 1000x500 grid of 1 pt bounds puts it 2·10¹⁹ cells away)
/// ended the run with SIGILL and no message, where csv printed the position.
final class AsciiCanvasTests: XCTestCase {
    private let columns = ["x", "y", "angle", "width", "height"].map { FrameColumn(name: $0) }

    private func draw(_ rows: [FrameRow]) -> [String] {
        let canvas = AsciiCanvas(bounds: (x: 0, y: 0, width: 200, height: 200), columns: 20, rows: 10)
        return canvas.draw(frame: Frame(time: 1, rows: rows), columns: columns)
    }

    func testItemsFarOffTheGridAreNotDrawn() {
        let lines = draw([
            FrameRow(item: "far", values: [1e300, -1e300, 0, 10, 10]),
            FrameRow(item: "huge", values: [9.3e18, 100, 0, 1e300, 1e-300]),
            FrameRow(item: "edge", values: [-Double.greatestFiniteMagnitude, .greatestFiniteMagnitude, 1e300, 10, 10]),
            FrameRow(item: "nan", values: [.nan, .infinity, .nan, .nan, 10]),
            FrameRow(item: "near", values: [100, 100, 0, 20, 20]),
        ])
        let grid = lines[1...10].joined()
        XCTAssertEqual(Set(grid), [".", "N"], lines.joined(separator: "\n"))   // only "near" is on the grid
        XCTAssertEqual(Array(lines[11...]), ["f far  h huge", "e edge  n nan", "N near", ""])
    }

    /// The cell of a coordinate: -1 before the grid, `count` past it, never a trap.
    func testCellIndexIsClamped() {
        XCTAssertEqual(AsciiCanvas.cell(3.7, count: 10), 3)
        XCTAssertEqual(AsciiCanvas.cell(-0.5, count: 10), -1)
        XCTAssertEqual(AsciiCanvas.cell(1e300, count: 10), 10)
        XCTAssertEqual(AsciiCanvas.cell(.nan, count: 10), -1)
        XCTAssertEqual(AsciiCanvas.cell(-.infinity, count: 10), -1)
    }
}
