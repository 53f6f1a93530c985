import Dynamics

/// A small JSON reader for the files `animhost spring --from` takes (design tokens, a Figma
/// spring): values as a tree, object members in file order, numbers as `Double` (read with
/// Swift's own parser, so a number printed by `String(Double)` reads back exactly). Errors say
/// where (line and column), what was expected and what was found.
indirect enum TokenJSON: Equatable {
    case object([(key: String, value: TokenJSON)])
    case array([TokenJSON])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    static func == (a: TokenJSON, b: TokenJSON) -> Bool {
        switch (a, b) {
        case (.object(let x), .object(let y)): x.count == y.count && zip(x,
            y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let x), .array(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.bool(let x), .bool(let y)): x == y
        case (.null, .null): true
        default: false
        }
    }

    /// The member `key` of an object (nil otherwise).
    subscript(key: String) -> TokenJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    var number: Double? { if case .number(let v) = self { v } else { nil } }
    /// The value as a message quotes it: strings quoted, containers by kind.
    var shortText: String {
        switch self {
        case .string(let v): "\"\(v.count > 40 ? String(v.prefix(40)) + "…" : v)\""
        case .number(let v): "\(v)"
        case .bool(let v): "\(v)"
        case .null: "null"
        case .object: "an object"
        case .array: "an array"
        }
    }
    var string: String? { if case .string(let v) = self { v } else { nil } }

    /// Parses `text`; the message names the line and what was expected.
    static func parse(_ text: String) throws(SpringConversionError) -> TokenJSON {
        var reader = Reader(bytes: Array(text.utf8))
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.i == reader.bytes.count else { throw reader.fail("the end of the JSON after its value") }
        return value
    }

    private struct Reader {
        let bytes: [UInt8]
        var i = 0

        /// Where the reader stands (line and column, from 1; a column counts characters) and
        /// what it expected there and found — the end of the text when a file was cut short.
        func fail(_ expected: String) -> SpringConversionError {
            let at = min(i, bytes.count)
            let line = bytes[..<at].reduce(1) { $0 + ($1 == 10 ? 1 : 0) }
            let lineStart = bytes[..<at].lastIndex(of: 10).map { $0 + 1 } ?? 0
            // UTF-8 continuation bytes (10xxxxxx) are not characters of their own.
            let column = bytes[lineStart..<at].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
            let found: String
            if at == bytes.count {
                found = "the end of the text (is the file cut short?)"
            } else {
                var end = at + 1
                while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
                let c = String(decoding: bytes[at..<end], as: UTF8.self)
                found = c == "\n" ? "the end of the line" : "'\(c)'"
            }
            return SpringConversionError("line \(line), column \(column): expected \(expected), found \(found)")
        }

        mutating func skipSpace() {
            while i < bytes.count, [32, 9, 10, 13].contains(bytes[i]) { i += 1 }
        }

        mutating func value(depth: Int) throws(SpringConversionError) -> TokenJSON {
            guard depth < 64 else { throw fail("at most 64 levels of nesting") }
            skipSpace()
            guard i < bytes.count else { throw fail("a value") }
            switch bytes[i] {
            case UInt8(ascii: "{"):
                i += 1
                var members: [(key: String, value: TokenJSON)] = []
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
                while true {
                    skipSpace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("a quoted member name") }
                    let key = try string()
                    skipSpace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("':' after \"\(key)\"") }
                    i += 1
                    members.append((key, try value(depth: depth + 1)))
                    skipSpace()
                    guard i < bytes.count else { throw fail("',' or '}'") }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    guard bytes[i] == UInt8(ascii: "}") else { throw fail("',' or '}'") }
                    i += 1
                    return .object(members)
                }
            case UInt8(ascii: "["):
                i += 1
                var items: [TokenJSON] = []
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                while true {
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard i < bytes.count else { throw fail("',' or ']'") }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    guard bytes[i] == UInt8(ascii: "]") else { throw fail("',' or ']'") }
                    i += 1
                    return .array(items)
                }
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try word("true", .bool(true))
            case UInt8(ascii: "f"): return try word("false", .bool(false))
            case UInt8(ascii: "n"): return try word("null", .null)
            default:
                let start = i
                while i < bytes.count, "+-0123456789.eE".utf8.contains(bytes[i]) { i += 1 }
                guard i > start, let v = Double(String(decoding: bytes[start..<i], as: UTF8.self)), v.isFinite else {
                    i = start
                    throw fail("a value (an object, array, string, number, true, false or null)")
                }
                return .number(v)
            }
        }

        mutating func word(_ w: String, _ v: TokenJSON) throws(SpringConversionError) -> TokenJSON {
            let u = Array(w.utf8)
            guard i + u.count <= bytes.count, Array(bytes[i..<(i + u.count)]) == u else { throw fail("a value") }
            i += u.count
            return v
        }

        mutating func string() throws(SpringConversionError) -> String {
            i += 1   // the opening quote
            var out: [UInt8] = []
            while i < bytes.count {
                let b = bytes[i]
                i += 1
                if b == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
                guard b == UInt8(ascii: "\\") else { out.append(b); continue }
                guard i < bytes.count else { break }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "t"): out.append(9)
                case UInt8(ascii: "r"): out.append(13)
                case UInt8(ascii: "b"): out.append(8)
                case UInt8(ascii: "f"): out.append(12)
                case UInt8(ascii: "u"):
                    guard i + 4 <= bytes.count, let code = UInt32(String(decoding: bytes[i..<(i + 4)],
                        as: UTF8.self), radix: 16) else {
                        throw fail("four hex digits after \\u")
                    }
                    i += 4
                    out.append(contentsOf: Array(String(Unicode.Scalar(code).map(Character.init) ?? "\u{FFFD}").utf8))
                default: out.append(e)
                }
            }
            throw fail("a closing quote")
        }
    }
}
