@testable import AnimHost
import Dynamics
import XCTest

/// A moving picture's speed label keeps clear of the time stamp and the item's name, even
/// when the arrow's tip lies at or past the picture's bottom right corner (where every
/// place beside it clamps onto the time).
final class SpeedLabelTests: XCTestCase {
    private struct Box {
        var lo: Vec2, hi: Vec2
        func overlaps(_ o: Box) -> Bool { lo.x < o.hi.x && o.lo.x < hi.x && lo.y < o.hi.y && o.lo.y < hi.y }
    }

    /// Each text mark's box: `at` is its baseline's start (left), middle (center) or end (right).
    private func boxes(_ marks: [MotionMark]) -> [(String, Box)] {
        marks.compactMap { m in
            guard case let .text(text, at, size, _, align, _) = m else { return nil }
            let w = Double(text.count) * size * 0.6
            let x0 = align == .left ? at.x : align == .right ? at.x - w : at.x - w / 2
            return (text, Box(lo: Vec2(x0, at.y - size * 0.8), hi: Vec2(x0 + w, at.y + size * 0.2)))
        }
    }

    func testASpeedLabelKeepsClearOfTheTimeAndTheName() {
        let item = MotionScene.Item(name: "pane", shape: .rectangle, size: Vec2(200, 300), colorIndex: 0)
        var settings = MotionSettings()
        settings.size = (200, 300)
        settings.velocity = true
        // The pane near the bottom right, flicked down and right at 2372 pt/s.
        for (x, y, vx, vy) in [(150.0, 280.0, 400.0, 2372.0), (100, 290, 0, 2372), (190, 295, 1467, 0)] {
            var scene = MotionScene(
                items: [item], columns: ["x", "y", "angle", "vx", "vy", "omega"],
                frames: [Frame(time: 1.4667, rows: [FrameRow(item: "pane", values: [x, y, 0, vx, vy, 0])])])
            scene.bounds = (0, 0, 200, 300)
            let painter = MotionPainter(scene: scene, settings: settings, evenSize: false)
            let texts = boxes(painter.marks(frame: 0))
            let speed = texts.filter { $0.0.hasSuffix("pt/s") }
            XCTAssertEqual(speed.count, 1, "\(texts.map(\.0))")
            for (label, box) in speed {
                for (other, o) in texts where other != label {
                    XCTAssertFalse(box.overlaps(o), "'\(label)' at \(box) overlaps '\(other)' at \(o)")
                }
                XCTAssertTrue(box.lo.x >= 0 && box.hi.x <= 200 && box.lo.y >= 0 && box.hi.y <= 300, "\(box)")
            }
        }
    }
}
