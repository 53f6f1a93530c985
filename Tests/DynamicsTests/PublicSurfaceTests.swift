import Foundation
import TestSupport
import XCTest

/// `Dynamics` is public only where the host (AnimHost, Viewer, animhost, animhost-bench)
/// uses it; what `@inlinable` solver code needs is `@usableFromInline internal`, what one part
/// needs of another `package`, and tests use `@testable import`. This test reads the
/// declarations of Dynamics and its parts (`dynamicsFolders`) and fails
/// when a type becomes public that is not in `hostTypes` — add it there only if the host
/// uses it (by name, or through a public member it calls).
final class PublicSurfaceTests: XCTestCase {
    /// The public types, each reached by the host (nested types as `Outer.Inner`).
    static let hostTypes: Set<String> = [
        // Values crossing every binding.
        "Vec2", "Rot", "ItemID", "ItemShape", "Material", "DynamicsError",
        // The simulation and what the host reads from it (`bodies`, `records`, boundaries).
        "Animator", "BodyState", "ItemRecord", "Segment", "VisualRange",
        // Behaviors the Lua API builds (the host subclasses DynamicBehavior; the viewer draws
        // field regions from RegionOutline).
        "DynamicBehavior", "ItemListBehavior", "RegionOutline",
        "AttachmentBehavior", "AttachmentBehavior.End", "AttachmentBehavior.Kind", "FloatRange",
        "CollisionBehavior", "CollisionBehavior.Mode", "BoundaryIdentifier", "EdgeInsets",
        "CollisionContact", "FieldBehavior", "FieldBehavior.Kind", "FieldBehavior.Evaluator",
        "Region", "GravityBehavior", "ItemBehavior", "PushBehavior", "PushBehavior.Mode",
        "SnapBehavior",
        // Animations and the property animator.
        "AnimationError", "AnimationSample", "AdditiveOffset", "BasicAnimation", "BounceAnimation",
        "DecayAnimation", "KeyframeAnimation", "KeyframeAnimation.CalculationMode",
        "SpringAnimation", "SpringParameters", "SpringRestThreshold", "TimingCurve",
        "PropertyAnimatorModel", "PropertyAnimatorModel.State", "PropertyAnimatorModel.Position",
        "PropertyAnimatorModel.Completion", "PropertyAnimatorModel.Entry", "SpringTail",
        // Gestures.
        "TouchPhase", "TouchEvent", "GestureArena", "GestureArena.Delivery", "GestureKind",
        "GestureState", "GestureUpdate", "VelocityEstimator", "TouchHistory", "TouchSample",
        // Tuning.
        "MotionSample", "MotionMetrics", "SpringConversion", "SpringConversionError",
        "SweepGrid", "SweepGrid.Range", "SweepError", "BoundedSearch", "BoundedSearch.Result",
        // The handoff (`animhost spring --to`, `springConvert{to=}`).
        "SpringRelease", "SpringPreset", "PlatformSpringCurve", "CSSLinearEasing", "SpringHandoffLimits",
        "PlatformRuntime", "PlayedSpring", "FrameFidelity", "CubicBezierFit", "HandoffNumber",
        // Scenes for animhost-bench.
        "Scenes", "Scenes.BoxScene",
        "ReleaseKit",
    ]

    func testOnlyTypesTheHostUsesArePublic() throws {
        let declared = try Self.publicTypes(under: Self.dynamicsFolders)
        let extra = declared.subtracting(Self.hostTypes).sorted()
        XCTAssertEqual(extra, [], "public in Dynamics but not used by the host: make them internal (@usableFromInline internal if @inlinable code needs them)")
        let gone = Self.hostTypes.subtracting(declared).sorted()
        XCTAssertEqual(gone, [], "listed as public but not declared public: update hostTypes")
    }

    /// The reader itself: nesting, extensions, attributes, `open`, internal outers.
    func testTheReaderFollowsNestingAndExtensions() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("public-surface-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try """
        @frozen
        public struct A: Sendable {
            public enum Inner { case x }
            struct Hidden { public struct Deeper {} }
        }
        @usableFromInline internal struct B { public struct C {} }
        open class D {}
        public indirect enum E { case e(E) }
        extension A {
            public struct FromExtension {}
        }
        extension B {
            public struct InInternal {}
        }
        // public struct Commented {}
        """.write(to: dir.appendingPathComponent("x.swift"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try Self.publicTypes(under: dir.path).sorted(), ["A", "A.FromExtension", "A.Inner", "D", "E"])
    }

    /// The umbrella module `Dynamics` and the three it re-exports.
    static let dynamicsFolders = ["Vectors", "Physics", "Animations", "Dynamics"].map { packageRoot + "/Sources/" + $0 }

    /// Types declared `public` or `open` whose enclosing types are public too, as qualified
    /// names. Nesting is read from indentation (the tree is formatted with 4 spaces);
    /// an `extension X` opens X's scope.
    static func publicTypes(under roots: String...) throws -> Set<String> {
        try publicTypes(under: roots)
    }

    static func publicTypes(under roots: [String]) throws -> Set<String> {
        let declaration = try NSRegularExpression(pattern:
            #"^( *)((?:@\w+ )*)((?:public|open|internal|fileprivate|private|package) )?(?:(?:final|indirect) )*(struct|class|enum|protocol|typealias|actor|extension) ([A-Za-z_][A-Za-z0-9_.]*)"#)
        var result: Set<String> = []
        let files = try swiftFiles(under: roots)
        for file in files {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            // Open scopes: indentation, qualified name, whether it is public.
            var scopes: [(indent: Int, name: String, isPublic: Bool)] = []
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let s = String(line)
                let range = NSRange(s.startIndex..., in: s)
                guard let m = declaration.firstMatch(in: s, range: range) else { continue }
                func group(_ i: Int) -> String {
                    guard let r = Range(m.range(at: i), in: s) else { return "" }
                    return String(s[r])
                }
                let indent = group(1).count
                while let last = scopes.last, last.indent >= indent { scopes.removeLast() }
                let kind = group(4), name = group(5)
                if kind == "extension" {
                    scopes.append((indent, name, true))
                    continue
                }
                let access = group(3).trimmingCharacters(in: .whitespaces)
                let outerPublic = scopes.allSatisfy(\.isPublic)
                let qualified = (scopes.last.map { $0.name + "." } ?? "") + name
                let isPublic = (access == "public" || access == "open") && outerPublic
                if isPublic { result.insert(qualified) }
                scopes.append((indent, qualified, isPublic))
            }
        }
        // A type nested in an extension of an internal type is not public either.
        return result.filter { name in
            let parts = name.split(separator: ".")
            return (1..<parts.count).allSatisfy { result.contains(parts[..<$0].joined(separator: ".")) }
        }
    }

    /// The Swift files under each root, as paths, each root's in name order.
    static func swiftFiles(under roots: [String]) throws -> [String] {
        try roots.flatMap { root in
            guard let walker = FileManager.default.enumerator(atPath: root) else {
                throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: root])
            }
            let files = walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
            return files.sorted().map { root + "/" + $0 }
        }
    }
}
