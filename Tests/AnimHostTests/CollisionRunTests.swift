import XCTest
import TestSupport

/// The collision examples run by the binary: byte-identical across processes, pinned by a
/// committed hash, and the events they print come after the step that caused them.
final class CollisionRunTests: XCTestCase {
    func testPileRunIsTheSameInTwoProcessesAndMatchesGoldenHash() throws {
        let args = ["run", "behaviors/pile.lua", "--set", "count=30", "--duration", "2"]
        let first = try runAnimhost(args), second = try runAnimhost(args)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stdout, second.stdout)
        var h = FNV1a()
        h.add(first.stdout)
        XCTAssertEqual(h.value, Self.pileGolden, String(format: "golden hash changed: 0x%016llx", h.value))
    }

    func testHeavyAndSnakeRunToTheirEnd() throws {
        let heavy = try runAnimhost(["run", "behaviors/heavy.lua"])
        XCTAssertEqual(heavy.status, 0, heavy.stderr)
        // 5 s (the script's duration): it fell, rested, flipped, and is bouncing at the top,
        // straight up and down.
        let last = heavy.stdout.split(separator: "\n").last ?? ""
        XCTAssertTrue(last.hasPrefix("5,heavy,160,"), String(last))
        let snake = try runAnimhost(["run", "behaviors/snake.lua", "--columns", "alpha"])
        XCTAssertEqual(snake.status, 0, snake.stderr)
        // The head touched the right edge during the demo: some frame shows it half-transparent.
        XCTAssertTrue(snake.stdout.split(separator: "\n").contains { $0.hasPrefix("1.5,head,") && $0.hasSuffix(",0.5") })
    }

    // Re-pinned when contacts were solved in Float lanes (four per bundle, single precision
    // like Box2D v3), then when the substeps turned rotations without sin/cos: the
    // trajectories moved in their last digits. Then when islands at rest came to sleep: from
    // t ≈ 0.97 s the boxes that settled report velocity 0 and stay put (box1 first, 3·10⁻⁵ pt
    // from where it crept before). Then when sleeping islands' contacts came to be kept behind
    // the awake ones (sleeping islands leave the step): the awake contacts' order, and so the
    // solver's, changes once the first island sleeps; from t = 1.05 s the frames differ by at
    // most 0.05 in their last digits. Then when the contact points came to be prepared in
    // Float, four lanes at a time: from t = 0.23 s positions differ by at most 0.0013 pt,
    // angles by 1.1·10⁻⁵ rad, velocities by 0.03 pt/s; the same boxes rest at the end. Then
    // when the lanes came to keep the anchors as r × n and r × t: from t = 0.27 s positions
    // differ by at most 0.0008 pt, angles by 9·10⁻⁶ rad, velocities by 0.034 pt/s.
    static let pileGolden: UInt64 = 0x7433_2780_f482_61ff
}
