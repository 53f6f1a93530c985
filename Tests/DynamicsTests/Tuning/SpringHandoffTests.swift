import Dynamics
@testable import Animations
import XCTest

/// The platforms' own spring rules (react-spring, POP, Motion), the CSS `linear()` easing and
/// the presets, against the formulas and worked examples they come from.
final class SpringHandoffTests: XCTestCase {
    // MARK: Worked examples and conversions

    /// Apple: Spring(duration: 0.5, bounce: 0.3) → (m 1, k 157.9, c 17.6); (1, 100, 10) → (0.63, 0.5).
    func testApplesWorkedExamples() throws {
        let p = try SpringParameters(duration: 0.5, bounce: 0.3)
        XCTAssertEqual(p.stiffness, 157.9137, accuracy: 1e-4)
        XCTAssertEqual(p.damping, 17.5929, accuracy: 1e-4)
        let ca = SpringParameters.coreAnimationDefault
        XCTAssertEqual(ca.response, 0.6283, accuracy: 1e-4)
        XCTAssertEqual(ca.bounce, 0.5, accuracy: 1e-12)
    }

    /// Compose's spring(dampingRatio, stiffness) and Motion's {visualDuration, bounce} as input.
    func testComposeAndMotionInputForms() throws {
        let compose = try SpringConversion.convert([("stiffness", 700), ("dampingRatio", 0.9)])
        XCTAssertEqual(compose.parameters.damping, 2 * 0.9 * 700.0.squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(compose.dampingRatio, 0.9, accuracy: 1e-12)
        // Reference test vector: visualDuration 0.5, bounce 0.25 → k 109.6623, c 15.7080.
        let motion = try SpringConversion.convert([("visualDuration", 0.5), ("bounce", 0.25)])
        XCTAssertEqual(motion.parameters.stiffness, 109.6623, accuracy: 1e-4)
        XCTAssertEqual(motion.parameters.damping, 15.7080, accuracy: 1e-4)
        // Motion clamps ζ = 1 − bounce to 0.05…1: bounce −0.5 is critical, 0.99 is ζ 0.05.
        let clamped = try SpringConversion.convert([("visualDuration", 0.5), ("bounce", -0.5)])
        XCTAssertEqual(clamped.dampingRatio, 1, accuracy: 1e-12)
        XCTAssertEqual(try SpringConversion.convert([("visualDuration", 0.5), ("bounce", 0.99)]).dampingRatio, 0.05, accuracy: 1e-12)
    }

    /// A velocity needs its distance; the distance cannot be 0.
    func testReleaseNeedsADistance() throws {
        XCTAssertThrowsError(try SpringConversion.convert([("stiffness", 100), ("damping", 10), ("velocity", 600)])) { e in
            XCTAssertTrue("\(e)".contains("velocity needs distance"), "\(e)")
        }
        XCTAssertThrowsError(try SpringConversion.convert([("stiffness", 100), ("damping", 10), ("velocity", 600), ("distance", 0)]))
        let r = try SpringConversion.release([("velocity", 600), ("distance", 300)])
        XCTAssertEqual(r.relative, 2)                      // reference: 600 pt/s with 300 pt left → 2.0
        XCTAssertEqual(try SpringConversion.convert([("stiffness", 100), ("damping", 10), ("velocity", 600), ("distance", 300)]).initialVelocity, 2)
    }

    /// Round trips through the targets' parameterisations: Compose (k/m, ζ), Motion's
    /// visualDuration = response/1.2 with bounce 1 − ζ, SwiftUI's duration/bounce.
    func testRoundTripsThroughTheTargetsParameterisations() throws {
        for p in [try SpringParameters(stiffness: 300, damping: 20), try SpringParameters(mass: 2, stiffness: 500, damping: 30),
                  try SpringParameters(duration: 0.5, bounce: 0.3)] {
            let compose = try SpringConversion.convert([("stiffness", p.stiffness / p.mass), ("dampingRatio", p.dampingRatio)])
            XCTAssertEqual(compose.parameters.damping, p.damping / p.mass, accuracy: 1e-9)
            let motion = try SpringConversion.convert([("visualDuration", p.response / 1.2), ("bounce", 1 - p.dampingRatio)])
            XCTAssertEqual(motion.parameters.stiffness, p.stiffness / p.mass, accuracy: 1e-9)
            XCTAssertEqual(motion.parameters.damping, p.damping / p.mass, accuracy: 1e-9)
            let swiftui = try SpringConversion.convert([("duration", p.response), ("bounce", p.bounce)])
            XCTAssertEqual(swiftui.parameters.stiffness, p.stiffness / p.mass, accuracy: 1e-9)
            XCTAssertEqual(swiftui.parameters.damping, p.damping / p.mass, accuracy: 1e-9)
        }
    }

    // MARK: Motion's findSpring

    /// Reference test vectors: findSpring(0.8 s, 0.3) → k 151.2791, c 17.2194; (0.5 s, 0) → 341.0237, 36.9337.
    func testMotionFindSpringMatchesItsTestVectors() throws {
        let a = try XCTUnwrap(PlatformSpringCurve.motionFindSpring(duration: 0.8, bounce: 0.3))
        XCTAssertEqual(a.stiffness, 151.2791, accuracy: 1e-3)
        XCTAssertEqual(a.damping, 17.2194, accuracy: 1e-3)
        let b = try XCTUnwrap(PlatformSpringCurve.motionFindSpring(duration: 0.5, bounce: 0))
        XCTAssertEqual(b.stiffness, 341.0237, accuracy: 1e-3)
        XCTAssertEqual(b.damping, 36.9337, accuracy: 1e-3)
    }

    /// The duration printed for Motion's {duration, bounce} gives back (nearly) the spring's ω₀.
    func testMotionDurationRoundTrips() throws {
        for (k, zeta) in [(157.9137, 0.7), (300.0, 0.5774), (1500, 1.0), (100, 0.5)] {
            let w = k.squareRoot()
            let d = PlatformSpringCurve.motionDuration(naturalFrequency: w, dampingRatio: zeta)
            let found = try XCTUnwrap(PlatformSpringCurve.motionFindSpring(duration: d, bounce: 1 - zeta))
            XCTAssertEqual(found.stiffness.squareRoot(), w, accuracy: w * 0.02, "k \(k), ζ \(zeta), d \(d)")
        }
    }

    // MARK: react-spring and POP

    /// react-spring's 1 ms semi-implicit Euler steps, run by hand for the first 3 ms (a 1000 Hz
    /// display hands each frame one step).
    func testReactSpringStepsOneMillisecondAtATime() throws {
        let k = 170.0, c = 26.0
        let played = PlatformRuntime.reactSpring(tension: k, friction: c, mass: 1, velocity: 0, distance: 1,
            hz: 1000, horizon: 1)
        var x = 0.0, v = 0.0
        for ms in 1...3 {
            v += -k * 1e-6 * (x - 1) - c * 1e-3 * v
            x += v
            XCTAssertEqual(played.positions[ms], x, accuracy: 1e-15)
        }
        // Velocity enters in distances per ms: 2 distances/s is 0.002 per step.
        let moving = PlatformRuntime.reactSpring(tension: k, friction: c, mass: 1, velocity: 2, distance: 1,
            hz: 1000, horizon: 1)
        XCTAssertEqual(moving.positions[1], 0.002 * (1 - c * 1e-3) + k * 1e-6, accuracy: 1e-15)
        // At 60 Hz each frame integrates 17 steps: frame 1 is the 17th step.
        let at60 = PlatformRuntime.reactSpring(tension: k, friction: c, mass: 1, velocity: 0, distance: 1, hz: 60,
            horizon: 1)
        XCTAssertEqual(at60.positions[1], played.positions[17], accuracy: 1e-15)
        // It comes to rest at 1 exactly, and stays near the closed form.
        XCTAssertEqual(played.positions.last, 1)
        XCTAssertNotNil(played.restFrame)
        let exact = PlatformRuntime.closedForm(try SpringParameters(stiffness: k, damping: c), velocity: 0,
            distance: 1, hz: 1000, horizon: 1)
        let f = FrameFidelity(played, reference: exact)
        XCTAssertGreaterThan(f.maxDistance, 1e-4)        // Euler is not exact…
        XCTAssertLessThan(f.maxDistance, 0.02)           // …but close at 1 ms
    }

    /// POP's default spring 0 → 100 at 60 Hz (an exact port of POPSpringSolver): frames 1–4.
    func testPopMatchesItsFramesAt60Hz() throws {
        let p = try SpringParameters.pop()
        let played = PlatformRuntime.pop(p, velocity: 0, distance: 100, hz: 60, horizon: 1)
        for (i, x) in [3.5806, 12.6299, 24.1093, 36.8883].enumerated() {
            XCTAssertEqual(played.positions[i + 1], x, accuracy: 2e-4, "frame \(i + 1)")
        }
        XCTAssertEqual(played.positions.last, 100)
    }

    /// A spring too stiff for a platform's 1 ms integrator diverges there: the played motion
    /// says where, and holds printable numbers.
    func testAnUnstableIntegratorIsReportedNotPrinted() throws {
        let p = try SpringParameters(response: 0.002, dampingRatio: 0.5)
        let pop = PlatformRuntime.pop(p, velocity: 0, distance: 300, hz: 60, horizon: 1)
        let rs = PlatformRuntime.reactSpring(tension: p.stiffness, friction: p.damping, mass: 1, velocity: 0,
            distance: 300, hz: 60, horizon: 1)
        for played in [pop, rs] {
            XCTAssertNotNil(played.divergedFrame)
            XCTAssertTrue(played.positions.allSatisfy(\.isFinite))
            XCTAssertEqual(FrameFidelity(played, reference: pop).maxDistance, .infinity)
        }
    }

    // MARK: CSS linear()

    /// The polyline, read back from the printed `linear()` text, stays within 0.5 % of the closed
    /// form at every time (checked on a grid 10× finer than the one that built it), and no stop
    /// can be dropped without going past the bound it was built to.
    func testCSSLinearStaysWithinHalfAPercentWithFewStops() throws {
        let springs: [(SpringParameters, Double)] = [
            (try SpringParameters(duration: 0.5, bounce: 0.3), 0), (try SpringParameters(stiffness: 300, damping: 20), 2),
            (try SpringParameters(stiffness: 100, damping: 2), 0), (SpringParameters(uncheckedMass: 3, stiffness: 1000, damping: 500), -1),
            (try SpringParameters(stiffness: 1500, damping: 2 * 1500.0.squareRoot()), 0),
        ]
        for (p, v) in springs {
            let e = try XCTUnwrap(CSSLinearEasing(parameters: p, initialVelocity: v))
            let stops = try parse(e.css)
            XCTAssertEqual(stops.count, e.stops.count)
            let x = PlatformSpringCurve.closedForm(p, velocity: v)
            let worst = distance(stops, e.duration, x, cells: 40_000)
            XCTAssertLessThanOrEqual(worst, CSSLinearEasing.tolerance, "k \(p.stiffness) c \(p.damping): \(e.css)")
            XCTAssertEqual(worst, e.maxDistance, accuracy: 2e-4)
            // Fewness: dropping any interior stop puts some time past 0.45 %.
            for i in 1..<(stops.count - 1) {
                var fewer = stops
                fewer.remove(at: i)
                XCTAssertGreaterThan(distance(fewer, e.duration, x, cells: 8000), 0.0045, "stop \(i) of \(e.css)")
            }
            // Settle: the duration is the 0.1 % settle time rounded up to a millisecond.
            let settle = SpringConversion(parameters: p, initialVelocity: v).settle
            XCTAssertEqual(e.duration, (settle * 1000).rounded(.up) / 1000, accuracy: 1e-12)
        }
        XCTAssertNil(CSSLinearEasing(parameters: try SpringParameters(stiffness: 100, damping: 0), initialVelocity: 0))
    }

    /// A fast, barely damped spring (ζ 0.005, 219 wiggles over 13.8 s) still keeps the bound:
    /// stop times are exact grid times, never rounded (a rounded time on a 16 Hz wiggle was a
    /// 5 % error).
    func testCSSLinearKeepsTheBoundOnAFastWiggle() throws {
        let p = try SpringParameters(stiffness: 10_000, damping: 1)
        let e = try XCTUnwrap(CSSLinearEasing(parameters: p, initialVelocity: 0))
        let worst = distance(try parse(e.css), e.duration, PlatformSpringCurve.closedForm(p, velocity: 0), cells: 400_000)
        XCTAssertLessThanOrEqual(worst, CSSLinearEasing.tolerance)
    }

    /// A bouncy spring keeps its overshoot in the easing (a stop above 1).
    func testCSSLinearKeepsOvershoot() throws {
        let e = try XCTUnwrap(CSSLinearEasing(parameters: .coreAnimationDefault, initialVelocity: 0))
        XCTAssertGreaterThan(e.stops.map(\.value).max()!, 1.07)   // CA's default overshoots 7.5 %
        XCTAssertTrue(e.css.hasPrefix("linear(0, "), e.css)
        XCTAssertTrue(e.css.hasSuffix(", 1)"), e.css)
    }

    // MARK: Presets

    func testPresetsHoldTheirSourcesValues() throws {
        let push = try XCTUnwrap(SpringPreset.named("ios.navigation")).parameters
        XCTAssertEqual([push.mass, push.stiffness, push.damping], [3, 1000, 500])
        XCTAssertEqual(push.dampingRatio, 4.5644, accuracy: 1e-4)
        let m3 = try XCTUnwrap(SpringPreset.named("m3.standard.spatial")).parameters
        XCTAssertEqual(m3.stiffness, 700)
        XCTAssertEqual(m3.dampingRatio, 0.9, accuracy: 1e-12)
        let expressive = try XCTUnwrap(SpringPreset.named("m3.expressive.spatial.fast")).parameters
        XCTAssertEqual([expressive.stiffness, expressive.dampingRatio].map { ($0 * 1e9).rounded() / 1e9 }, [800, 0.6])
        let bouncy = try XCTUnwrap(SpringPreset.named("swiftui.bouncy")).parameters
        XCTAssertEqual(bouncy.stiffness, 157.9137, accuracy: 1e-4)
        XCTAssertEqual(bouncy.damping, 17.5929, accuracy: 1e-4)
        XCTAssertEqual(try XCTUnwrap(SpringPreset.named("pop.default")).parameters.stiffness, 342.100588, accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(SpringPreset.named("react-spring.wobbly")).parameters.damping, 12)
        XCTAssertEqual(Set(SpringPreset.all.map(\.name)).count, SpringPreset.all.count)
    }

    // MARK: Helpers

    /// The stops of `linear(a, b p%, …, z)`: first at 0 %, last at 100 % when not given.
    private func parse(_ css: String) throws -> [(progress: Double, value: Double)] {
        XCTAssertTrue(css.hasPrefix("linear(") && css.hasSuffix(")"), css)
        let body = css.dropFirst("linear(".count).dropLast()
        let parts = body.components(separatedBy: ", ")
        return try parts.enumerated().map { i, part in
            let words = part.split(separator: " ")
            let value = try XCTUnwrap(Double(words[0]), part)
            if words.count == 2 {
                XCTAssertTrue(words[1].hasSuffix("%"), part)
                return (try XCTUnwrap(Double(words[1].dropLast())) / 100, value)
            }
            XCTAssertTrue(i == 0 || i == parts.count - 1, "only the ends may omit their percentage: \(part)")
            return (i == 0 ? 0 : 1, value)
        }
    }

    /// max |polyline − curve| over 1.5 durations, the polyline held at 1 after the last stop.
    private func distance(_ stops: [(progress: Double, value: Double)], _ duration: Double, _ x: (Double) -> Double, cells: Int) -> Double {
        var worst = 0.0
        var k = 0
        for i in 0...cells {
            let tau = 1.5 * Double(i) / Double(cells)
            let y: Double
            if tau >= 1 { y = 1 } else {
                while k + 1 < stops.count - 1 && stops[k + 1].progress <= tau { k += 1 }
                let a = stops[k], b = stops[k + 1]
                y = a.value + (b.value - a.value) * (tau - a.progress) / (b.progress - a.progress)
            }
            worst = max(worst, abs(y - x(tau * duration)))
        }
        return worst
    }
}
