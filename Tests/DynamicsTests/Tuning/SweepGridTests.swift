import Dynamics
@testable import Animations
import XCTest

final class SweepGridTests: XCTestCase {
    func testValuesAndOrder() throws {
        let f = try SweepGrid.Range.parse("frequency=2:3:0.5").get()
        XCTAssertEqual(f.values, [2, 2.5, 3])
        // No accumulated rounding: 0.1 steps land on 0.3 and include TO.
        XCTAssertEqual(try SweepGrid.Range.parse("d=0.1:0.3:0.1").get().values, [0.1, 0.2, 0.3])
        let g = try SweepGrid(ranges: [f, try SweepGrid.Range.parse("damping=0.4:0.5:0.1").get()])
        XCTAssertEqual(g.count, 6)
        XCTAssertEqual((0..<6).map { g.combination($0) },
                       [[2, 0.4], [2, 0.5], [2.5, 0.4], [2.5, 0.5], [3, 0.4], [3, 0.5]])
        XCTAssertEqual(g.indices(shard: 2, of: 4), [1, 5])
        XCTAssertEqual((1...4).flatMap { g.indices(shard: $0, of: 4) }.sorted(), Array(0..<6))
    }

    func testBadRanges() {
        for text in ["frequency", "f=1:2", "f=2:1:1", "f=1:2:0", "=1:2:1", "f=1:nan:1"] {
            if case .success = SweepGrid.Range.parse(text) { XCTFail(text) }
        }
        XCTAssertThrowsError(try SweepGrid(ranges: [.init(name: "a", from: 0, to: 1, step: 1), .init(name: "a", from: 0, to: 1, step: 1)]))
        XCTAssertThrowsError(try SweepGrid(ranges: [.init(name: "a", from: 0, to: 1e7, step: 1)]))
    }
}

extension SweepGridTests {
    /// A tiny step is weighed in Double and refused before any value list exists: 1e-300
    /// trapped converting 10³⁰¹ to Int, 1e-17 tried to allocate 8·10¹⁸ bytes.
    func testHugeRangesAreRefusedBeforeAnythingIsMade() throws {
        for step in ["1e-300", "1e-17", "5e-324"] {
            let r = try SweepGrid.Range.parse("k=0:10:\(step)").get()
            XCTAssertGreaterThan(r.size, 1e6)
            XCTAssertEqual(r.count, SweepGrid.maximumCount + 1, "clamped, never a trap")
            XCTAssertThrowsError(try SweepGrid(ranges: [r])) { e in
                XCTAssertTrue("\(e)".contains("give it a larger step"), "\(e)")
            }
        }
        let wide = try SweepGrid.Range.parse("k=-1e308:1e308:1").get()
        XCTAssertThrowsError(try SweepGrid(ranges: [wide])) { e in XCTAssertTrue("\(e)".contains("more than 1e308"), "\(e)") }
        XCTAssertEqual(SweepGrid.roughly(9.999999999999999e17), "about 1e18")
        XCTAssertEqual(SweepGrid.roughly(2.5e20), "about 2.5e20")
        XCTAssertEqual(SweepGrid.roughly(190001), "190001")
        // A valid grid's combinations come from value(at:), the same values as `values`.
        let g = try SweepGrid(ranges: [try SweepGrid.Range.parse("a=0:1:0.1").get(), try SweepGrid.Range.parse("b=0:0.3:0.1").get()])
        XCTAssertEqual(g.combination(g.count - 1), [1, 0.3])
        XCTAssertEqual(g.ranges[0].values.count, g.ranges[0].count)
    }
}
