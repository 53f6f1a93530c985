import Foundation
import TestSupport
import XCTest

/// Dynamics is three modules under one umbrella so that a release build compiles Physics and
/// Animations at the same time. These checks keep what that split relies on, which neither
/// the compiler nor SwiftPM reports: a module built earlier can be imported without being a
/// declared dependency (so Physics could quietly start to need Animations and the two would
/// compile one after the other again), and an `@inlinable` member of a type that is not
/// `public` or `@usableFromInline` compiles without error but is not inlined into another
/// module (a call per use in the solver: +2.8 % instructions per step on pyramid-20).
final class ModuleSplitTests: XCTestCase {
    /// What each module may import: the C library, the x86-64 intrinsics, and its own parts.
    static let allowedImports: [String: Set<String>] = [
        "Vectors": ["Glibc", "Darwin"],
        "Physics": ["Glibc", "Darwin", "_Builtin_intrinsics.intel", "Vectors"],
        "Animations": ["Glibc", "Darwin", "Vectors"],
        "Dynamics": ["Vectors", "Physics", "Animations"],
    ]

    func testEachPartImportsOnlyWhatTheSplitAllows() throws {
        for (module, allowed) in Self.allowedImports.sorted(by: { $0.key < $1.key }) {
            let imports = try Self.imports(under: packageRoot + "/Sources/" + module)
            XCTAssertFalse(imports.isEmpty && module != "Vectors", "no imports found in \(module): the reader is wrong")
            let extra = imports.filter { !allowed.contains($0.module) }.map { "\($0.file): import \($0.module)" }
            XCTAssertEqual(extra, [], "\(module) may import only \(allowed.sorted())")
        }
    }

    /// Every `@inlinable` declaration of Vectors sits in a type that other modules can inline
    /// through (`public` or `@usableFromInline`), and no constant is a stored `static let`
    /// (read from another module, that is a call to its once-guard at every use).
    func testVectorsInlineIntoTheOtherModules() throws {
        let text = try String(contentsOfFile: packageRoot + "/Sources/Vectors/Vec2.swift", encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        let typeDeclaration = #"^(@\w+ )*(public |package |internal )?(struct|enum|extension) "#
        var owner: (line: String, inlinable: Bool)?
        var hidden: [String] = []
        for line in lines {
            if line.range(of: typeDeclaration, options: .regularExpression) != nil {
                let reachable = line.hasPrefix("extension ") || line.contains("public ")
                    || line.contains("@usableFromInline")
                owner = (line, reachable)
                continue
            }
            if line.contains("@inlinable"), let o = owner, !o.inlinable { hidden.append(o.line) }
        }
        XCTAssertEqual(Array(Set(hidden)).sorted(), [],
                       "@inlinable members of a type neither public nor @usableFromInline are not inlined into Physics")
        let stored = lines.filter { $0.contains("static let ") }
        XCTAssertEqual(stored, [], "make these computed `@inlinable static var`s")
    }

    /// The `import` lines of the Swift files under `root` (any indentation, `#if` branches too).
    static func imports(under root: String) throws -> [(file: String, module: String)] {
        guard let walker = FileManager.default.enumerator(atPath: root) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: root])
        }
        var result: [(file: String, module: String)] = []
        for case let path as String in walker where path.hasSuffix(".swift") {
            let text = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let i = words.firstIndex(of: "import"), i + 1 < words.count,
                      words[..<i].allSatisfy({ $0.hasPrefix("@") }) else { continue }
                result.append((path, String(words[i + 1])))
            }
        }
        return result.sorted { ($0.file, $0.module) < ($1.file, $1.module) }
    }
}
