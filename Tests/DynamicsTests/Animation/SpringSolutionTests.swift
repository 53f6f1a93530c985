import XCTest
import Dynamics
@testable import Animations
import TestSupport

/// The closed form against the reference's printed tables and against an RK4 integration.
///
/// Tolerances:
/// * printed tables: positions have 6 decimals, velocities 5, so a correctly rounded value is
///   within half a unit of the last digit; we allow 6e-7 and 6e-6 (half a unit plus slack for the
///   printing's own rounding of ties).
/// * RK4 at h = 1e-5 s: its global error is O(h⁴) (about 1e-13 here, plus ~1e-11 of accumulated
///   rounding over 1e5 steps), far below the 1e-9 we demand. The comparison is relative with a
///   floor of 1 (the distance travelled), i.e. |a − b| ≤ 1e-9·max(|a|, |b|, 1), so values that
///   are near zero (late velocities) are held to 1e-9 absolute.
final class SpringSolutionTests: XCTestCase {
    func testPrintedTablesForAllTenConfigurations() throws {
        for f in try springFixtures() {
            let s = SpringSolution(parameters: f.parameters, from: 0, to: 1, velocity: 0)
            for (i, t) in tableTimes.enumerated() {
                XCTAssertEqual(s.position(at: t), f.positions[i], accuracy: 6e-7, "\(f.id) x(\(t))")
                XCTAssertEqual(s.velocity(at: t), f.velocities[i], accuracy: 6e-6, "\(f.id) v(\(t))")
            }
        }
    }

    func testClosedFormMatchesRK4ForAllTenConfigurations() throws {
        for f in try springFixtures() {
            let s = SpringSolution(parameters: f.parameters, from: 0, to: 1, velocity: 0)
            let reference = rk4Spring(f.parameters, from: 0, to: 1, velocity: 0, times: tableTimes)
            for (i, t) in tableTimes.enumerated() {
                XCTAssertTrue(isNearRelative(s.position(at: t), reference[i].x, 1e-9),
                              "\(f.id) x(\(t)) \(s.position(at: t)) vs RK4 \(reference[i].x)")
                XCTAssertTrue(isNearRelative(s.velocity(at: t), reference[i].v, 1e-9),
                              "\(f.id) v(\(t)) \(s.velocity(at: t)) vs RK4 \(reference[i].v)")
            }
        }
    }

    func testInitialVelocityVectors() throws {
        // S1 released with ±5 units/s (reference §7).
        let s1 = try SpringParameters(mass: 1, stiffness: 300, damping: 20)
        let expected: [Double: [Double]] = [5: [0.814158, 1.086937, 0.993559, 0.999984],
                                            -5: [0.557210, 1.109216, 0.990181, 0.999952]]
        for (v0, xs) in expected {
            let s = SpringSolution(parameters: s1, from: 0, to: 1, velocity: v0)
            let reference = rk4Spring(s1, from: 0, to: 1, velocity: v0, times: tableTimes)
            for (i, t) in tableTimes.enumerated() {
                XCTAssertEqual(s.position(at: t), xs[i], accuracy: 6e-7, "v0 \(v0) x(\(t))")
                XCTAssertTrue(isNearRelative(s.position(at: t), reference[i].x, 1e-9))
                XCTAssertTrue(isNearRelative(s.velocity(at: t), reference[i].v, 1e-9))
            }
        }
    }

    func testRegimesAndNearCriticalContinuity() throws {
        XCTAssertEqual(SpringSolution(parameters: .coreAnimationDefault, from: 0, to: 1).regime, .underdamped)
        XCTAssertEqual(SpringSolution(parameters: try SpringParameters(duration: 0.5, bounce: 0), from: 0, to: 1).regime,
                       .criticallyDamped)
        XCTAssertEqual(SpringSolution(parameters: try SpringParameters(mass: 3, stiffness: 1000, damping: 500),
                                      from: 0, to: 1).regime, .overdamped)
        // ζ = 1 ± δ for tiny δ: the solution must be continuous through critical damping, with no
        // blow-up from the 1/(r₁ − r₂) of the textbook overdamped form.
        let k = 157.91367041742973, cCritical = 2 * k.squareRoot()
        let critical = SpringSolution(parameters: try SpringParameters(stiffness: k, damping: cCritical), from: 0, to: 1, velocity: 3)
        for delta in [1e-15, 1e-12, 1e-9, 1e-6] {
            for sign in [-1.0, 1.0] {
                let p = try SpringParameters(stiffness: k, damping: cCritical * (1 + sign * delta))
                let s = SpringSolution(parameters: p, from: 0, to: 1, velocity: 3)
                for t in [0.01, 0.3, 1.0, 5.0] {
                    // d x/d ζ is O(1) here, so the change is O(δ).
                    XCTAssertEqual(s.position(at: t), critical.position(at: t), accuracy: 10 * delta + 1e-14)
                    XCTAssertEqual(s.velocity(at: t), critical.velocity(at: t), accuracy: 100 * delta + 1e-13)
                }
            }
        }
    }

    func testHeavyOverdampingStaysFiniteAtLongTimes() throws {
        // ζ = 1000: e^(−σt)·cosh(γt) would be 0·∞ at t = 100 s.
        let p = try SpringParameters(mass: 1, stiffness: 1, damping: 2000)
        let s = SpringSolution(parameters: p, from: 0, to: 1, velocity: 0)
        for t in [0.001, 1, 10, 100, 1000, 1e6] {
            XCTAssertTrue(s.position(at: t).isFinite && s.velocity(at: t).isFinite, "t = \(t)")
        }
        // Slow root r₁ = −ω₀²/(σ + γ) ≈ −1/2000: after 100 s, u ≈ e^(−0.05).
        XCTAssertEqual(1 - s.position(at: 100), (-100.0 / 2000).exponentialApprox, accuracy: 1e-6)
    }

    func testSamplingGridsAgreeAtCommonTimes() throws {
        // A closed form evaluated at n/60 s, 2n/120 s and 4n/240 s sees bit-identical times
        // (correctly rounded division of the same real number), so values must be identical too,
        // also for an animation retargeted mid-flight at a time on all three grids.
        var spring = try SpringAnimation(parameters: try SpringParameters.pop(), from: Vec2(0, 0), to: Vec2(100, 40),
                                         velocity: Vec2(-300, 900))
        try spring.retarget(to: Vec2(-50, 80), at: 12.0 / 60)
        for n in 0...90 {
            let a = spring.sample(at: Double(n) / 60)
            let b = spring.sample(at: Double(2 * n) / 120)
            let c = spring.sample(at: Double(4 * n) / 240)
            XCTAssertEqual(a, b)
            XCTAssertEqual(a, c)
        }
    }
}

private extension Double {
    /// e^self from a 30-term Taylor series (|self| < 1 here), independent of any libm.
    var exponentialApprox: Double {
        var term = 1.0, sum = 1.0
        for n in 1...30 { term *= self / Double(n); sum += term }
        return sum
    }
}
