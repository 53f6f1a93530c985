import AnimHost
import LuaKit
import XCTest

/// The Lua files animhost writes (a viewer session's test, a fuzz failure's test) quote names
/// and messages with `luaStringLiteral`: Lua reads each literal back as the very bytes,
/// control characters and a digit right after one included, and the literal is one line.
final class LuaStringLiteralTests: XCTestCase {
    func testLuaReadsEachLiteralBackAsTheString() throws {
        let lua = try LuaState()
        let strings = ["plain", "say \"hi\"", "back\\slash", "two\nlines", "cr\r\ttab", "bell\u{7}7", "del\u{7f}1",
                       "é ✓", ""]
        for s in strings {
            let literal = luaStringLiteral(s)
            XCTAssertFalse(literal.contains("\n") || literal.contains("\r"), "one line: \(s.debugDescription)")
            let bytes = s.utf8.map(String.init).joined(separator: ",")
            XCTAssertNoThrow(try lua.doString("assert(\(literal) == string.char(\(bytes)))"), s.debugDescription)
        }
    }
}
