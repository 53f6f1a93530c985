import Foundation
import TestSupport
import XCTest

/// A fresh clone's first `scripts/animhost run` fetches two small packages and compiles
/// only what `run` needs; the first `view` then compiles the server, FlyingFox (no
/// dependencies of its own), and the viewer's modules, reusing everything else `run` built
/// (BENCHMARKS.md, "The first `view`: FlyingFox"). A package that brings others (Hummingbird
/// on SwiftNIO was ~25, twelve minutes of a first `view`) must be chosen again, by what it
/// costs that first build.
final class PackageDependenciesTests: XCTestCase {
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

    func testTheOnlyPackagesAreArgumentParserAndTheViewersFlyingFox() throws {
        let m = try manifest()
        let urls = try XCTUnwrap(m["dependencies"] as? [[String: Any]]).compactMap { dependency in
            ((dependency["sourceControl"] as? [[String: Any]])?.first?["location"] as? [String: Any])
                .flatMap { ($0["remote"] as? [[String: Any]])?.first?["urlString"] as? String }
        }
        XCTAssertEqual(urls.sorted(),
                       ["https://github.com/apple/swift-argument-parser", "https://github.com/swhitty/FlyingFox"])
        // FlyingFox is the Viewer target's alone: no other module (nor `run`) compiles it.
        for target in try XCTUnwrap(m["targets"] as? [[String: Any]]) {
            for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                guard let product = dependency["product"] as? [Any], product.count >= 2,
                      product[1] as? String == "FlyingFox" else { continue }
                XCTAssertEqual(target["name"] as? String, "Viewer")
            }
        }
    }
}
