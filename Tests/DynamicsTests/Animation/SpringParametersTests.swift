import XCTest
import Dynamics
@testable import Animations

/// Conversions between spring parameterisations (reference §2 and §7). Printed values carry 4 or
/// 6 decimals; each check allows half a unit of the last printed digit plus a little slack.
final class SpringParametersTests: XCTestCase {
    func testDerivedQuantitiesOfTheTenConfigurations() throws {
        for f in try springFixtures() {
            let p = f.parameters
            XCTAssertEqual(p.dampingRatio, f.derived.zeta, accuracy: 6e-5, f.id)
            XCTAssertEqual(p.frequency, f.derived.hertz, accuracy: 6e-5, f.id)
            XCTAssertEqual(p.response, f.derived.response, accuracy: 6e-5, f.id)
            XCTAssertEqual(p.bounce, f.derived.bounce, accuracy: 6e-5, f.id)
            XCTAssertEqual(p.naturalFrequency, 2 * Double.pi * p.frequency, accuracy: 1e-12, f.id)
        }
    }

    func testCoefficientsOfTheTenConfigurations() throws {
        let printed: [String: (m: Double, k: Double, c: Double)] = [
            "S2": (1, 483.6106, 17.5929), "S3": (1, 157.9137, 20.7345), "S4": (1, 157.9137, 25.1327),
            "S5": (1, 157.9137, 17.5929), "S6": (1, 157.9137, 50.2655), "S7": (1, 342.1006, 30.4870),
            "S8": (1, 230.2, 22), "S9": (1, 100, 10),
        ]
        for f in try springFixtures() {
            guard let e = printed[f.id] else { continue }
            XCTAssertEqual(f.parameters.mass, e.m, f.id)
            XCTAssertEqual(f.parameters.stiffness, e.k, accuracy: 6e-5, f.id)
            XCTAssertEqual(f.parameters.damping, e.c, accuracy: 6e-5, f.id)
        }
    }

    func testAppleDocumentationExamples() throws {
        // Spring(duration: 0.5, bounce: 0.3) → mass 1, stiffness 157.9, damping 17.6.
        let a = try SpringParameters(duration: 0.5, bounce: 0.3)
        XCTAssertEqual(a.mass, 1)
        XCTAssertEqual(a.stiffness, 157.9, accuracy: 0.05)
        XCTAssertEqual(a.damping, 17.6, accuracy: 0.05)
        // (m 1, k 100, c 10) → duration 0.63, bounce 0.5.
        let b = try SpringParameters(mass: 1, stiffness: 100, damping: 10)
        XCTAssertEqual(b.response, 0.63, accuracy: 0.005)
        XCTAssertEqual(b.bounce, 0.5, accuracy: 1e-12)
    }

    func testPOPBouncyConversion() throws {
        // (bounciness, speed) → (tension, friction), printed with 6 decimals.
        let vectors: [(b: Double, s: Double, k: Double, c: Double)] = [
            (4, 12, 342.100588, 30.486980), (12, 5, 193.414412, 14.253680), (0, 12, 342.100588, 36.925881),
            (20, 20, 512.027647, 13.356488), (4, 20, 512.027647, 37.120741), (10, 10, 299.618824, 20.572938),
        ]
        for v in vectors {
            let p = try SpringParameters.pop(springSpeed: v.s, springBounciness: v.b)
            XCTAssertEqual(p.stiffness, v.k, accuracy: 6e-7, "bounciness \(v.b) speed \(v.s)")
            XCTAssertEqual(p.damping, v.c, accuracy: 6e-7, "bounciness \(v.b) speed \(v.s)")
            XCTAssertEqual(p.mass, 1)
        }
        // The defaults are speed 12, bounciness 4: ζ 0.8242, ω₀ 18.496 rad/s (2.944 Hz).
        let d = try SpringParameters.pop()
        XCTAssertEqual(d.dampingRatio, 0.8242, accuracy: 6e-5)
        XCTAssertEqual(d.naturalFrequency, 18.496, accuracy: 6e-4)
        XCTAssertEqual(d.frequency, 2.944, accuracy: 6e-4)
    }

    func testPOPRawAndOrigamiConversions() throws {
        let raw = try SpringParameters.pop(tension: 240, friction: 25)
        XCTAssertEqual(raw.stiffness, 240)
        XCTAssertEqual(raw.damping, 25)
        XCTAssertEqual(raw.mass, 1)
        // Rebound's default config, Origami (40, 7) → tension 230.2, friction 22.
        let rebound = try SpringParameters.origami(tension: 40, friction: 7)
        XCTAssertEqual(rebound.stiffness, 230.2, accuracy: 1e-12)
        XCTAssertEqual(rebound.damping, 22, accuracy: 1e-12)
        // Friction 0 maps to 0 (Rebound), not to 25 + (0 − 8)·3 = 1.
        XCTAssertEqual(try SpringParameters.origami(tension: 40, friction: 0).damping, 0)
    }

    func testOtherParameterisations() throws {
        let f = try SpringParameters(frequency: 2, dampingRatio: 0.5, mass: 2)
        XCTAssertEqual(f.frequency, 2, accuracy: 1e-12)
        XCTAssertEqual(f.dampingRatio, 0.5, accuracy: 1e-12)
        XCTAssertEqual(f.mass, 2)
        let r = try SpringParameters(response: 0.3, dampingRatio: 1.5)
        XCTAssertEqual(r.response, 0.3, accuracy: 1e-12)
        XCTAssertEqual(r.dampingRatio, 1.5, accuracy: 1e-12)
        XCTAssertEqual(r.bounce, 1 / 1.5 - 1, accuracy: 1e-12)
        // Bounce round-trips through duration/bounce for both signs.
        for bounce in [-0.9, -0.5, 0, 0.2, 0.7, 1] {
            let p = try SpringParameters(duration: 0.4, bounce: bounce)
            XCTAssertEqual(p.bounce, bounce, accuracy: 1e-12)
            XCTAssertEqual(p.response, 0.4, accuracy: 1e-12)
        }
    }

    func testInvalidParametersGiveClearErrors() {
        XCTAssertEqual(errorMessage { try SpringParameters(mass: 0, stiffness: 100, damping: 10) },
                       "mass must be > 0, got 0")
        XCTAssertEqual(errorMessage { try SpringParameters(mass: -1, stiffness: 100, damping: 10) },
                       "mass must be > 0, got -1")
        XCTAssertEqual(errorMessage { try SpringParameters(stiffness: 0, damping: 10) },
                       "stiffness must be > 0, got 0")
        XCTAssertEqual(errorMessage { try SpringParameters(stiffness: 100, damping: -2.5) },
                       "damping must be ≥ 0, got -2.5")
        XCTAssertEqual(errorMessage { try SpringParameters(stiffness: .nan, damping: 1) },
                       "stiffness must be > 0, got nan")
        XCTAssertEqual(errorMessage { try SpringParameters(frequency: 0, dampingRatio: 0.5) },
                       "frequency must be > 0, got 0")
        XCTAssertEqual(errorMessage { try SpringParameters(response: 0.5, dampingRatio: -1) },
                       "dampingRatio must be ≥ 0, got -1")
        XCTAssertEqual(errorMessage { try SpringParameters(duration: 0.5, bounce: -1) },
                       "bounce must be > -1 and ≤ 1, got -1")
        XCTAssertEqual(errorMessage { try SpringParameters.pop(springSpeed: -1) },
                       "springSpeed must be ≥ 0, got -1")
        XCTAssertEqual(errorMessage { try SpringParameters.pop(tension: 0, friction: 1) },
                       "tension must be > 0, got 0")
        XCTAssertTrue(errorMessage { try SpringParameters.origami(tension: 0, friction: 7) }
            .hasPrefix("origamiTension must be > -23.59"))
        XCTAssertTrue(errorMessage { try SpringParameters.origami(tension: 40, friction: -5) }
            .hasPrefix("origamiFriction must be ≥ -0.33"))
    }
}
