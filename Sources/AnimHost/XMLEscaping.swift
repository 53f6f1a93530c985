/// Text safe as XML 1.0 content or as a double-quoted attribute value: the one escaper of the
/// SVG pictures (and the viewer's plot) and the JUnit report.
///
/// `&`, `<`, `>` and `"` become entities. XML 1.0 has no characters for the C0 controls but
/// tab and line feed (carriage return is allowed but read as a line feed, so it is treated as a
/// control here), nor for U+FFFE and U+FFFF: a control becomes a space, those two U+FFFD.
public func xmlEscaped(_ s: String) -> String {
    var out = ""
    for c in s.unicodeScalars {
        switch c {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        default:
            if c.value < 0x20 && c != "\n" && c != "\t" { out += " " }
            else if c.value == 0xFFFE || c.value == 0xFFFF { out += "\u{FFFD}" }
            else { out.unicodeScalars.append(c) }
        }
    }
    return out
}
