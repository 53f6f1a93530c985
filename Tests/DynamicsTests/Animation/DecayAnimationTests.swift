import XCTest
import Dynamics
@testable import Animations

/// POP-style decay (reference §3.5 and the §7 decay table, 4 decimals printed).
final class DecayAnimationTests: XCTestCase {
    func testReferenceVectorsAtNormalDeceleration() throws {
        let decay = try DecayAnimation(from: .zero, velocity: Vec2(1000, 0), deceleration: 0.998, dimensions: 1)
        let s = decay.sample(at: 0.5)
        XCTAssertEqual(s.value.x, 315.6119, accuracy: 6e-5)
        XCTAssertEqual(s.velocity.x, 367.5113, accuracy: 6e-5)
        XCTAssertEqual(decay.asymptote.x, 499.0, accuracy: 1e-9)
        XCTAssertEqual(decay.duration, 2.6465, accuracy: 6e-5)
        XCTAssertEqual(decay.projectedEnd.x, 496.5050, accuracy: 6e-5)
        XCTAssertEqual(DecayAnimation.projection(velocity: Vec2(1000, 0)).x, 499, accuracy: 1e-9)
    }

    func testReferenceVectorsAtFastDeceleration() throws {
        let decay = try DecayAnimation(from: .zero, velocity: Vec2(1000, 0), deceleration: 0.99, dimensions: 1)
        XCTAssertEqual(decay.sample(at: 0.5).value.x, 98.3495, accuracy: 6e-5)
        XCTAssertEqual(decay.sample(at: 0.5).velocity.x, 6.5705, accuracy: 6e-5)
        XCTAssertEqual(decay.asymptote.x, 99.0, accuracy: 1e-9)
        XCTAssertEqual(decay.duration, 0.5272, accuracy: 6e-5)
        XCTAssertEqual(decay.projectedEnd.x, 98.5050, accuracy: 6e-5)
    }

    func testComposesExactlyAcrossFrames() throws {
        // POP's per-frame update x += (v/1000)·d·(1 − d^(1000dt))/(1 − d), v *= d^(1000dt), run for
        // 30 frames of 1/60 s, equals the closed form at 0.5 s (the reference's 315.611884).
        let d = 0.998
        var x = 0.0, v = 1000.0
        for _ in 0..<30 {
            let kv = pow(d, 1000.0 / 60)
            x += (v / 1000) * d * (1 - kv) / (1 - d)
            v *= kv
        }
        let decay = try DecayAnimation(from: .zero, velocity: Vec2(1000, 0), dimensions: 1)
        XCTAssertEqual(decay.sample(at: 0.5).value.x, x, accuracy: 1e-9)
        XCTAssertEqual(x, 315.611884, accuracy: 6e-7)
    }

    func testTwoAxesStopTogetherAtTheSlowerOnesDuration() throws {
        let decay = try DecayAnimation(from: Vec2(10, 20), velocity: Vec2(1000, -200), startTime: 1)
        XCTAssertEqual(decay.duration, log(5.0 / 1000) / (1000 * log(0.998)), accuracy: 1e-12)
        XCTAssertFalse(decay.isFinished(at: 1 + decay.duration - 1e-9))
        XCTAssertTrue(decay.isFinished(at: decay.endTime))
        XCTAssertEqual(decay.sample(at: 10), AnimationSample(value: decay.projectedEnd, velocity: .zero))
        // At the stop, the faster axis has slowed to 5·threshold = 5 pt/s.
        XCTAssertEqual(abs(decay.sample(at: decay.endTime - 1e-12).velocity.x), 5, accuracy: 1e-6)
        XCTAssertEqual(decay.sample(at: 0.5), AnimationSample(value: Vec2(10, 20), velocity: Vec2(1000, -200)))
    }

    func testSlowFlickDoesNotMove() throws {
        let decay = try DecayAnimation(from: Vec2(3, 4), velocity: Vec2(2, -1))
        XCTAssertEqual(decay.duration, 0)
        XCTAssertEqual(decay.sample(at: 0.1).value, Vec2(3, 4))
    }

    func testBadDecelerationIsRejected() {
        for d in [0.0, 1.0, -0.5, 1.5, .nan] {
            XCTAssertTrue(errorMessage { try DecayAnimation(from: .zero, velocity: Vec2(1, 0), deceleration: d) }
                .hasPrefix("deceleration must be between 0 and 1, exclusive"), "\(d)")
        }
        XCTAssertEqual(errorMessage { try DecayAnimation(from: .zero, velocity: Vec2(1, 0), threshold: 0) },
                       "threshold must be > 0, got 0")
    }
}
