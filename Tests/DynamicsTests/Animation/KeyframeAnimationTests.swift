import XCTest
import Dynamics
@testable import Animations

final class KeyframeAnimationTests: XCTestCase {
    let values = [Vec2(0, 0), Vec2(100, 0), Vec2(100, 50), Vec2(-20, 80)]
    let keyTimes = [0, 0.2, 0.7, 1.0]

    func testEveryModeHitsEachValueAtItsKeyTime() throws {
        for mode in KeyframeAnimation.CalculationMode.allCases {
            let a = try KeyframeAnimation(values: values, keyTimes: keyTimes, duration: 2,
                                          timingFunctions: [.easeIn, .linear, .easeInEaseOut],
                                          calculationMode: mode, startTime: 1)
            for (i, k) in a.effectiveKeyTimes.enumerated() {
                let v = a.sample(at: 1 + 2 * k).value
                XCTAssertEqual(v.x, values[i].x, accuracy: 1e-12, "\(mode) key \(i)")
                XCTAssertEqual(v.y, values[i].y, accuracy: 1e-12, "\(mode) key \(i)")
            }
            // Holds the final value (exactly) after the end.
            XCTAssertEqual(a.sample(at: 3), AnimationSample(value: values[3], velocity: .zero), "\(mode)")
            XCTAssertEqual(a.sample(at: 50), AnimationSample(value: values[3], velocity: .zero), "\(mode)")
        }
    }

    func testDiscreteHoldsEachValue() throws {
        let a = try KeyframeAnimation(values: values, keyTimes: keyTimes, duration: 1, calculationMode: .discrete)
        XCTAssertEqual(a.sample(at: 0.1).value, values[0])
        XCTAssertEqual(a.sample(at: 0.2).value, values[1])
        XCTAssertEqual(a.sample(at: 0.69).value, values[1])
        XCTAssertEqual(a.sample(at: 0.7).value, values[2])
        XCTAssertEqual(a.sample(at: 0.99).value, values[2])
        XCTAssertEqual(a.sample(at: 0.5).velocity, .zero)
        // Core Animation's form: one more key time than values; the last value holds from 0.9 on.
        let ca = try KeyframeAnimation(values: [Vec2(1, 0), Vec2(2, 0), Vec2(3, 0)], keyTimes: [0, 0.5, 0.9, 1],
                                       duration: 1, calculationMode: .discrete, dimensions: 1)
        XCTAssertEqual(ca.sample(at: 0.89).value.x, 2)
        XCTAssertEqual(ca.sample(at: 0.9).value.x, 3)
    }

    func testLinearSegmentsAndTheirTimingFunctions() throws {
        let a = try KeyframeAnimation(values: values, keyTimes: keyTimes, duration: 1,
                                      timingFunctions: [.easeIn, .linear, .linear])
        // First segment eased in: at half its time, easeIn(0.5) = 0.315357 of the way.
        XCTAssertEqual(a.sample(at: 0.1).value.x, 31.5357, accuracy: 1e-4)
        // Second segment linear: halfway between 0.2 and 0.7.
        XCTAssertEqual(a.sample(at: 0.45).value.y, 25, accuracy: 1e-12)
        XCTAssertEqual(a.sample(at: 0.45).velocity.y, 50 / 0.5, accuracy: 1e-9)
    }

    func testPacedMovesAtConstantSpeed() throws {
        let a = try KeyframeAnimation(values: values, keyTimes: keyTimes, duration: 2, calculationMode: .paced)
        let total = 100.0 + 50 + (Vec2(-120, 30)).length
        for t in stride(from: 0.05, to: 2, by: 0.1) {
            XCTAssertEqual(a.sample(at: t).velocity.length, total / 2, accuracy: 1e-9)
        }
        XCTAssertEqual(a.effectiveKeyTimes[1], 100 / total, accuracy: 1e-12)
    }

    func testCubicIsSmoothThroughKeyFrames() throws {
        let a = try KeyframeAnimation(values: values, keyTimes: keyTimes, duration: 1, calculationMode: .cubic)
        for k in keyTimes.dropFirst().dropLast() {
            let before = a.sample(at: k - 1e-9), after = a.sample(at: k + 1e-9)
            XCTAssertEqual(before.velocity.x, after.velocity.x, accuracy: 1e-4, "velocity continuous at \(k)")
            XCTAssertEqual(before.velocity.y, after.velocity.y, accuracy: 1e-4, "velocity continuous at \(k)")
        }
        // Catmull-Rom tangent at key 1: (P2 − P0)/(k2 − k0) per unit time fraction.
        XCTAssertEqual(a.sample(at: 0.2).velocity.x, (100 - 0) / 0.7, accuracy: 1e-9)
        XCTAssertEqual(a.sample(at: 0.2).velocity.y, (50 - 0) / 0.7, accuracy: 1e-9)
        // Two key frames: a straight line.
        let line = try KeyframeAnimation(values: [Vec2(0, 0), Vec2(10, 20)], duration: 1, calculationMode: .cubic)
        XCTAssertEqual(line.sample(at: 0.3).value.x, 3, accuracy: 1e-12)
        XCTAssertEqual(line.sample(at: 0.3).value.y, 6, accuracy: 1e-12)
    }

    func testRepeatCount() throws {
        let a = try KeyframeAnimation(values: [Vec2(0, 0), Vec2(10, 0)], duration: 1, repeatCount: 2.5, dimensions: 1)
        XCTAssertEqual(a.sample(at: 1.25).value.x, 2.5, accuracy: 1e-12)
        XCTAssertEqual(a.endTime, 2.5)
        XCTAssertEqual(a.sample(at: 9).value.x, 5, accuracy: 1e-12)     // stops half-way through the third pass
        let forever = try KeyframeAnimation(values: [Vec2(0, 0), Vec2(10, 0)], duration: 1, repeatCount: .infinity)
        XCTAssertFalse(forever.isFinished(at: 1e9))
        XCTAssertEqual(forever.sample(at: 1000.5).value.x, 5, accuracy: 1e-9)
    }

    func testAdditiveFlagAndSingleValue() throws {
        let a = try KeyframeAnimation(values: [Vec2(0, 0), Vec2(0, -10), Vec2(0, 0)], duration: 0.3, isAdditive: true)
        XCTAssertTrue(a.isAdditive)
        let one = try KeyframeAnimation(values: [Vec2(3, 4)], duration: 1)
        XCTAssertEqual(one.sample(at: 0.5).value, Vec2(3, 4))
    }

    func testValidationMessages() {
        let v = [Vec2(0, 0), Vec2(1, 0), Vec2(2, 0)]
        XCTAssertEqual(errorMessage { try KeyframeAnimation(values: [], duration: 1) },
                       "values must hold at least one value")
        XCTAssertEqual(errorMessage { try KeyframeAnimation(values: v, keyTimes: [0, 1], duration: 1) },
                       "keyTimes must have one entry per value (3), got 2")
        XCTAssertEqual(errorMessage { try KeyframeAnimation(values: v, keyTimes: [0, 1], duration: 1, calculationMode: .discrete) },
                       "keyTimes must have 3 or 4 entries in discrete mode, got 2")
        XCTAssertEqual(errorMessage { try KeyframeAnimation(values: v, keyTimes: [0.1, 0.5, 1], duration: 1) },
                       "keyTimes must start at 0, got 0.1")
        XCTAssertEqual(errorMessage { try KeyframeAnimation(values: v, keyTimes: [0, 0.5, 0.9], duration: 1) },
                       "keyTimes must end at 1, got 0.9")
        XCTAssertEqual(errorMessage { try KeyframeAnimation(values: [Vec2(0, 0), Vec2(1, 0), Vec2(2, 0), Vec2(3, 0)],
                                                            keyTimes: [0, 0.6, 0.4, 1], duration: 1) },
                       "keyTimes must be non-decreasing: keyTimes[3] = 0.4 is less than keyTimes[2] = 0.6")
        XCTAssertEqual(errorMessage { try KeyframeAnimation(values: v, duration: 1, timingFunctions: [.easeIn]) },
                       "timingFunctions must have one entry per segment (2 for 3 values), got 1")
        XCTAssertEqual(errorMessage { try KeyframeAnimation(values: v, duration: 0) },
                       "duration must be > 0, got 0")
        XCTAssertEqual(errorMessage { try KeyframeAnimation(values: v, duration: 1, repeatCount: 0) },
                       "repeatCount must be > 0 (or math.huge), got 0")
        XCTAssertEqual(errorMessage { try KeyframeAnimation(values: [Vec2(0, .nan)], duration: 1) },
                       "values[1].y must be finite, got nan")
        XCTAssertEqual(errorMessage { try KeyframeAnimation.CalculationMode(named: "spline") },
                       "unknown calculationMode 'spline'; valid names: linear, discrete, paced, cubic")
    }
}
