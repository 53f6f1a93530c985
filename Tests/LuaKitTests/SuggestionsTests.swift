import XCTest
@testable import LuaKit

/// "Did you mean": the closest name, with a swap of two neighbouring letters as one edit.
final class SuggestionsTests: XCTestCase {
    /// Levenshtein counted `ratoi` → `ratio` as 2 edits, the same as `ratoi` → `rate`, and the
    /// earlier candidate won.
    func testATranspositionBeatsTwoEdits() {
        XCTAssertEqual(Suggestions.closest(to: "ratoi", in: ["rate", "ratio"]), "ratio")
        XCTAssertEqual(Suggestions.closest(to: "frequnecy", in: ["force", "frequency"]), "frequency")
    }

    func testDistanceCountsEachEditOnce() {
        func d(_ a: String, _ b: String) -> Int { Suggestions.distance(Array(a), Array(b)) }
        XCTAssertEqual(d("ratoi", "ratio"), 1)
        XCTAssertEqual(d("ratoi", "rate"), 2)
        XCTAssertEqual(d("", "abc"), 3)
        XCTAssertEqual(d("kitten", "sitting"), 3)
        XCTAssertEqual(d("ca", "abc"), 3)   // optimal string alignment: no edit of a swapped pair
        XCTAssertEqual(d("same", "same"), 0)
    }

    func testNothingCloseSuggestsNothing() {
        XCTAssertNil(Suggestions.closest(to: "gravity", in: ["rate", "ratio"]))
    }
}
