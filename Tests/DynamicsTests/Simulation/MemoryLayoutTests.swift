import XCTest
import Dynamics
@testable import Physics

/// The sizes the hot structs' comments state (what the solver sweeps per body).
final class MemoryLayoutTests: XCTestCase {
    func testHotStateSizesMatchTheirComments() {
        XCTAssertEqual(MemoryLayout<BodyState>.size, 129)
        XCTAssertEqual(MemoryLayout<BodyState>.stride, 136)
        XCTAssertEqual(MemoryLayout<SolverBody>.size, 64)
        XCTAssertEqual(MemoryLayout<SolverBody>.stride, 64)
        XCTAssertEqual(MemoryLayout<SolverMotion>.size, 48)
    }
}
