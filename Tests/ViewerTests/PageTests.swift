@testable import Viewer
import XCTest

/// The page is three files (page.html, page.css, page.js) served as one document: the
/// style and the script stand where page.html's placeholder lines were.
final class PageTests: XCTestCase {
    func testTheStyleAndScriptAreInlinedWhereThePlaceholdersWere() {
        let html = Page.html
        XCTAssertTrue(html.hasPrefix("<!doctype html>\n"))
        XCTAssertTrue(html.hasSuffix("</html>\n"))
        XCTAssertFalse(html.contains("goes here (Page.swift)"), "a placeholder was left in the page")
        XCTAssertTrue(html.contains("<style>\n:root {"), "the style is not inside <style>")
        XCTAssertTrue(html.contains("<script>\n\"use strict\";"), "the script is not inside <script>")
        XCTAssertTrue(html.contains("requestAnimationFrame(draw);\n</script>\n</body>"), "the script's end")
    }

    func testInliningReplacesEachPlaceholderLineOnce() {
        let page = Page.inline(into: "<a>\n/* A */\n</a>\n<b>\n// B\n</b>\n",
                               (placeholder: "/* A */\n", text: "a {}\n"), (placeholder: "// B\n", text: "b();\n"))
        XCTAssertEqual(page, "<a>\na {}\n</a>\n<b>\nb();\n</b>\n")
    }
}
