import Dynamics
@testable import Animations
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// The metrics against closed-form springs (reference §1, §7), sampled finely.
final class MotionMetricsTests: XCTestCase {
    /// S1 (m 1, k 300, c 20) from (0, 0) to (100, 0) along x, sampled every `dt`.
    private func samples(_ p: SpringParameters, to target: Vec2, from start: Vec2 = .zero, velocity: Vec2 = .zero,
                         dt: Double = 1.0 / 2000, until end: Double = 3) -> [MotionSample] {
        let sx = SpringSolution(parameters: p, from: start.x, to: target.x, velocity: velocity.x)
        let sy = SpringSolution(parameters: p, from: start.y, to: target.y, velocity: velocity.y)
        return (0...Int(end / dt)).map { i in
            let t = Double(i) * dt
            return MotionSample(time: t, position: Vec2(sx.position(at: t), sy.position(at: t)),
                                velocity: Vec2(sx.velocity(at: t), sy.velocity(at: t)))
        }
    }

    func testSettleOvershootAndOscillationsOfAnUnderdampedStep() throws {
        let p = try SpringParameters(mass: 1, stiffness: 300, damping: 20)
        let m = try XCTUnwrap(MotionMetrics.measure(samples(p, to: Vec2(100, 0)), rest: 2.5))
        // Reference §7: S1 0→100 settles to 0.5 pt at 0.5306 s; samples are 0.5 ms apart.
        XCTAssertEqual(m.settle, 0.5306, accuracy: 0.001)
        XCTAssertEqual(m.tolerance, 0.5)
        // The first peak is the overshoot: 100·exp(−σπ/ω_d).
        let sigma = 10.0, wd = (300.0 - 100).squareRoot()
        XCTAssertEqual(m.overshoot, 100 * exp(-sigma * Double.pi / wd), accuracy: 1e-3)
        // Peaks alternate 10.8, 1.17, 0.13 pt: it crosses 100 twice by more than 0.5 pt.
        XCTAssertEqual(m.oscillations, 2)
        XCTAssertEqual(m.rest, 2.5)
        XCTAssertEqual(m.final.x, 100, accuracy: 1e-6)
    }

    func testOvershootIsAlongTheApproachDirection() throws {
        // The same step along a diagonal: the overshoot is measured along it, not on one axis.
        let p = try SpringParameters(mass: 1, stiffness: 300, damping: 20)
        let m = try XCTUnwrap(MotionMetrics.measure(samples(p, to: Vec2(60, 80))))
        XCTAssertEqual(m.overshoot, 100 * exp(-10 * Double.pi / 200.0.squareRoot()), accuracy: 1e-3)
    }

    func testAnItemKickedFromRestOvershootsToo() throws {
        // A label at rest at its final position gets a kick: it leaves and comes back
        // past the target (the case that used to read "overshoot 0.0 pt").
        let p = try SpringParameters(mass: 1, stiffness: 300, damping: 10)
        let m = try XCTUnwrap(MotionMetrics.measure(samples(p, to: Vec2(50, 50), from: Vec2(50, 50), velocity: Vec2(0, 400))))
        XCTAssertGreaterThan(m.overshoot, 5)
        XCTAssertGreaterThanOrEqual(m.oscillations, 2)
        XCTAssertEqual(m.peakSpeed, 400, accuracy: 1e-9)
    }

    /// A window that starts at a release leaves the release frame out of peakSpeed: that
    /// frame has the finger's speed (issue 40 item 6). Without an input it counts.
    func testPeakSpeedLeavesTheReleaseFrameOut() throws {
        let p = try SpringParameters(mass: 1, stiffness: 300, damping: 40)
        var s = samples(p, to: Vec2(50, 50), from: Vec2(50, 50), velocity: Vec2(0, 400), dt: 1.0 / 60, until: 1)
        s[0].velocity = Vec2(0, 3000)   // the finger's speed at the release frame
        let released = try XCTUnwrap(MotionMetrics.measure(s, from: 0, peakFrom: 0))
        XCTAssertEqual(released.peakSpeed, s[1].velocity.length, accuracy: 1e-9, "the spring's own speed a frame later")
        XCTAssertEqual(try XCTUnwrap(MotionMetrics.measure(s)).peakSpeed, 3000, "no input: every frame counts")
        XCTAssertEqual(try XCTUnwrap(MotionMetrics.measure(Array(s.prefix(1)), peakFrom: 0)).peakSpeed, 3000,
                       "a window of the release frame alone keeps it")
    }

    func testCriticalDampingNeitherOvershootsNorOscillates() throws {
        let p = try SpringParameters(duration: 0.5, bounce: 0)   // S4
        let m = try XCTUnwrap(MotionMetrics.measure(samples(p, to: Vec2(0, 100))))
        XCTAssertEqual(m.settle, 0.5913, accuracy: 0.001)
        XCTAssertEqual(m.overshoot, 0, accuracy: 1e-9)
        XCTAssertEqual(m.oscillations, 0)
    }

    func testTheWindowStartsLater() throws {
        let p = try SpringParameters(mass: 1, stiffness: 300, damping: 20)
        let s = samples(p, to: Vec2(100, 0))
        let m = try XCTUnwrap(MotionMetrics.measure(s, from: 0.2, tolerance: 1))
        XCTAssertEqual(m.windowStart, 0.2, accuracy: 1e-9)
        // S1 to 1 pt settles at 0.4802 s from release: 0.2802 s after the window opens.
        XCTAssertEqual(m.settle, 0.2802, accuracy: 0.001)
        XCTAssertNil(MotionMetrics.measure(s, from: 10))
        XCTAssertEqual(MotionMetrics.measure([MotionSample(time: 0, position: .zero, velocity: .zero)])?.settle, 0)
    }
}
