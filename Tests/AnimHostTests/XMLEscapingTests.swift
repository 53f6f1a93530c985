@testable import AnimHost
import XCTest

/// The SVG pictures and the JUnit report escape text with one function (`xmlEscaped`); the
/// pictures' own escaper used to pass U+FFFF through (not XML) and wrote `?` for a control.
final class XMLEscapingTests: XCTestCase {
    func testMarkupCharactersBecomeEntities() {
        XCTAssertEqual(xmlEscaped(#"a<b>&"c'"#), "a&lt;b&gt;&amp;&quot;c'")
    }

    func testCharactersXMLHasNotAreReplaced() {
        XCTAssertEqual(xmlEscaped("a\u{1}b\r\nc\td\u{FFFE}\u{FFFF}é"), "a b \nc\td\u{FFFD}\u{FFFD}é")
    }

    func testPictureTextUsesTheSameEscaper() {
        XCTAssertTrue(Svg.text(0, 0, "box\u{1B}\u{FFFF}<1>").contains(">box \u{FFFD}&lt;1&gt;</text>"))
    }
}
