import XCTest
import Dynamics
@testable import Animations
import TestSupport

/// 2-D springs: per-axis seeding, retargeting, rest detection.
final class SpringAnimationTests: XCTestCase {
    let s3 = { try! SpringParameters(response: 0.5, dampingRatio: 0.825) }()

    func testTwoDimensionalVector() throws {
        // S3 from (0,0) to (100,50) with v₀ = (−500, +800) pt/s (reference §7, 5 decimals).
        // Thresholds far below the motion at t ≤ 1 s, so no sample is snapped to the target.
        let spring = try SpringAnimation(parameters: s3, from: .zero, to: Vec2(100, 50), velocity: Vec2(-500, 800),
                                         threshold: try SpringRestThreshold(displacement: 1e-9, speed: 1e-9))
        let xs = [23.08331, 85.65554, 100.99730, 99.99288]
        let ys = [45.72432, 53.66860, 50.16874, 49.99984]
        let reference = (x: rk4Spring(s3, from: 0, to: 100, velocity: -500, times: tableTimes),
                         y: rk4Spring(s3, from: 0, to: 50, velocity: 800, times: tableTimes))
        for (i, t) in tableTimes.enumerated() {
            XCTAssertFalse(spring.isAtRest(at: t))
            let s = spring.sample(at: t)
            XCTAssertEqual(s.value.x, xs[i], accuracy: 6e-6, "x(\(t))")
            XCTAssertEqual(s.value.y, ys[i], accuracy: 6e-6, "y(\(t))")
            // 1e-9 relative with a floor of 100 (the distance scale, pt).
            XCTAssertTrue(isNearRelative(s.value.x, reference.x[i].x, 1e-9, floor: 100))
            XCTAssertTrue(isNearRelative(s.value.y, reference.y[i].x, 1e-9, floor: 100))
            XCTAssertTrue(isNearRelative(s.velocity.x, reference.x[i].v, 1e-9, floor: 100))
            XCTAssertTrue(isNearRelative(s.velocity.y, reference.y[i].v, 1e-9, floor: 100))
        }
    }

    func testTwoDimensionalSettlingPerAxis() throws {
        // Settling to 0.5 pt: x-axis 0.5947 s, y-axis 0.4436 s; done = both (4 decimals printed).
        let displacementOnly = try SpringRestThreshold(displacement: 0.5, speed: .infinity)
        let both = try SpringAnimation(parameters: s3, from: .zero, to: Vec2(100, 50), velocity: Vec2(-500, 800),
                                       threshold: displacementOnly)
        XCTAssertEqual(both.restTime, 0.5947, accuracy: 6e-5)
        let yOnly = try SpringAnimation(parameters: s3, from: Vec2(0, 0), to: Vec2(0, 50), velocity: Vec2(0, 800),
                                        threshold: displacementOnly)
        XCTAssertEqual(yOnly.restTime, 0.4436, accuracy: 6e-5)
    }

    func testSettlingTimesOfTheTenConfigurations() throws {
        // 0 → 100, last time |x − 100| > 0.5 pt (reference §7 settling table, 4 decimals).
        let threshold = try SpringRestThreshold(displacement: 0.5, speed: .infinity)
        for f in try springFixtures() {
            let spring = try SpringAnimation(parameters: f.parameters, from: .zero, to: Vec2(100, 0),
                                             dimensions: 1, threshold: threshold)
            XCTAssertEqual(spring.restTime, f.settleHalfPoint, accuracy: 6e-5, f.id)
        }
    }

    func testRestIsFinalAndSnapsToTheTarget() throws {
        let spring = try SpringAnimation(parameters: .coreAnimationDefault, from: .zero, to: Vec2(100, 50),
                                         velocity: Vec2(30, -40), startTime: 2)
        let rest = spring.restTime
        XCTAssertTrue(rest.isFinite && rest > 2)
        XCTAssertFalse(spring.isAtRest(at: rest - 1e-6))
        XCTAssertTrue(spring.isAtRest(at: rest))
        XCTAssertEqual(spring.sample(at: rest), AnimationSample(value: Vec2(100, 50), velocity: .zero))
        // Just before the snap the default point thresholds hold: 0.5 pt per axis, |v| ≤ 5 pt/s…
        let before = spring.sample(at: rest - 1e-9)
        XCTAssertLessThanOrEqual(abs(before.value.x - 100), 0.5 + 1e-6)
        XCTAssertLessThanOrEqual(abs(before.value.y - 50), 0.5 + 1e-6)
        XCTAssertLessThanOrEqual(before.velocity.length, 5 + 1e-6)
        // …and one of them is just reached there (it is the *last* violation).
        let margin = min(0.5 - abs(before.value.x - 100), 0.5 - abs(before.value.y - 50), 5 - before.velocity.length)
        XCTAssertLessThan(abs(margin), 1e-5)
        // After it, the state at every later time is within the thresholds (checked unsnapped
        // through a copy with tiny thresholds, which moves only the snap).
        var probe = spring
        probe.setThreshold(try SpringRestThreshold(displacement: 1e-12, speed: 1e-12))
        for i in 0...2000 {
            let s = probe.sample(at: rest + Double(i) * 0.002)
            XCTAssertLessThanOrEqual(abs(s.value.x - 100), 0.5)
            XCTAssertLessThanOrEqual(s.velocity.length, 5)
        }
        // Before the start, the initial state.
        XCTAssertEqual(spring.sample(at: 1), AnimationSample(value: .zero, velocity: Vec2(30, -40)))
    }

    func testScalarThresholds() throws {
        // An alpha spring 0 → 1: the fine threshold (0.005, 0.05/s) waits for the oscillation to
        // die out; point thresholds (0.5, 5/s) would call it settled almost at once.
        let fine = try SpringAnimation(parameters: .coreAnimationDefault, from: .zero, to: Vec2(1, 0),
                                       dimensions: 1, threshold: .fine)
        let coarse = try SpringAnimation(parameters: .coreAnimationDefault, from: .zero, to: Vec2(1, 0),
                                         dimensions: 1, threshold: .points)
        XCTAssertGreaterThan(fine.restTime, 1.0)
        XCTAssertLessThan(coarse.restTime, 0.2)
        XCTAssertEqual(try SpringRestThreshold(propertyThreshold: 1), .points)
    }

    func testRetargetKeepsPositionAndBothVelocityComponents() throws {
        var spring = try SpringAnimation(parameters: try SpringParameters(mass: 1, stiffness: 300, damping: 20),
                                         from: Vec2(0, 0), to: Vec2(200, 100), velocity: Vec2(0, -400))
        let t = 0.137, eps = 1e-7
        let before = spring.sample(at: t - eps)
        try spring.retarget(to: Vec2(-50, 300), at: t)
        let after = spring.sample(at: t + eps)
        let at = spring.sample(at: t)
        // Position changes by |v|·2ε (|v| < 5000 pt/s), velocity by |a|·2ε (|a| < 2e5 pt/s²).
        XCTAssertEqual((after.value - before.value).length, 0, accuracy: 5000 * 2 * eps)
        XCTAssertEqual(after.velocity.x, before.velocity.x, accuracy: 2e5 * 2 * eps)
        XCTAssertEqual(after.velocity.y, before.velocity.y, accuracy: 2e5 * 2 * eps)
        XCTAssertNotEqual(at.velocity.x, 0)
        XCTAssertNotEqual(at.velocity.y, 0)
        XCTAssertEqual(spring.startTime, t)
        XCTAssertEqual(spring.to, Vec2(-50, 300))
        // The new segment is exactly the closed form seeded with the state at t.
        let seeded = SpringSolution(parameters: spring.parameters, from: spring.from.x, to: -50, velocity: spring.initialVelocity.x)
        XCTAssertEqual(spring.sample(at: t + 0.2).value.x, seeded.position(at: 0.2), accuracy: 1e-12)
    }

    func testScalarSpringIgnoresY() throws {
        let s = try SpringAnimation(parameters: .coreAnimationDefault, from: Vec2(0, 7), to: Vec2(1, 9),
                                    velocity: Vec2(0, 3), dimensions: 1, threshold: .fine)
        XCTAssertEqual(s.from.y, 0)
        XCTAssertEqual(s.sample(at: 0.3).value.y, 0)
        XCTAssertEqual(s.sample(at: 0.3).velocity.y, 0)
    }

    func testUndampedSpringNeverRests() throws {
        let s = try SpringAnimation(parameters: try SpringParameters(stiffness: 100, damping: 0), from: .zero, to: Vec2(10, 0))
        XCTAssertEqual(s.restTime, .infinity)
        XCTAssertFalse(s.isAtRest(at: 1e6))
    }

    func testBadInputsGiveErrors() {
        XCTAssertEqual(errorMessage { try SpringAnimation(parameters: .coreAnimationDefault, from: Vec2(.nan, 0), to: .zero) },
                       "from.x must be finite, got nan")
        XCTAssertEqual(errorMessage { try SpringRestThreshold(displacement: 0, speed: 1) },
                       "displacement threshold must be > 0, got 0")
        XCTAssertEqual(errorMessage { try SpringRestThreshold(propertyThreshold: -1) },
                       "threshold must be > 0, got -1")
    }
}
