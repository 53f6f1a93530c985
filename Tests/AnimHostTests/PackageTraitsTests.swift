import Foundation
import TestSupport
import XCTest

/// A fresh clone's first `scripts/animhost run` resolves, fetches and compiles only what
/// `run` needs: every package but swift-argument-parser is the viewer's server, reached only
/// through target dependencies guarded by the default trait `Viewer`, which scripts/animhost
/// turns off (`--disable-default-traits`) for every product but animhost-view. A server
/// package added without the guard would bring back ~25 packages and a minute of waiting.
final class PackageTraitsTests: XCTestCase {
    /// The manifest as `swift package dump-package` reads it (in a scratch folder of its own,
    /// so it neither waits for nor touches the running build's `.build`).
    private func manifest() throws -> [String: Any] {
        let scratch = NSTemporaryDirectory() + "animhost-dump-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let r = try runProgram("/usr/bin/env", ["swift", "package", "--scratch-path", scratch, "dump-package"])
        XCTAssertEqual(r.status, 0, "swift package dump-package failed: " + r.stderr)
        let data = Data(r.stdout.utf8)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func testServerPackagesAreBehindTheDefaultViewerTrait() throws {
        let m = try manifest()
        let traits = try XCTUnwrap(m["traits"] as? [[String: Any]])
        let defaults = traits.first { $0["name"] as? String == "default" }
        XCTAssertEqual(defaults?["enabledTraits"] as? [String], ["Viewer"],
                       "swift build and swift test build the viewer")
        var guarded: [String] = []
        for target in try XCTUnwrap(m["targets"] as? [[String: Any]]) {
            for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                guard let product = dependency["product"] as? [Any], product.count >= 4,
                      let name = product[0] as? String, let package = product[1] as? String,
                      package != "swift-argument-parser" else { continue }
                let condition = product[3] as? [String: Any]
                let traits = condition?["traits"] as? [String] ?? []
                XCTAssertEqual(traits, ["Viewer"],
                               "\(target["name"] ?? "?") uses \(name) from \(package) without the Viewer trait")
                guarded.append(name)
            }
        }
        XCTAssertTrue(guarded.contains("Hummingbird"), "the viewer's server dependencies: \(guarded)")
    }
}
