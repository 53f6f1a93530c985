import Foundation
import TestSupport
import XCTest

/// Members, as `PublicSurfaceTests` does for types: a `public` or `open` member of a public
/// type of `Dynamics` must be used by another module (AnimHost, Viewer, animhost,
/// animhost-view, animhost-bench, or a test that does not `@testable import`). The check is by
/// name: a member counts as used when its name appears as a word in those sources, so a
/// common name (`center`) can hide an unused member, but a member whose name nobody else
/// writes is caught. Initializers, subscripts and operators are not checked (their use does
/// not spell the name).
final class PublicMemberTests: XCTestCase {
    func testEveryPublicMemberIsUsedByAnotherModule() throws {
        let members = try Self.publicMembers(under: PublicSurfaceTests.dynamicsFolders)
        XCTAssertGreaterThan(members.count, 100, "the reader found too few public members")
        let used = try Self.words(in: Self.otherModuleSources())
        let unused = members.filter { !used.contains($0.name) }.map { "\($0.file): \($0.owner).\($0.name)" }
        XCTAssertEqual(unused, [], "public in Dynamics but no other module names it: make it internal (@usableFromInline if @inlinable code needs it)")
    }

    /// The reader: members of public types (also in extensions of them) count; members of
    /// internal types, internal members, initializers and operators do not.
    func testTheReaderFindsPublicMembersOfPublicTypes() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("public-members-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try """
        public struct A {
            public var x: Double
            public private(set) weak var owner: AnyObject?
            var hidden: Int
            public init() {}
            public static func + (a: A, b: A) -> A { a }
            @inlinable public static func make() -> A { A() }
            public enum Kind { case one }
        }
        struct B { public var y: Int }
        extension A {
            public func moved() -> A { self }
        }
        extension B {
            public func z() {}
        }
        open class C {
            open func apply() {}
        }
        """.write(to: dir.appendingPathComponent("x.swift"), atomically: true, encoding: .utf8)
        let found = try Self.publicMembers(under: dir.path).map { "\($0.owner).\($0.name)" }
        XCTAssertEqual(found, ["A.x", "A.owner", "A.make", "A.moved", "C.apply"])
    }

    /// The Swift files of the modules that use Dynamics from outside.
    static func otherModuleSources() throws -> [String] {
        var files: [String] = []
        for dir in ["Sources/AnimHost", "Sources/Workbench", "Sources/Viewer", "Sources/animhost", "Sources/animhost-view",
                    "Benchmarks", "Tests"] {
            let root = packageRoot + "/" + dir
            guard let walker = FileManager.default.enumerator(atPath: root) else { continue }
            for case let path as String in walker where path.hasSuffix(".swift") {
                let text = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
                if dir == "Tests" && text.contains("@testable import") { continue }
                files.append(text)
            }
        }
        return files
    }

    static func words(in texts: [String]) throws -> Set<String> {
        let word = try NSRegularExpression(pattern: "[A-Za-z_][A-Za-z0-9_]*")
        var result: Set<String> = []
        for text in texts {
            for m in word.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let r = Range(m.range, in: text) { result.insert(String(text[r])) }
            }
        }
        return result
    }

    /// The public members of public types under the roots, in file and line order. Scopes are
    /// read from indentation as `PublicSurfaceTests.publicTypes` reads them; an extension's
    /// members count when the extended type is public.
    static func publicMembers(under roots: String...) throws -> [(file: String, owner: String, name: String)] {
        try publicMembers(under: roots)
    }

    static func publicMembers(under roots: [String]) throws -> [(file: String, owner: String, name: String)] {
        // Types from every root: a part may extend a public type of another (Vec2).
        let publicTypes = try PublicSurfaceTests.publicTypes(under: roots)
        let declaration = try NSRegularExpression(pattern:
            #"^( *)(?:@\w+(?:\([^)]*\))? )*(?:(?:public|open|internal|fileprivate|private|package) )?(?:(?:final|indirect) )*(?:struct|class|enum|protocol|actor|extension) ([A-Za-z_][A-Za-z0-9_.]*)"#)
        let member = try NSRegularExpression(pattern:
            #"^( +)(?:@\w+(?:\([^)]*\))? )*(?:public|open) (?:(?:private|internal|fileprivate)\(set\) )?(?:(?:static|class|final|mutating|nonmutating|override|lazy|weak|unowned|dynamic) )*(func|var|let) `?([A-Za-z_][A-Za-z0-9_]*)"#)
        var result: [(file: String, owner: String, name: String)] = []
        let files = try PublicSurfaceTests.swiftFiles(under: roots)
        for file in files {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            var scopes: [(indent: Int, name: String)] = []
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let s = String(line)
                let range = NSRange(s.startIndex..., in: s)
                func group(_ m: NSTextCheckingResult, _ i: Int) -> String {
                    guard let r = Range(m.range(at: i), in: s) else { return "" }
                    return String(s[r])
                }
                if let m = declaration.firstMatch(in: s, range: range) {
                    let indent = group(m, 1).count, name = group(m, 2)
                    while let last = scopes.last, last.indent >= indent { scopes.removeLast() }
                    let isExtension = s.contains("extension ")
                    let qualified = isExtension ? name : (scopes.last.map { $0.name + "." } ?? "") + name
                    scopes.append((indent, qualified))
                    continue
                }
                guard let m = member.firstMatch(in: s, range: range) else { continue }
                let indent = group(m, 1).count
                while let last = scopes.last, last.indent >= indent { scopes.removeLast() }
                guard let owner = scopes.last?.name, publicTypes.contains(owner) else { continue }
                result.append((file, owner, group(m, 3)))
            }
        }
        return result
    }
}
