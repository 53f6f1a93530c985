import XCTest
import Dynamics
@testable import Animations

/// Cubic Bézier timing (reference §4 and the §7 table, 6 decimals printed).
///
/// Two comparisons for the table, whose values are exact roots rounded to 6 decimals:
/// * an independent exact value (Bernstein form, bisection to 1e-15 in the parameter) must round
///   to the printed value: |exact − printed| ≤ 5e-7;
/// * the WebKit-style solver (time tolerance 1e-7) must agree with the exact value to 2e-7 (the
///   reference measured a largest deviation of 6.4e-8 for these curves).
final class TimingCurveTests: XCTestCase {
    let xs = [0.1, 0.25, 0.5, 0.75, 0.9]

    /// y at time fraction x by bisection on the Bernstein form, sharing no code with the module.
    func exactBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        func bern(_ a: Double, _ b: Double, _ t: Double) -> Double {
            let u = 1 - t
            return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
        }
        var lo = 0.0, hi = 1.0
        while hi - lo > 1e-15 {
            let mid = (lo + hi) / 2
            if bern(x1, x2, mid) < x { lo = mid } else { hi = mid }
        }
        return bern(y1, y2, (lo + hi) / 2)
    }

    func testBezierTable() {
        let table: [(TimingCurve, [Double])] = [
            (.easeIn, [0.017027, 0.093465, 0.315357, 0.621862, 0.839428]),
            (.easeOut, [0.160572, 0.378138, 0.684643, 0.906535, 0.982973]),
            (.easeInEaseOut, [0.019722, 0.129162, 0.500000, 0.870838, 0.980278]),
            (.default, [0.094796, 0.408511, 0.802403, 0.960459, 0.994316]),
        ]
        for (curve, ys) in table {
            let c = curve.controlPoints!
            for (x, y) in zip(xs, ys) {
                let exact = exactBezier(c.x1, c.y1, c.x2, c.y2, at: x)
                XCTAssertEqual(exact, y, accuracy: 5e-7, "\(c) at \(x)")
                XCTAssertEqual(curve.progress(atTime: x), exact, accuracy: 2e-7, "\(c) at \(x)")
            }
        }
    }

    func testEndsAndClampingAreExact() {
        for curve in [TimingCurve.linear, .easeIn, .easeOut, .easeInEaseOut, .default] {
            XCTAssertEqual(curve.progress(atTime: 0), 0)
            XCTAssertEqual(curve.progress(atTime: 1), 1)
            XCTAssertEqual(curve.progress(atTime: -3), 0)
            XCTAssertEqual(curve.progress(atTime: 7), 1)
        }
        XCTAssertEqual(TimingCurve.linear.progress(atTime: 0.3), 0.3)
        XCTAssertEqual(try TimingCurve.cubic(0.2, 0.2, 0.7, 0.7), .linear)
    }

    func testInverseVectors() {
        // C⁻¹(0.5) for default = 0.293301; easeInEaseOut C(0.3) = 0.187396, C⁻¹(0.6) = 0.558507.
        XCTAssertEqual(TimingCurve.default.time(forProgress: 0.5), 0.293301, accuracy: 6e-7)
        XCTAssertEqual(TimingCurve.easeInEaseOut.progress(atTime: 0.3), 0.187396, accuracy: 6e-7)
        XCTAssertEqual(TimingCurve.easeInEaseOut.time(forProgress: 0.6), 0.558507, accuracy: 6e-7)
        // Round trips C(C⁻¹(p)) = p within the solver's tolerance.
        for curve in [TimingCurve.linear, .easeIn, .easeOut, .easeInEaseOut, .default] {
            for p in stride(from: 0.0, through: 1.0, by: 0.05) {
                XCTAssertEqual(curve.progress(atTime: curve.time(forProgress: p)), p, accuracy: 1e-6)
            }
        }
    }

    func testDerivativeMatchesFiniteDifferences() throws {
        let curves = [TimingCurve.easeIn, .easeOut, .easeInEaseOut, .default, try .cubic(0.3, -0.4, 0.6, 1.5)]
        for curve in curves {
            for tau in stride(from: 0.05, through: 0.95, by: 0.05) {
                let h = 1e-4
                let numeric = (curve.progress(atTime: tau + h) - curve.progress(atTime: tau - h)) / (2 * h)
                // The finite difference carries the solver's 1e-7-level noise divided by 2h.
                XCTAssertEqual(curve.derivative(atTime: tau), numeric, accuracy: 2e-3, "at \(tau)")
            }
        }
        // easeOut has x1 = y1 = 0, so X′(0) = Y′(0) = 0; L'Hôpital gives Y″(0)/X″(0) = y2/x2 = 1/0.58.
        XCTAssertEqual(TimingCurve.easeOut.derivative(atTime: 0), 1 / 0.58, accuracy: 1e-9)
        XCTAssertEqual(TimingCurve.easeIn.derivative(atTime: 0), 0, accuracy: 1e-9)
        XCTAssertEqual(TimingCurve.linear.derivative(atTime: 0.4), 1)
    }

    func testOvershootingCubicInverseIsTheEarliestTime() throws {
        let back = try TimingCurve.cubic(0.3, 1.6, 0.7, 1)    // rises above 1, then settles
        let p = 1.05
        let tau = back.time(forProgress: p)
        XCTAssertGreaterThan(tau, 0)
        XCTAssertLessThan(tau, 1)
        XCTAssertEqual(back.progress(atTime: tau), p, accuracy: 1e-6)
        for earlier in stride(from: 0.0, to: tau - 1e-6, by: tau / 50) {
            XCTAssertLessThan(back.progress(atTime: earlier), p)
        }
    }

    func testNamedLookup() throws {
        XCTAssertEqual(try TimingCurve(named: "linear"), .linear)
        XCTAssertEqual(try TimingCurve(named: "easeIn"), .easeIn)
        XCTAssertEqual(try TimingCurve(named: "easeOut"), .easeOut)
        XCTAssertEqual(try TimingCurve(named: "easeInOut"), .easeInEaseOut)
        XCTAssertEqual(try TimingCurve(named: "easeInEaseOut"), .easeInEaseOut)
        XCTAssertEqual(try TimingCurve(named: "default"), .default)
        XCTAssertEqual(errorMessage { try TimingCurve(named: "easein") },
                       "unknown timing curve 'easein'; valid names: linear, easeIn, easeOut, easeInOut, easeInEaseOut, default")
    }

    func testCubicValidation() {
        XCTAssertEqual(errorMessage { try TimingCurve.cubic(-0.1, 0, 1, 1) }, "x1 must be from 0 to 1, got -0.1")
        XCTAssertEqual(errorMessage { try TimingCurve.cubic(0, 0, 1.2, 1) }, "x2 must be from 0 to 1, got 1.2")
        XCTAssertEqual(errorMessage { try TimingCurve.cubic(0.5, .infinity, 0.5, 1) }, "y1 must be finite, got inf")
        XCTAssertEqual(errorMessage { try TimingCurve.cubic(0.5, -2, 0.5, 3) }, "no error")
    }

    func testSpringCurve() throws {
        let curve = try TimingCurve.spring(.coreAnimationDefault)
        let info = try XCTUnwrap(curve.spring)
        // ζ = 0.5 from 0 to 1 settles to 0.1 % at 1.2702 s (reference §7 settling table, S9).
        XCTAssertEqual(info.settlingDuration, 1.2702, accuracy: 6e-5)
        XCTAssertEqual(curve.progress(atTime: 0), 0)
        XCTAssertEqual(curve.progress(atTime: 1), 1)
        // Overshoots: S9's x(0.5 s) = 1.074591 at τ = 0.5/T.
        XCTAssertEqual(curve.progress(atTime: 0.5 / info.settlingDuration), 1.074591, accuracy: 6e-7)
        XCTAssertEqual(curve.derivative(atTime: 0.1 / info.settlingDuration), 5.33507 * info.settlingDuration, accuracy: 1e-4)
        // The snap at τ = 1 is within the 0.1 % settling band.
        XCTAssertEqual(curve.progress(atTime: 1 - 1e-12), 1, accuracy: 1e-3 + 1e-9)
        // dampingRatio form: settles in the given duration from rest.
        let timed = try TimingCurve.spring(dampingRatio: 0.8, duration: 0.7)
        XCTAssertEqual(try XCTUnwrap(timed.spring).settlingDuration, 0.7, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(timed.spring).parameters.dampingRatio, 0.8, accuracy: 1e-12)
        XCTAssertNil(TimingCurve.easeIn.spring)
        XCTAssertTrue(errorMessage { try TimingCurve.spring(try SpringParameters(stiffness: 10, damping: 0)) }
            .hasPrefix("damping must be > 0 for a spring timing curve"))
    }
}
