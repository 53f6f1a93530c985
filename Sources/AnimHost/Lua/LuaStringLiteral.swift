/// `s` as a Lua string literal, for the Lua files animhost writes (a viewer session's test, a
/// fuzz failure's test): quotes and backslashes escaped, line breaks and other control
/// characters as escapes, so the literal stays on one line and reads back as `s`.
public func luaStringLiteral(_ s: String) -> String {
    var out = "\""
    for c in s.unicodeScalars {
        switch c {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where c.value < 0x20 || c.value == 0x7f:
            // Three digits always, so a digit after it is not read as part of the escape.
            let digits = String(c.value)
            out += "\\" + String(repeating: "0", count: 3 - digits.count) + digits
        default: out.unicodeScalars.append(c)
        }
    }
    return out + "\""
}
