import XCTest
import TestSupport

/// `animhost.tunable(name, default, {scale = "log"})`: checked where it is declared, and sent
/// to the viewer, whose slider then moves evenly in log(value).
final class TunableScaleTests: XCTestCase {
    private let still = """
        local a = animhost.item{name = "a", center = {0, 0}}
        animhost.animator{}
        """

    func testLogScaleNeedsAPositiveMin() throws {
        let cases: [(String, String)] = [
            (#"animhost.tunable("k", 100, {scale = "log"})"#,
             #"tunable 'k': scale = "log" needs min (a number > 0): a log scale has no zero or negative values"#),
            (#"animhost.tunable("k", 100, {min = 0, max = 1000, scale = "log"})"#,
             #"tunable 'k': scale = "log" needs min > 0, got min 0 (a log scale has no zero or negative values)"#),
            (#"animhost.tunable("k", 100, {min = 1, max = 1000, scale = "logarithmic"})"#,
             #"bad argument #3 to 'tunable' (field 'scale': expected one of "linear", "log", got "logarithmic")"#),
            (#"animhost.tunable("k", 100, {min = 1, max = 1000, scale = "lgo"})"#,
             #"(field 'scale': expected one of "linear", "log", got "lgo"; did you mean 'log'?)"#),
        ]
        for (declaration, message) in cases {
            let path = try temporaryFile("scaled.lua", still + "\nlocal k = " + declaration + "\n")
            let r = try runAnimhost(["run", path, "--duration", "0"])
            XCTAssertEqual(r.status, 1, declaration)
            XCTAssertTrue(r.stderr.contains(message), "\(declaration)\n\(r.stderr)")
        }
    }

    func testALogScaleTunableRuns() throws {
        let path = try temporaryFile("scaled.lua", still + """

            print(animhost.tunable("k", 100, {min = 10, max = 10000, scale = "log"}), animhost.tunable("r", 0.998, {min = 0.9, max = 0.9999, scale = "linear"}))
            """)
        let r = try runAnimhost(["run", path, "--duration", "0", "--set", "k=5000"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "5000.0\t0.998\n")
    }
}
