import Dynamics
@testable import Animations
import XCTest

final class BoundedSearchTests: XCTestCase {
    func testFindsTheMinimumOfARosenbrockValleyInTheBox() {
        let f: ([Double]) -> Double = { p in
            let a = 1 - p[0], b = p[1] - p[0] * p[0]
            return a * a + 100 * b * b
        }
        let r = BoundedSearch.nelderMead(f, start: [-1, 2], lower: [-2, -1], upper: [2, 3], step: 0.1, maxEvaluations: 2000, tolerance: 1e-10)
        XCTAssertEqual(r.x[0], 1, accuracy: 1e-3)
        XCTAssertEqual(r.x[1], 1, accuracy: 2e-3)
        // Same start, same answer, bit for bit.
        let again = BoundedSearch.nelderMead(f, start: [-1, 2], lower: [-2, -1], upper: [2, 3], step: 0.1, maxEvaluations: 2000, tolerance: 1e-10)
        XCTAssertEqual(r.x, again.x)
    }

    func testStaysInTheBox() {
        // The unconstrained minimum (5, −3) lies outside: the answer is the nearest corner.
        let r = BoundedSearch.nelderMead({ p in (p[0] - 5) * (p[0] - 5) + (p[1] + 3) * (p[1] + 3) },
                                         start: [0.5, 0.5], lower: [0, 0], upper: [1, 1])
        XCTAssertEqual(r.x[0], 1, accuracy: 1e-6)
        XCTAssertEqual(r.x[1], 0, accuracy: 1e-6)
        XCTAssertEqual(BoundedSearch.grid(lower: [0, 10], upper: [1, 20]).count, 36)
    }
}
