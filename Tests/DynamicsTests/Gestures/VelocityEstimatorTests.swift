import Foundation
import TestSupport
import XCTest
import Dynamics
@testable import Physics

/// Each estimator against its platform: the streams and release velocities the platforms'
/// own tests publish (Tests/AnimHostTests/Fixtures/velocity, each row naming its upstream
/// test), constant velocity read exactly, and each platform's rule for a finger that stopped.
final class VelocityEstimatorTests: XCTestCase {
    static let fixtures = packageRoot + "/Tests/AnimHostTests/Fixtures/velocity/"

    /// A touches file's samples by touch, in file order.
    static func touches(_ file: String) throws -> [Int: [TouchEvent]] {
        let text = try String(contentsOfFile: fixtures + file, encoding: .utf8)
        var out: [Int: [TouchEvent]] = [:]
        for line in text.split(separator: "\n").dropFirst() {
            let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let e = TouchEvent(time: Double(f[0])!, touch: Int(f[1])!, phase: TouchPhase(rawValue: f[2])!,
                               location: Vec2(Double(f[3])!, Double(f[4])!))
            out[e.touch, default: []].append(e)
        }
        return out
    }

    /// The release velocity of one touch's samples under an estimator.
    static func release(_ events: [TouchEvent], _ estimator: VelocityEstimator) -> Vec2 {
        var t = VelocityTracker(estimator: estimator)
        for e in events {
            switch e.phase {
            case .began: t.begin(time: e.time, location: e.location)
            case .moved: t.move(time: e.time, location: e.location)
            case .ended, .cancelled: t.end(time: e.time, location: e.location)
            }
        }
        return t.velocity
    }

    struct Expected {
        var file: String, touch: Int, estimator: VelocityEstimator, vx: Double?, vy: Double?, upstream: String
    }

    static func expected() throws -> [Expected] {
        let text = try String(contentsOfFile: fixtures + "expected.csv", encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.dropFirst().map { line in
            let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            return Expected(file: f[0], touch: Int(f[1])!, estimator: VelocityEstimator(rawValue: f[2])!,
                            vx: Double(f[3]), vy: Double(f[4]), upstream: f[5])
        }
    }

    /// Within 0.1 % (Flutter's own tolerance); a published zero (no velocity) exactly.
    func check(_ actual: Double, _ expected: Double?, _ what: String) {
        guard let expected else { return }
        if expected == 0 { XCTAssertEqual(actual, 0, what); return }
        XCTAssertEqual(actual, expected, accuracy: abs(expected) * 0.001, what)
    }

    func testEveryPublishedVectorWithinATenthOfAPercent() throws {
        let rows = try Self.expected()
        XCTAssertEqual(rows.filter { $0.estimator == .flutter }.count, 13)
        XCTAssertEqual(rows.filter { $0.estimator == .android }.count, 22)
        var files: [String: [Int: [TouchEvent]]] = [:]
        for r in rows {
            if files[r.file] == nil { files[r.file] = try Self.touches(r.file) }
            let v = Self.release(files[r.file]![r.touch]!, r.estimator)
            check(v.x, r.vx, "\(r.upstream) x")
            check(v.y, r.vy, "\(r.upstream) y")
        }
    }

    /// Compose's tracker walks back as Flutter's does, and its test (androidx compose ui
    /// VelocityTrackerTest, "calculateVelocity returns expected values") publishes Flutter's 13
    /// values for the same recording, feeding the down with `addPosition` as a move. Fed so,
    /// this estimator gives them; fed as `addPointerInputChange` feeds it (the down left out)
    /// it differs only on the flicks whose down lies within 100 ms of the last move.
    func testComposeGivesItsPublishedVectorsWhenTheDownIsFedAsAMove() throws {
        let touches = try Self.touches("flutter_flicks.csv")
        var differ = 0
        for r in try Self.expected() where r.estimator == .flutter {
            let events = touches[r.touch]!
            var h = TouchHistory()
            for e in events where e.phase != .ended { h.append(TouchSample(time: e.time, location: e.location)) }
            let lift = TouchSample(time: events.last!.time, location: events.last!.location)
            let v = VelocityEstimator.compose.velocity(h, lift: lift)
            check(v.x, r.vx, "compose, \(r.upstream) x")
            check(v.y, r.vy, "compose, \(r.upstream) y")
            let downInRun = events.last(where: { $0.phase == .moved })!.time - events[0].time <= 0.1 + 1e-9
            let asOnDevice = Self.release(events, .compose)
            if downInRun { differ += 1 } else { XCTAssertEqual(asOnDevice, v, "\(r.upstream)") }
        }
        XCTAssertGreaterThan(differ, 0)
        XCTAssertLessThan(differ, 13)
    }

    /// A finger at a constant velocity is read at that velocity by every estimator, from
    /// samples at irregular times (8 to 17 ms apart) and with the lift 5 ms after the last
    /// move — except `average`, which reads the lift as a sample of no motion, so its stream
    /// is lifted where the constant motion puts the finger.
    func testConstantVelocityIsReadExactlyByEveryEstimator() {
        let v = Vec2(-730.25, 1912.5)
        let origin = Vec2(140, 520)
        var events = [TouchEvent(time: 0.3, touch: 1, phase: .began, location: origin)]
        var t = 0.3
        for k in 0..<30 {
            t += 0.008 + Double(k % 4) * 0.003
            events.append(TouchEvent(time: t, touch: 1, phase: .moved, location: origin + v * (t - 0.3)))
        }
        for estimator in VelocityEstimator.allCases {
            var stream = events
            let lift = t + 0.005
            let at = estimator == .average ? origin + v * (lift - 0.3) : events.last!.location
            stream.append(TouchEvent(time: lift, touch: 1, phase: .ended, location: at))
            let r = Self.release(stream, estimator)
            XCTAssertEqual(r.x, v.x, accuracy: abs(v.x) * 1e-9, "\(estimator)")
            XCTAssertEqual(r.y, v.y, accuracy: abs(v.y) * 1e-9, "\(estimator)")
        }
    }

    /// Flutter's own constant stream for its iOS tracker (velocity_tracker_test.dart, "Makes
    /// consistent velocity estimates with consistent velocity"): one pixel a second, from the
    /// fourth sample on.
    func testUIKitModelReadsFluttersConsistentStream() {
        var t = VelocityTracker(estimator: .uikit)
        for i in 0..<10 {
            let time = Double(i + 1), p = Vec2(0, -Double(i + 1))
            if i == 0 { t.begin(time: time, location: p) } else { t.move(time: time, location: p) }
            if i >= 3 { XCTAssertEqual(t.velocity.y, -1, accuracy: 1e-12) }
        }
    }

    /// The iOS model blends the segments a short flick has (Flutter would count the missing
    /// ones as zero and release a two-sample flick at 5 % of its speed).
    func testUIKitModelBlendsTheSegmentsAShortFlickHas() {
        var t = VelocityTracker(estimator: .uikit)
        t.begin(time: 0, location: Vec2(250, 284))
        t.move(time: 0.01, location: Vec2(190, 284))
        XCTAssertEqual(t.velocity.x, -6000, accuracy: 1e-9)
        t.move(time: 0.02, location: Vec2(150, 284))
        XCTAssertEqual(t.velocity.x, (-6000 * 0.35 + -4000 * 0.05) / 0.4, accuracy: 1e-9)
        t.move(time: 0.03, location: Vec2(120, 284))
        XCTAssertEqual(t.velocity.x, -6000 * 0.6 + -4000 * 0.35 + -3000 * 0.05, accuracy: 1e-9)
    }

    /// A flick, then the finger held still for longer than 40 ms before the lift.
    func testAStopLongerThanThePlatformsRuleGivesItsAnswer() {
        var events = [TouchEvent(time: 0, touch: 1, phase: .began, location: Vec2(0, 0))]
        for k in 1...12 {
            events.append(TouchEvent(time: Double(k) * 0.008, touch: 1, phase: .moved, location: Vec2(0, Double(k) * 8)))
        }
        let last = events.last!
        events.append(TouchEvent(time: last.time + 0.2, touch: 1, phase: .ended, location: last.location))
        for e in VelocityEstimator.allCases {
            let v = Self.release(events, e)
            switch e {
            case .uikit, .android, .compose, .flutter:
                // 40 ms without a sample: the finger stopped (AOSP ASSUME_POINTER_STOPPED_TIME,
                // Flutter's and Compose's assumePointerMoveStoppedMilliseconds).
                XCTAssertEqual(v, .zero, "\(e)")
            case .web:
                // Motion has no such rule: the last 100 ms of motion, 1000 pt/s.
                XCTAssertEqual(v.y, 1000, accuracy: 1e-9, "\(e)")
            case .average:
                // The lift, 200 ms after the last move and at its place, is the newest
                // sample; the window's start is that last move: no displacement, zero.
                XCTAssertEqual(v.y, 0, accuracy: 1e-9, "\(e)")
            }
        }
        // Just inside the rule (a lift 40 ms after the last move) the platforms still read the flick.
        events[events.count - 1].time = last.time + 0.040
        for e in [VelocityEstimator.uikit, .android, .compose, .flutter] {
            XCTAssertEqual(Self.release(events, e).y, 1000, accuracy: 1e-6, "\(e)")
        }
    }

    /// AOSP's ShortDelayBeforeActionUp: a lift 10 ms after the last move adds no sample
    /// (1000), where `average` counts it as a sample of no motion.
    func testTheLiftIsNoSampleExceptForTheAverage() {
        let events = [
            TouchEvent(time: 0, touch: 1, phase: .began, location: Vec2(10, 0)),
            TouchEvent(time: 0.010, touch: 1, phase: .moved, location: Vec2(20, 0)),
            TouchEvent(time: 0.020, touch: 1, phase: .moved, location: Vec2(30, 0)),
            TouchEvent(time: 0.030, touch: 1, phase: .ended, location: Vec2(30, 0)),
        ]
        XCTAssertEqual(Self.release(events, .android).x, 1000, accuracy: 1e-9)
        XCTAssertEqual(Self.release(events, .flutter).x, 1000, accuracy: 1e-9)
        XCTAssertEqual(Self.release(events, .average).x, 20 / 0.03, accuracy: 1e-9)
    }

    /// Android: a move after a gap of more than 40 ms clears what came before; Flutter and
    /// Compose stop their walk at the gap; with fewer than 3 samples after it, zero.
    func testAGapRestartsTheLeastSquaresTrackers() {
        var t = VelocityTracker(estimator: .android)
        t.begin(time: 0, location: Vec2(0, 0))
        t.move(time: 0.01, location: Vec2(0, 50))
        t.move(time: 0.1, location: Vec2(0, 60))      // 90 ms later: the finger had stopped
        t.move(time: 0.11, location: Vec2(0, 70))
        XCTAssertEqual(t.velocity.y, 1000, accuracy: 1e-9, "the line through the two samples after the gap")
        t.estimator = .flutter
        XCTAssertEqual(t.velocity, .zero, "Flutter needs 3 samples after the gap")
    }

    /// Motion ignores a down more than 200 ms old when it would be the point it measures
    /// from (a hold, then a flick).
    func testWebSkipsAStaleDown() {
        var t = VelocityTracker(estimator: .web)
        t.begin(time: 0, location: Vec2(0, 0))
        t.move(time: 0.5, location: Vec2(0, 10))
        t.move(time: 0.55, location: Vec2(0, 60))
        XCTAssertEqual(t.velocity.y, 50 / 0.05, accuracy: 1e-9)
    }

    /// The old estimator's edge case survives as `average`: a sample exactly one window
    /// before the last starts the window whatever the round-off of step times.
    func testTheAverageTakesASampleExactlyOneWindowBackWhateverTheRoundOff() {
        for n in 13...400 {
            let t = { (k: Int) in Double(k) / 120 }
            var e = VelocityTracker(estimator: .average)
            e.begin(time: t(n - 16), location: Vec2(0, 600))
            e.move(time: t(n - 12), location: Vec2(0, 300))
            e.move(time: t(n - 6), location: Vec2(0, 276))
            e.move(time: t(n), location: Vec2(0, 252))
            XCTAssertEqual(e.velocity.y, (252 - 300) / (t(n) - t(n - 12)), accuracy: 1e-9, "n = \(n)")
        }
    }

    /// A long drag fills the ring many times over without it growing.
    func testTheRingKeepsItsSize() {
        var h = TouchHistory()
        for k in 0..<10_000 {
            h.append(TouchSample(time: Double(k) / 1000, location: Vec2(Double(k), 0), isDown: k == 0))
        }
        XCTAssertEqual(h.count, TouchHistory.capacity)
        XCTAssertEqual(h.added, 10_000)
        XCTAssertEqual(h[back: 0].location.x, 9999)
        XCTAssertEqual(h.down?.location.x, 0)
        XCTAssertEqual(h.afterDown?.location.x, 1)
    }
}
