import XCTest
import Dynamics
@testable import Animations

final class BounceAnimationTests: XCTestCase {
    /// Sign changes of x − T over a grid of `steps` intervals on [start, end] (zeros skipped).
    func crossings(_ b: BounceAnimation, steps: Int = 20_000) -> Int {
        var count = 0, previous = 0.0
        for i in 0...steps {
            let d = b.sample(at: b.startTime + b.duration * Double(i) / Double(steps)).value.x - b.to.x
            if d != 0 {
                if previous != 0, (d > 0) != (previous > 0) { count += 1 }
                previous = d
            }
        }
        return count
    }

    func testCrossesTheTargetExactlyNTimesAndEndsOnIt() throws {
        for n in 0...7 {
            let b = try BounceAnimation(from: Vec2(0, 0), to: Vec2(100, 0), duration: 1.3, bounces: n, dimensions: 1, startTime: 0.5)
            XCTAssertEqual(crossings(b), n, "bounces \(n)")
            XCTAssertEqual(b.sample(at: b.endTime), AnimationSample(value: Vec2(100, 0), velocity: .zero))
            XCTAssertEqual(b.sample(at: 0.5).value, Vec2(0, 0))
            // Just before the end the envelope is ≈ residual × distance (0.1 pt).
            XCTAssertLessThan(abs(b.sample(at: b.endTime - 1e-6).value.x - 100), 0.1 + 1e-6)
        }
    }

    func testNoOvershootTouchesFromOneSide() throws {
        for n in 1...5 {
            let b = try BounceAnimation(from: Vec2(0, 0), to: Vec2(100, 0), duration: 1, bounces: n, overshoot: false, dimensions: 1)
            XCTAssertEqual(crossings(b), 0)
            // Touches: local maxima of x (it approaches 100 from below) that reach the target.
            var touches = 0
            let steps = 20_000
            var xs: [Double] = []
            for i in 0...steps { xs.append(b.sample(at: Double(i) / Double(steps)).value.x) }
            for i in 1..<steps where xs[i] >= xs[i - 1] && xs[i] > xs[i + 1] && xs[i] > 100 - 0.5 { touches += 1 }
            XCTAssertEqual(touches, n, "bounces \(n)")
            XCTAssertTrue(xs.allSatisfy { $0 <= 100 + 1e-9 })
            XCTAssertEqual(b.sample(at: 1).value.x, 100)
        }
    }

    func testVelocityIsTheDerivative() throws {
        let b = try BounceAnimation(from: Vec2(10, 20), to: Vec2(50, -20), duration: 0.8, bounces: 3)
        for t in stride(from: 0.01, to: 0.79, by: 0.03) {
            let h = 1e-6
            let numeric = (b.sample(at: t + h).value - b.sample(at: t - h).value) / (2 * h)
            XCTAssertEqual(b.sample(at: t).velocity.x, numeric.x, accuracy: 1e-3)
            XCTAssertEqual(b.sample(at: t).velocity.y, numeric.y, accuracy: 1e-3)
        }
    }

    func testKeyframesFollowTheFormula() throws {
        let b = try BounceAnimation(from: Vec2(0, 0), to: Vec2(100, 0), duration: 1, bounces: 2, dimensions: 1)
        let k = try b.keyframes(framesPerSecond: 60)
        XCTAssertEqual(k.values.count, 61)
        XCTAssertEqual(k.sample(at: 0.5).value.x, b.sample(at: 0.5).value.x, accuracy: 1e-9)
        XCTAssertEqual(k.sample(at: 1).value.x, 100)
    }

    func testValidation() {
        XCTAssertEqual(errorMessage { try BounceAnimation(from: .zero, to: .zero, duration: 1, bounces: -1) },
                       "bounces must be a whole number ≥ 0, got -1")
        XCTAssertEqual(errorMessage { try BounceAnimation(from: .zero, to: .zero, duration: 0) },
                       "duration must be > 0, got 0")
        XCTAssertEqual(errorMessage { try BounceAnimation(from: .zero, to: .zero, duration: 1, residual: 1) },
                       "residual must be between 0 and 1, exclusive, got 1")
    }
}
