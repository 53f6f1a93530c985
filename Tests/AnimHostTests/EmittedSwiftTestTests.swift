import Foundation
import XCTest
import TestSupport

/// The emitted XCTest needs SwiftUI (Apple's only), but its vectors and their check are plain
/// Swift: compiled here with swiftc and run against a closed-form spring written from the
/// damped oscillator's solution (with the literals the emitted test gives SwiftUI's `Spring`),
/// they pass; against a spring 2 % stiffer they fail — the check can fail.
final class EmittedSwiftTestTests: XCTestCase {
    /// x(t) from 0 towards `target`, released at `velocity`, for a unit mass: the closed form
    /// of each damping regime.
    private let model = """

        let arguments = CommandLine.arguments.dropFirst().compactMap(Double.init)
        let (k, c, target, velocity) = (arguments[0], arguments[1], arguments[2], arguments[3])
        func position(_ t: Double) -> Double {
            let w0 = k.squareRoot(), zeta = c / (2 * w0), a = -target   // y = x − target, y(0) = a
            if zeta < 1 {
                let wd = w0 * (1 - zeta * zeta).squareRoot(), b = (velocity + zeta * w0 * a) / wd
                return target + exp(-zeta * w0 * t) * (a * cos(wd * t) + b * sin(wd * t))
            }
            if zeta == 1 { return target + exp(-w0 * t) * (a + (velocity + w0 * a) * t) }
            let root = (zeta * zeta - 1).squareRoot(), r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
            let c2 = (velocity - r1 * a) / (r2 - r1)
            return target + (a - c2) * exp(r1 * t) + c2 * exp(r2 * t)
        }
        print("misses \\(SpringHandoffVectors.misses(position).count) of \\(SpringHandoffVectors.frames.count)")

        """

    func testThePlainSwiftPartCompilesAndHoldsAClosedFormSpringToTheVectors() throws {
        let dir = try makeTemporaryDirectory("emitted-swift")
        let r = try runAnimhost(["spring", "--stiffness", "60", "--damping-ratio", "0.3", "--velocity", "900",
            "--distance", "300", "--to", "swiftui", "--tests", dir])
        XCTAssertEqual(r.status, 0, r.stderr)
        let emitted = try String(contentsOfFile: dir + "/SpringHandoffTests.swift", encoding: .utf8)
        let mark = try XCTUnwrap(emitted.range(of: "// MARK: - The vectors (plain Swift: no SwiftUI, no XCTest)"))
        // The literals the XCTest gives SwiftUI's Spring, and its target and velocity.
        let spring = try XCTUnwrap(emitted.firstMatch(of: /Spring\(mass: 1, stiffness: ([0-9.]+), damping: ([0-9.]+)\)/))
        let value = try XCTUnwrap(emitted.firstMatch(of: /value\(target: ([0-9.]+), initialVelocity: ([-0-9.]+),/))
        XCTAssertEqual(String(spring.1), "60")
        let source = "import Foundation\n" + String(emitted[mark.lowerBound...]) + model
        try source.write(toFile: dir + "/main.swift", atomically: true, encoding: .utf8)
        let swiftc = try runProgram("/usr/bin/env", ["swiftc", "-Onone", dir + "/main.swift", "-o", dir + "/check"])
        XCTAssertEqual(swiftc.status, 0, swiftc.stderr)
        let frames = emitted.components(separatedBy: "\n").filter { $0.hasPrefix("        [") }.count
        XCTAssertGreaterThan(frames, 100)

        let pass = try runProgram(dir + "/check", [String(spring.1), String(spring.2), String(value.1), String(value.2)])
        XCTAssertEqual(pass.stdout, "misses 0 of \(frames)\n", pass.stderr)
        let stiffer = String(Double(spring.1)! * 1.02)
        let fail = try runProgram(dir + "/check", [stiffer, String(spring.2), String(value.1), String(value.2)])
        XCTAssertNotEqual(fail.stdout, "misses 0 of \(frames)\n", fail.stdout)
        XCTAssertTrue(fail.stdout.hasPrefix("misses "), fail.stdout + fail.stderr)
    }
}
