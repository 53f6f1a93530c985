/// The page `animhost view` serves at `/`: one HTML document with its style and script
/// inline, so nothing is fetched from anywhere else.
///
/// The three parts are files of their own language beside this one — `page.html` (the
/// document), `page.css` (the style) and `page.js` (draws the last frame the server sent on
/// every display frame, turns pointer events into scene touches, drives the controls) —
/// compiled into the binary by SwiftPM's `.embedInCode` (nothing is read at run time).
/// `page.html` holds one placeholder line for each of the other two.
enum Page {
    static let html: String = inline(
        into: text(PackageResources.page_html),
        (placeholder: "/* page.css goes here (Page.swift) */\n", text: text(PackageResources.page_css)),
        (placeholder: "// page.js goes here (Page.swift)\n", text: text(PackageResources.page_js)))

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// `document` with each placeholder line replaced by its text; a placeholder must occur
    /// exactly once (the files are ours: a missing one is a mistake in this package).
    static func inline(into document: String, _ parts: (placeholder: String, text: String)...) -> String {
        var html = document
        for part in parts {
            let found = html.ranges(of: part.placeholder)
            precondition(found.count == 1, "page.html: expected one line '\(part.placeholder.dropLast())', found \(found.count)")
            html.replaceSubrange(found[0], with: part.text)
        }
        return html
    }
}
