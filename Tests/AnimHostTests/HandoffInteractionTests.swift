import Foundation
import XCTest
import TestSupport

/// `animhost handoff SCENE --to …`: the built-in patterns as native code whose emitted test
/// replays the scene's gestures. The Swift output of every pattern is compiled with swiftc
/// once and run; the JavaScript output runs under node (and fails when a tuned value is
/// changed); Kotlin and Dart, with no toolchain here, are held to golden files.
final class HandoffInteractionTests: XCTestCase {
    private let scenes = ["sheet", "pip", "card", "carousel"]

    private func handoff(_ scene: String, _ target: String, _ dir: String, _ more: [String] = []) throws -> RunResult {
        try runAnimhost(["handoff", "behaviors/\(scene).lua", "--to", target, "--output", dir] + more)
    }

    func testSwiftCoresCompileTogetherAndReplayEveryPattern() throws {
        let dir = try makeTemporaryDirectory("handoff-swift")
        for scene in scenes {
            let r = try handoff(scene, "swift", dir)
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        // One compile for all four: ReleaseKit.swift is the same for each, one main runs each replay.
        let types = scenes.map { $0.prefix(1).uppercased() + $0.dropFirst() }
        try ("#if canImport(Darwin)\nimport Darwin\n#else\nimport Glibc\n#endif\n"
            + "let results = [" + types.map { "\($0)InteractionTests.run()" }.joined(separator: ", ") + "]\n"
            + "exit(results.allSatisfy { $0 } ? 0 : 1)\n")
            .write(toFile: dir + "/main.swift", atomically: true, encoding: .utf8)
        // An app's own types of the names the cores use (SwiftUI's Spring, say) keep theirs: the cores' are
        // in ReleaseKit.
        try "struct Spring {}\nstruct Vector {}\nstruct Release {}\nstruct VelocityTracker {}\n"
            .write(toFile: dir + "/AppTypes.swift", atomically: true, encoding: .utf8)
        let sources = ["ReleaseKit.swift", "AppTypes.swift"]
            + types.flatMap { ["\($0)Interaction.swift", "\($0)Tuning.swift", "\($0)InteractionTests.swift"] }
            + ["main.swift"]
        let compile = try runProgram("/usr/bin/env", ["swiftc", "-swift-version", "6", "-o", dir + "/replay"]
                                     + sources.map { dir + "/" + $0 })
        XCTAssertEqual(compile.status, 0, compile.stderr)
        let run = try runProgram(dir + "/replay", [])
        XCTAssertEqual(run.status, 0, run.stdout)
        for scene in scenes { XCTAssertTrue(run.stdout.contains("\(scene): "), run.stdout) }
        XCTAssertFalse(run.stdout.contains("FAIL"), run.stdout)
        // The sheet's demo: four releases, each with its decision, velocity, position and trajectory checked.
        XCTAssertTrue(run.stdout.contains("(4 releases)"), run.stdout)
        // Past the two header lines, every line comment is indented with the code it is in.
        for type in types {
            let text = try String(contentsOfFile: dir + "/\(type)InteractionTests.swift", encoding: .utf8)
            let unindented = text.split(separator: "\n").dropFirst(2).filter { $0.hasPrefix("// ") }
            XCTAssertEqual(unindented, [], type)
        }
    }

    func testJavaScriptReplaysUnderNodeAndFailsWhenATunedValueChanges() throws {
        let dir = try makeTemporaryDirectory("handoff-js")
        for scene in scenes {
            let r = try handoff(scene, "typescript", dir + "/" + scene)
            XCTAssertEqual(r.status, 0, r.stderr)
            let names = try FileManager.default.contentsOfDirectory(atPath: dir + "/" + scene).sorted()
            XCTAssertEqual(names, ["\(scene)-interaction.d.ts", "\(scene)-interaction.js",
                                   "\(scene)-interaction.test.mjs", "\(scene)-motion.d.ts", "\(scene)-motion.js",
                                   "\(scene)-tuning.d.ts", "\(scene)-tuning.js"])
            let pass = try runProgram("/usr/bin/env", ["node", "--test", "\(scene)-interaction.test.mjs"],
                                      directory: dir + "/" + scene)
            XCTAssertEqual(pass.status, 0, pass.stdout + pass.stderr)
            XCTAssertTrue(pass.stdout.contains("# fail 0"), pass.stdout)
        }
        // The Motion adapter, driven by pointer events of the demo's flick up (60 pt in 60 ms), springs the sheet to
        // the top detent from -1000 px/s; Motion is a stand-in that jumps to the end and records the call.
        let motion = dir + "/sheet/node_modules/motion"
        try FileManager.default.createDirectory(atPath: motion, withIntermediateDirectories: true)
        try #"{"name": "motion", "type": "module", "main": "index.mjs"}"#
            .write(toFile: motion + "/package.json", atomically: true, encoding: .utf8)
        try """
            export const calls = [];
            export function animate(from, to, options) {
              calls.push({ from, to, velocity: Math.round(options.velocity) });
              options.onUpdate(to);
              return { stop() {} };
            }
            """.write(toFile: motion + "/index.mjs", atomically: true, encoding: .utf8)
        try """
            import { attachSheet } from "./sheet-motion.js";
            import { calls } from "motion";
            const handlers = {};
            const element = { style: {}, addEventListener: (n, f) => { handlers[n] = f; }, setPointerCapture() {} };
            attachSheet(element);
            for (let k = 0; k <= 7; k++) {
              const e = { pointerId: 1, clientX: 160, clientY: 320 - 60 * k / 7, timeStamp: 1500 + 60 * k / 7 };
              handlers[k === 0 ? "pointerdown" : k === 7 ? "pointerup" : "pointermove"](e);
            }
            // A drag down 30 px that the browser cancels: the sheet settles with no fling, back to the top.
            handlers.pointerdown({ pointerId: 2, clientX: 160, clientY: 300, timeStamp: 3000 });
            handlers.pointermove({ pointerId: 2, clientX: 160, clientY: 330, timeStamp: 3010 });
            handlers.pointercancel({ pointerId: 2 });
            console.log(element.style.touchAction, element.style.transform, JSON.stringify(calls));
            """.write(toFile: dir + "/sheet/drive.mjs", atomically: true, encoding: .utf8)
        let drive = try runProgram("/usr/bin/env", ["node", "drive.mjs"], directory: dir + "/sheet")
        XCTAssertEqual(drive.stdout, #"none translateY(60px) [{"from":224,"to":60,"velocity":-1000},"#
                       + #"{"from":90,"to":60,"velocity":0}]"# + "\n", drive.stderr)

        // The fast deceleration instead of the scene's normal one sends the sheet's slow drag elsewhere.
        let tuning = dir + "/sheet/sheet-tuning.js"
        let text = try String(contentsOfFile: tuning, encoding: .utf8)
        XCTAssertTrue(text.contains("decelerationRate: 0.998,"), text)
        try text.replacingOccurrences(of: "decelerationRate: 0.998,", with: "decelerationRate: 0.99,")
            .write(toFile: tuning, atomically: true, encoding: .utf8)
        let fail = try runProgram("/usr/bin/env", ["node", "--test", "sheet-interaction.test.mjs"],
                                  directory: dir + "/sheet")
        XCTAssertNotEqual(fail.status, 0, fail.stdout)
    }

    /// Every pattern into one folder per language (ReleaseKit.kt and release_kit.dart are the same for each).
    func testKotlinAndDartMatchTheirGoldenFiles() throws {
        for target in ["kotlin", "dart"] {
            let dir = try makeTemporaryDirectory("handoff-" + target)
            for scene in scenes {
                let r = try handoff(scene, target, dir)
                XCTAssertEqual(r.status, 0, r.stderr)
            }
            let golden = packageRoot + "/Tests/AnimHostTests/Fixtures/handoff/" + target
            let expected = try FileManager.default.contentsOfDirectory(atPath: golden).sorted()
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir).sorted(), expected)
            for name in expected {
                let got = try String(contentsOfFile: dir + "/" + name, encoding: .utf8)
                XCTAssertEqual(got, try String(contentsOfFile: golden + "/" + name, encoding: .utf8),
                               "\(target)/\(name) differs from its golden file (regenerate: animhost handoff "
                               + "behaviors/SCENE.lua --to \(target) --output \(golden))")
            }
        }
    }

    /// The demo's touches and a file's together: each release is replayed with the samples of the touch that made
    /// it (not the last one lifted before it), and the lifts that released nothing are named.
    func testDemoAndInputFileReplayEachReleaseWithItsOwnTouch() throws {
        let dir = try makeTemporaryDirectory("handoff-mixed-input")
        let r = try handoff("sheet", "typescript", dir, ["--input", "behaviors/touches.csv"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let test = try String(contentsOfFile: dir + "/sheet-interaction.test.mjs", encoding: .utf8)
        // The demo's flick up (lifted at 1.56 s) and the file's flick down (1.6 s to 1.716667 s, 1200 pt/s).
        XCTAssertTrue(test.contains("// Release 2:") && !test.contains("// Release 3:"), test)
        let pass = try runProgram("/usr/bin/env", ["node", "--test", "sheet-interaction.test.mjs"], directory: dir)
        XCTAssertEqual(pass.status, 0, pass.stdout + pass.stderr)
        XCTAssertTrue(pass.stdout.contains("# fail 0") && pass.stdout.contains("# pass 2\n"), pass.stdout)
        // The file's tap lands with the demo's slow drag; the file leaves the sheet at its peek, under the demo's
        // last two drags.
        for lift in ["--input lifted at 0.217 s", "animhost.input lifted at 1.0 s",
                     "animhost.input lifted at 3.8 s", "animhost.input lifted at 4.6 s"] {
            XCTAssertTrue(r.stderr.contains(lift), r.stderr)
        }
        XCTAssertEqual(r.stderr.components(separatedBy: "released no pattern").count - 1, 4, r.stderr)
    }

    func testTunablesAndInputChangeTheReplay() throws {
        let dir = try makeTemporaryDirectory("handoff-set")
        let r = try handoff("sheet", "typescript", dir, ["--set", "top=80", "--set", "demo=0", "--input",
                                                         "Tests/AnimHostTests/Fixtures/handoff/flick-up.csv"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let tuning = try String(contentsOfFile: dir + "/sheet-tuning.js", encoding: .utf8)
        XCTAssertTrue(tuning.contains("detents: [80, 284, 468],"), tuning)
        XCTAssertTrue(tuning.contains("export const initialDetent = 1;"), tuning)

        // A sheet that starts at its peek: the adapters start it there, by name.
        let scene = try String(contentsOfFile: packageRoot + "/behaviors/sheet.lua", encoding: .utf8)
        let peek = scene.replacingOccurrences(of: "center = {W / 2, detents[2] + H / 2}",
                                              with: "center = {W / 2, detents[3] + H / 2}")
        XCTAssertNotEqual(peek, scene)
        try peek.write(toFile: dir + "/peek.lua", atomically: true, encoding: .utf8)
        let started = try runAnimhost(["handoff", dir + "/peek.lua", "--to", "swift", "--output", dir + "/peek"])
        XCTAssertEqual(started.status, 0, started.stderr)
        let swiftTuning = try String(contentsOfFile: dir + "/peek/SheetTuning.swift", encoding: .utf8)
        XCTAssertTrue(swiftTuning.contains("public static let initialDetent = 2\n"), swiftTuning)
        let view = try String(contentsOfFile: dir + "/peek/SheetSwiftUI.swift", encoding: .utf8)
        XCTAssertTrue(view.contains("Sheet.tuned.detents[Sheet.initialDetent]"), view)
        let test = try String(contentsOfFile: dir + "/sheet-interaction.test.mjs", encoding: .utf8)
        XCTAssertTrue(test.contains("// Release 1:") && !test.contains("// Release 2:"), test)
        let pass = try runProgram("/usr/bin/env", ["node", "--test", "sheet-interaction.test.mjs"], directory: dir)
        XCTAssertEqual(pass.status, 0, pass.stdout + pass.stderr)

        // At 90 Hz 50 ms is no whole number of steps: the trajectory is sampled every 5 steps, at 5/90 s.
        let slow = try handoff("sheet", "typescript", dir + "/90", ["--hz", "90"])
        XCTAssertEqual(slow.status, 0, slow.stderr)
        let at90 = try runProgram("/usr/bin/env", ["node", "--test", "sheet-interaction.test.mjs"],
                                  directory: dir + "/90")
        XCTAssertEqual(at90.status, 0, at90.stdout + at90.stderr)
        let replay = try String(contentsOfFile: dir + "/90/sheet-interaction.test.mjs", encoding: .utf8)
        XCTAssertTrue(replay.contains("trajectory: [[0.05555555555555555, ["), replay)
    }

    /// A sheet and a PiP measured by each platform's estimator: the emitted tracker (one ReleaseKit.swift per
    /// estimator, so one swiftc compile each; and each JavaScript core under node) gets animhost's velocities back.
    /// The touches are irregular on purpose, on cubic paths (a parabola every fit would get exactly): a 40 ms flick
    /// (Compose leaves its down out), a drag of the window that rests 30 ms before the lift, one of the sheet that
    /// rests 50 ms (stopped for the least-squares trackers, not for Motion), a hold of 300 ms before a flick (Motion's
    /// stale down; the average's lift) and a down with one move (Android's line, nothing for Flutter and Compose).
    func testEachEstimatorIsWrittenAndReplaysAnimhostsVelocities() throws {
        let dir = try makeTemporaryDirectory("handoff-estimators")
        var velocities: [String: String] = [:]
        for estimator in ["android", "compose", "flutter", "web", "average"] {
            let scene = dir + "/\(estimator).lua"
            try """
                animhost.gestures{estimator = "\(estimator)"}
                local sheet, pip = require("patterns.sheet"), require("patterns.pip")
                sheet.new(animhost.item{name = "sheet", center = {160, 568}, size = {320, 568}})
                pip.new(animhost.item{name = "window", center = {224, 507}, size = {160, 90}})
                -- A touch: down at t0 at (x, y), moves `times` (s) after it to where `at(dt)` says, lift after `rest`.
                local function touch(id, t0, x, y, times, at, rest)
                  local list = {{t = t0, touch = id, phase = "began", x = x, y = y}}
                  local dx, dy = 0, 0
                  for _, dt in ipairs(times) do
                    dx, dy = at(dt)
                    list[#list + 1] = {t = t0 + dt, touch = id, phase = "moved", x = x + dx, y = y + dy}
                  end
                  list[#list + 1] = {t = t0 + times[#times] + rest, touch = id, phase = "ended", x = x + dx, y = y + dy}
                  return {at = 0, touches = list}
                end
                local quick, slowing, late = {0.007, 0.016, 0.023, 0.032, 0.039}, {}, {}
                for k = 1, 30 do slowing[k] = k * 0.008 + (k % 2 == 0 and 0.001 or -0.001) end
                for k = 1, 8 do late[k] = 0.3 + k * 0.008 end
                animhost.input{
                  touch(1, 0.2, 160, 560, quick, function(t) return 0, -2e6 * t * t * t - 2000 * t end, 0.004),
                  touch(2, 1.5, 220, 500, slowing,
                        function(t) return -400 * t + 500 * t * t + 3000 * t * t * t, 30 * t end, 0.03),
                  touch(3, 3.0, 160, 560, slowing, function(t) return 0, 300 * t - 4000 * t * t * t end, 0.05),
                  touch(4, 4.5, 160, 560, late, function(t) return 0, 30000 * (t - 0.3) ^ 2 end, 0.008),
                  touch(5, 6.0, 160, 560, {0.008}, function(t) return 0, -1000 * t end, 0.004),
                }
                animhost.run{duration = 7.5}
                """.write(toFile: scene, atomically: true, encoding: .utf8)
            let swift = try runAnimhost(["handoff", scene, "--to", "swift", "--output", dir + "/" + estimator])
            XCTAssertEqual(swift.status, 0, swift.stderr)
            let kit = try String(contentsOfFile: dir + "/\(estimator)/ReleaseKit.swift", encoding: .utf8)
            XCTAssertTrue(kit.contains("measured by the \(estimator) estimator"), kit)
            let sources = ["ReleaseKit.swift", "SheetInteraction.swift", "SheetTuning.swift",
                           "SheetInteractionTests.swift", "PipInteraction.swift", "PipTuning.swift",
                           "PipInteractionTests.swift", "main.swift"]
            let compile = try runProgram("/usr/bin/env", ["swiftc", "-swift-version", "6", "-o",
                                                          dir + "/replay-" + estimator]
                                         + sources.map { dir + "/\(estimator)/" + $0 })
            XCTAssertEqual(compile.status, 0, compile.stderr)
            let run = try runProgram(dir + "/replay-" + estimator, [])
            XCTAssertEqual(run.status, 0, estimator + ": " + run.stdout)
            XCTAssertTrue(run.stdout.contains("sheet: ") && run.stdout.contains("pip: "), run.stdout)
            XCTAssertFalse(run.stdout.contains("FAIL"), run.stdout)

            let js = try runAnimhost(["handoff", scene, "--to", "typescript", "--output", dir + "/\(estimator)-js"])
            XCTAssertEqual(js.status, 0, js.stderr)
            for (pattern, releases) in [("sheet", 4), ("pip", 1)] {
                let pass = try runProgram("/usr/bin/env", ["node", "--test", "\(pattern)-interaction.test.mjs"],
                                          directory: dir + "/\(estimator)-js")
                XCTAssertEqual(pass.status, 0, estimator + ": " + pass.stdout + pass.stderr)
                XCTAssertTrue(pass.stdout.contains("# fail 0") && pass.stdout.contains("# pass \(releases)\n"),
                              pass.stdout)
            }
            let test = try String(contentsOfFile: dir + "/\(estimator)-js/sheet-interaction.test.mjs", encoding: .utf8)
            velocities[estimator] = test.components(separatedBy: "velocity: ").dropFirst()
                .map { $0.prefix { $0 != "}" } }.joined(separator: " | ")
        }
        // Five estimators, five readings of the same touches (the replays are not all zero, not all alike).
        XCTAssertEqual(Set(velocities.values).count, 5, "\(velocities)")
    }

    /// A sheet and a PiP in one scene: one folder, ReleaseKit.swift written once, one main running both replays.
    func testSeveralPatternsShareOneFolder() throws {
        let dir = try makeTemporaryDirectory("handoff-two")
        try """
            local sheet, pip = require("patterns.sheet"), require("patterns.pip")
            sheet.new(animhost.item{name = "sheet", center = {160, 568}, size = {320, 568}})
            pip.new(animhost.item{name = "window", center = {224, 507}, size = {160, 90}})
            animhost.input{
              {at = 0.2, pan = {from = {160, 320}, to = {160, 260}, duration = 0.06}},
              {at = 1.5, pan = {from = {220, 500}, to = {100, 480}, duration = 0.2}},
            }
            animhost.run{duration = 3}
            """.write(toFile: dir + "/two.lua", atomically: true, encoding: .utf8)
        let r = try runAnimhost(["handoff", dir + "/two.lua", "--to", "swift", "--output", dir + "/out"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout.split(separator: "\n").filter { $0.hasSuffix("/ReleaseKit.swift") }.count, 1, r.stdout)
        let main = try String(contentsOfFile: dir + "/out/main.swift", encoding: .utf8)
        XCTAssertTrue(main.contains("let passed = [SheetInteractionTests.run(), PipInteractionTests.run()]"), main)
    }

    /// docs/handoff.md shows the tuned values and the message as the command writes them.
    func testTheGuideShowsRealOutput() throws {
        let guide = try String(contentsOfFile: packageRoot + "/docs/handoff.md", encoding: .utf8)
        let dir = try makeTemporaryDirectory("handoff-guide")
        let r = try runAnimhost(["handoff", "behaviors/sheet.lua", "--to", "swift", "--set", "top=80", "--set",
                                 "response=0.35", "--output", dir])
        XCTAssertEqual(r.status, 0, r.stderr)
        let tuning = try String(contentsOfFile: dir + "/SheetTuning.swift", encoding: .utf8)
        let shown = try XCTUnwrap(guide.components(separatedBy: "```swift\n").dropFirst().first?
            .components(separatedBy: "```").first)
        XCTAssertTrue(tuning.contains(shown), "docs/handoff.md shows:\n\(shown)\nthe command writes:\n\(tuning)")
        let pane = try runAnimhost(["handoff", "behaviors/pane.lua", "--to", "swift"])
        XCTAssertTrue(guide.contains("      " + pane.stderr.trimmingCharacters(in: .newlines)), pane.stderr)
    }

    func testAScenePatternsCannotCarrySaysWhatCanBeHandedOff() throws {
        let dir = try makeTemporaryDirectory("handoff-none")
        let none = try handoff("pane", "swift", dir + "/pane")
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.contains("makes none of the built-in patterns")
                      && none.stderr.contains("patterns.sheet, patterns.card, patterns.pip, patterns.carousel"),
                      none.stderr)
        let scroll = try handoff("scroll", "swift", dir + "/scroll")
        XCTAssertEqual(scroll.status, 2)
        XCTAssertTrue(scroll.stderr.contains("uses patterns.scroll, which handoff does not write yet"), scroll.stderr)
        // One estimator for the scene is written (here Flutter's, into Dart); the sheet measured by Flutter's and
        // the PiP by Android's (the scene switches after a second) would need two trackers: refused.
        let mixed = dir + "/mixed.lua"
        let scene = """
            animhost.gestures{estimator = "flutter"}
            SWITCH
            require("patterns.sheet").new(animhost.item{name = "sheet", center = {160, 568}, size = {320, 568}})
            require("patterns.pip").new(animhost.item{name = "window", center = {224, 507}, size = {160, 90}})
            animhost.input{
              {at = 0.2, pan = {from = {160, 320}, to = {160, 260}, duration = 0.06}},
              {at = 1.5, pan = {from = {220, 500}, to = {100, 480}, duration = 0.2}},
            }
            animhost.run{duration = 3}
            """
        try scene.replacingOccurrences(of: "SWITCH", with: "")
            .write(toFile: mixed, atomically: true, encoding: .utf8)
        let one = try runAnimhost(["handoff", mixed, "--to", "dart", "--output", dir + "/mixed"])
        XCTAssertEqual(one.status, 0, one.stderr)
        let kit = try String(contentsOfFile: dir + "/mixed/release_kit.dart", encoding: .utf8)
        XCTAssertTrue(kit.contains("as Flutter measures a drag"), kit)
        try scene.replacingOccurrences(of: "SWITCH", with: "animhost.after(1, function() "
                                       + "animhost.gestures{estimator = \"android\"} end)")
            .write(toFile: mixed, atomically: true, encoding: .utf8)
        let two = try runAnimhost(["handoff", mixed, "--to", "dart", "--output", dir + "/mixed2"])
        XCTAssertEqual(two.status, 2)
        XCTAssertTrue(two.stderr.contains("its patterns measure releases with different estimators ('android', "
                                          + "'flutter')"), two.stderr)
        let target = try handoff("sheet", "java", dir + "/java")
        XCTAssertEqual(target.status, 2)
        XCTAssertTrue(target.stderr.contains("--to must be one of swift, kotlin, dart, typescript"), target.stderr)
    }
}
