import Dynamics
@testable import Animations
import XCTest

/// `SpringConversion` against reference §7: configs S1–S10, settle times to 0.1 %, POP
/// round trips, and the combinations that must be refused.
final class SpringConversionTests: XCTestCase {
    /// (m, k, c, ζ, Hz, response, bounce, settle to 0.1 %) from the reference's tables.
    static let vectors: [(String, Double, Double, Double, Double, Double, Double, Double, Double)] = [
        ("S1", 1, 300, 20, 0.5774, 2.7566, 0.3628, 0.4226, 0.7110),
        ("S2", 1, 483.6106, 17.5929, 0.4, 3.5, 0.2857, 0.6, 0.7946),
        ("S3", 1, 157.9137, 20.7345, 0.825, 2.0, 0.5, 0.175, 0.6886),
        ("S4", 1, 157.9137, 25.1327, 1, 2.0, 0.5, 0, 0.7348),
        ("S5", 1, 157.9137, 17.5929, 0.7, 2.0, 0.5, 0.3, 0.8187),
        ("S6", 1, 157.9137, 50.2655, 2.0, 2.0, 0.5, -0.5, 2.0736),
        ("S7", 1, 342.1006, 30.4870, 0.8242, 2.9437, 0.3397, 0.1758, 0.4676),
        ("S8", 1, 230.2, 22, 0.7250, 2.4148, 0.4141, 0.2750, 0.6601),
        ("S9", 1, 100, 10, 0.5, 1.5915, 0.6283, 0.5, 1.2702),
        ("S10", 3, 1000, 500, 4.5644, 2.9058, 0.3441, -0.7809, 3.4180),
    ]

    func testEveryParameterisationGivesTheReferenceSpring() throws {
        for (id, m, k, c, zeta, hz, response, bounce, settle) in Self.vectors {
            // From each parameterisation back to (m, k, c) and across to the others.
            let givens: [[(name: String, value: Double)]] = [
                [("mass", m), ("stiffness", k), ("damping", c)],
                [("mass", m), ("frequency", hz), ("dampingRatio", zeta)],
                [("mass", m), ("response", response), ("dampingRatio", zeta)],
            ] + (m == 1 ? [[("duration", response), ("bounce", bounce)]] : [])
            for given in givens {
                let s = try SpringConversion.convert(given)
                let what = "\(id) from \(given.map(\.name))"
                // The table's values have four decimals: compare relatively at 5e-4.
                XCTAssertEqual(s.parameters.stiffness / k, 1, accuracy: 5e-4, what)
                XCTAssertEqual(s.parameters.damping / c, 1, accuracy: 5e-4, what)
                XCTAssertEqual(s.dampingRatio, zeta, accuracy: 5e-4, what)
                XCTAssertEqual(s.frequency, hz, accuracy: 5e-4, what)
                XCTAssertEqual(s.response, response, accuracy: 5e-4, what)
                XCTAssertEqual(s.bounce, bounce, accuracy: 5e-4, what)
                XCTAssertEqual(s.settle, settle, accuracy: 2e-3, what)
            }
        }
    }

    func testUnitStepOvershoot() throws {
        // Underdamped from rest: the first peak, exp(−σπ/ω_d); S1 → 10.80 %.
        let s1 = try SpringConversion.convert([("stiffness", 300), ("damping", 20)])
        XCTAssertEqual(s1.overshoot, exp(-10 * Double.pi / 200.0.squareRoot()), accuracy: 1e-9)
        let s4 = try SpringConversion.convert([("duration", 0.5), ("bounce", 0)])
        XCTAssertEqual(s4.overshoot, 0, accuracy: 1e-12)
        // With velocity: S1 with v₀ = +5 reaches 1.086937 at 0.25 s (reference §7), near its peak;
        // 500 units/s with 100 to go is 5 distances/s.
        let fast = try SpringConversion.convert([("stiffness", 300), ("damping", 20), ("velocity", 500), ("distance", 100)])
        XCTAssertGreaterThanOrEqual(fast.overshoot, 0.086937)
        XCTAssertLessThan(fast.overshoot, 0.12)
    }

    func testPopRoundTrips() throws {
        // Reference §7: (bounciness, speed) → (tension, friction), and back.
        let cases: [(Double, Double, Double, Double)] = [
            (12, 5, 193.414412, 14.253680), (0, 12, 342.100588, 36.925881), (20, 20, 512.027647, 13.356488),
            (4, 20, 512.027647, 37.120741), (10, 10, 299.618824, 20.572938), (4, 12, 342.100588, 30.486980),
        ]
        for (bounciness, speed, tension, friction) in cases {
            let s = try SpringConversion.convert([("springSpeed", speed), ("springBounciness", bounciness)])
            XCTAssertEqual(s.parameters.stiffness, tension, accuracy: 1e-6)
            XCTAssertEqual(s.parameters.damping, friction, accuracy: 1e-6)
            let back = try XCTUnwrap(s.pop)
            XCTAssertEqual(back.springSpeed, speed, accuracy: 1e-4)
            XCTAssertEqual(back.springBounciness, bounciness, accuracy: 1e-4)
            // POP's own test: (tension 240, friction 25) round-trips through speed/bounciness.
        }
        let raw = try SpringConversion.convert([("stiffness", 240), ("damping", 25)])
        let sb = try XCTUnwrap(raw.pop)
        let again = try SpringConversion.convert([("springSpeed", sb.springSpeed), ("springBounciness", sb.springBounciness)])
        XCTAssertEqual(again.parameters.stiffness, 240, accuracy: 1e-4)
        XCTAssertEqual(again.parameters.damping, 25, accuracy: 1e-4)
        // Heavier damping than POP's "no bounce" curve has no speed/bounciness.
        XCTAssertNil(try SpringConversion.convert([("stiffness", 100), ("damping", 60)]).pop)
    }

    func testOrigamiRoundTrip() throws {
        // Rebound's default, Origami (40, 7) → tension 230.2, friction 22 (S8).
        let s = try SpringConversion.convert([("origamiTension", 40), ("origamiFriction", 7)])
        XCTAssertEqual(s.parameters.stiffness, 230.2, accuracy: 1e-9)
        XCTAssertEqual(s.parameters.damping, 22, accuracy: 1e-9)
        XCTAssertEqual(s.origamiTension, 40, accuracy: 1e-9)
        XCTAssertEqual(s.origamiFriction, 7, accuracy: 1e-9)
    }

    func testBadCombinationsSayWhatToGive() {
        func message(_ g: [(name: String, value: Double)]) -> String {
            do { _ = try SpringConversion.convert(g); return "" } catch { return error.description }
        }
        XCTAssertEqual(message([("frequency", 2), ("dampingRatio", 0.5), ("duration", 0.5), ("bounce", 0.2)]),
                       "two parameterisations at once: frequency, dampingRatio (of frequency/dampingRatio) and duration, bounce (of duration/bounce); give one")
        XCTAssertEqual(message([("stiffness", 300), ("dampingRatio", 0.8), ("response", 0.3)]),
                       "two parameterisations at once: stiffness, dampingRatio (of stiffness/dampingRatio) and response (of response/dampingRatio); give one")
        XCTAssertEqual(message([("mass", -1), ("stiffness", 100), ("damping", 10)]), "mass must be > 0, got -1")
        XCTAssertEqual(message([("duration", 0.5), ("bounce", 1)]),
                       "bounce must be greater than -1 and less than 1 (1 would never stop), got 1")
        XCTAssertEqual(message([("frequency", 2)]), "frequency needs dampingRatio")
        XCTAssertEqual(message([("mass", 2), ("duration", 0.5), ("bounce", 0)]),
                       "mass goes with stiffness, frequency, response or tension; duration/bounce springs have mass 1")
        XCTAssertTrue(message([]).hasPrefix("no spring given; give one of: stiffness + damping"))
        XCTAssertEqual(message([("stiffnes", 1)]), "unknown parameter stiffnes")
    }
}
