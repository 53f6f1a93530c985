import XCTest
import Dynamics
@testable import Physics

/// Recognizer failure as UIKit models it (issue 12 item 5): every recognizer on the touched
/// item and on the screen follows the touch; the first to recognize fails the others; one
/// that fails by itself leaves the touch to the rest; `require(_:toFail:)` waits.
final class GestureArenaTests: XCTestCase {
    private let card = ItemID(index: 0)
    private let other = ItemID(index: 1)

    /// A touch at `from` that moves to `to` in `moves` steps of 1/120 s, then lifts after `hold` s more.
    private func touch(_ id: Int = 1, at t0: Double = 0, from: Vec2, to: Vec2? = nil, moves: Int = 0, hold: Double = 1.0 / 120) -> [TouchEvent] {
        var events = [TouchEvent(time: t0, touch: id, phase: .began, location: from)]
        let end = to ?? from
        for k in 0..<moves {
            let f = Double(k + 1) / Double(moves)
            events.append(TouchEvent(time: t0 + Double(k + 1) / 120, touch: id, phase: .moved, location: from + (end - from) * f))
        }
        events.append(TouchEvent(time: t0 + Double(moves) / 120 + hold, touch: id, phase: .ended, location: end))
        return events
    }

    /// Feeds the samples (with ticks at every sample's time); returns "index:state" per delivery.
    private func feed(_ arena: inout GestureArena, _ events: [TouchEvent], hit: ItemID?) -> [String] {
        var log: [String] = []
        for e in events {
            for d in arena.tick(time: e.time) { log.append("\(d.recognizer):\(d.update.state.rawValue)") }
            for d in arena.handle(e, hit: hit) { log.append("\(d.recognizer):\(d.update.state.rawValue)") }
        }
        return log
    }

    func testScreenTapFiresWhenTheItemsPanNeverMoves() {
        var arena = GestureArena()
        arena.add(.pan, item: card)          // 0
        arena.add(.tap(), item: nil)         // 1
        XCTAssertEqual(feed(&arena, touch(from: Vec2(100, 100)), hit: card), ["1:ended"])
        // A drag goes to the pan; the screen tap fails.
        XCTAssertEqual(feed(&arena, touch(2, at: 1, from: Vec2(100, 100), to: Vec2(130, 100), moves: 3), hit: card),
                       ["0:began", "0:changed", "0:changed", "0:ended"])
    }

    /// A pinch and a pan on one item, as a resizable PiP has them: the pan follows a finger
    /// (the arena's latest down on the item), the pinch both, neither fails the other, and
    /// the lift ends both; the pinch reports once per step (on
    /// the tick after the step's samples), with scale = distance / distance at touch-down
    /// and velocity = its rate over the step.
    func testPinchRecognizesWithThePanAndReportsOncePerStep() {
        var arena = GestureArena()
        arena.add(.pan, item: card)      // 0
        arena.add(.pinch, item: card)    // 1
        var log: [String] = []
        var scales: [Double] = [], rates: [Double] = []
        func run(_ step: [TouchEvent], tickAt t: Double) {
            for e in step {
                for d in arena.handle(e, hit: card) { log.append("\(d.recognizer):\(d.update.state.rawValue)") }
            }
            for d in arena.tick(time: t) {
                log.append("\(d.recognizer):\(d.update.state.rawValue)")
                scales.append(d.update.scale); rates.append(d.update.scaleVelocity)
            }
        }
        run([TouchEvent(time: 0, touch: 1, phase: .began, location: Vec2(100, 100)),
             TouchEvent(time: 0, touch: 2, phase: .began, location: Vec2(200, 100))], tickAt: 0)
        for k in 1...3 {   // each finger 5 pt outwards per 1/120 s step: 1200 pt/s apart, 12 /s of scale
            let t = Double(k) / 120
            run([TouchEvent(time: t, touch: 1, phase: .moved, location: Vec2(100 - 5 * Double(k), 100)),
                 TouchEvent(time: t, touch: 2, phase: .moved, location: Vec2(200 + 5 * Double(k), 100))], tickAt: t)
        }
        run([TouchEvent(time: 3.0 / 120, touch: 2, phase: .ended, location: Vec2(215, 100))], tickAt: 3.0 / 120)
        XCTAssertEqual(log, ["0:began", "1:began", "0:changed", "1:changed", "0:changed", "1:changed",
                             "0:ended", "1:ended"])
        for (k, s) in scales.enumerated() { XCTAssertEqual(s, 1 + 0.1 * Double(min(k + 1, 3)), accuracy: 1e-12) }
        for r in rates { XCTAssertEqual(r, 12, accuracy: 1e-9) }
    }

    func testTapAndPanOnTheSameItem() {
        var arena = GestureArena()
        arena.add(.tap(), item: card)        // 0
        arena.add(.pan, item: card)          // 1
        XCTAssertEqual(feed(&arena, touch(from: Vec2(10, 10)), hit: card), ["0:ended"])
        XCTAssertEqual(feed(&arena, touch(2, at: 1, from: Vec2(10, 10), to: Vec2(40, 10), moves: 2), hit: card),
                       ["1:began", "1:changed", "1:ended"])
    }

    func testTheItemsTapWinsOverTheScreensAndAMissGoesToTheScreen() {
        var arena = GestureArena()
        arena.add(.tap(), item: nil)         // 0, created first, still second in line
        arena.add(.tap(), item: card)        // 1
        XCTAssertEqual(feed(&arena, touch(from: Vec2(10, 10)), hit: card), ["1:ended"])
        XCTAssertEqual(feed(&arena, touch(2, at: 1, from: Vec2(500, 500)), hit: nil), ["0:ended"])
        // Another item's recognizers never see a touch on `card`.
        arena.add(.tap(), item: other)       // 2
        XCTAssertEqual(feed(&arena, touch(3, at: 2, from: Vec2(10, 10)), hit: card), ["1:ended"])
    }

    func testALongPressThatBeginsFailsTheScreenTap() {
        var arena = GestureArena()
        arena.add(.longPress(), item: card)  // 0
        arena.add(.tap(), item: nil)         // 1
        XCTAssertEqual(feed(&arena, touch(from: Vec2(10, 10), hold: 0.2), hit: card), ["1:ended"])
        var held = touch(2, at: 1, from: Vec2(10, 10), hold: 0.7)
        held.insert(TouchEvent(time: 1.6, touch: 2, phase: .moved, location: Vec2(12, 10)), at: 1)
        XCTAssertEqual(feed(&arena, held, hit: card), ["0:began", "0:changed", "0:ended"])
    }

    func testRequireToFailHoldsTheTapUntilTheLongPressFails() {
        var arena = GestureArena()
        arena.add(.tap(), item: nil)         // 0
        arena.add(.longPress(), item: card)  // 1
        arena.require(0, toFail: 1)
        // A short tap: the long press fails on the lift, then the waiting tap goes out.
        XCTAssertEqual(feed(&arena, touch(from: Vec2(10, 10), hold: 0.2), hit: card), ["0:ended"])
        // Held long: the long press recognizes and the tap, waiting, fails.
        XCTAssertEqual(feed(&arena, touch(2, at: 1, from: Vec2(10, 10), hold: 0.7), hit: card), ["1:began", "1:ended"])
        // Off the item the long press is not in play, so nothing holds the tap.
        XCTAssertEqual(feed(&arena, touch(3, at: 2, from: Vec2(500, 10), hold: 0.2), hit: nil), ["0:ended"])
    }

    func testAWaitingTapIsReleasedWhenTheOtherFailsMidTouch() {
        var arena = GestureArena()
        arena.add(.tap(allowableMovement: 50), item: card)   // 0: tolerant of movement
        arena.add(.longPress(), item: card)                 // 1
        arena.require(0, toFail: 1)
        // The long press fails on a 20 pt move (> its 10 pt), the tap then recognizes on the lift.
        XCTAssertEqual(feed(&arena, touch(from: Vec2(10, 10), to: Vec2(30, 10), moves: 2, hold: 0.1), hit: card), ["0:ended"])
    }

    func testHitItemsAreTheItemsWithRecognizers() {
        var arena = GestureArena()
        arena.add(.tap(), item: other)
        arena.add(.pan, item: card)
        arena.add(.tap(), item: nil)
        arena.add(.tap(), item: other)
        XCTAssertEqual(arena.attachedItems, [other, card])
    }
}
