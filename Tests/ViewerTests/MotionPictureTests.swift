import Foundation
import TestSupport
import XCTest

/// `run --format gif|apng|webm|mp4|svg-animated`, read back by programs that are not
/// animhost: Debian's ffprobe and ffmpeg decode the four binary formats, headless Chromium
/// plays the animated SVG. Each must hold the frames asked for (2 s at 30 fps: frames at
/// t = 0, 1/30, …, 2, so 61 of them, 61/30 s long) and draw the item where the run's CSV
/// says it is: at three times, the centroid of the item's pixels within 1 px of its
/// position (a point is a pixel here). Two runs give the same bytes.
final class MotionPictureTests: XCTestCase {
    /// A 20 × 20 pt square (too small for its name to be drawn, so its pixels are its
    /// colour alone) thrown sideways under weak gravity on a 200 × 300 pt screen.
    static let scene = """
        local dot = animhost.item{name = "dot", center = {40, 40}, size = {20, 20}}
        local animator = animhost.animator{bounds = {0, 0, 200, 300}}
        animator:addBehavior(animhost.gravity{items = {dot}, magnitude = 0.1})
        animator:addBehavior(animhost.push{items = {dot}, mode = "instantaneous", pushDirection = {0.03, 0}})
        animhost.run{duration = 2}
        """
    static let frames = 61, fps = 30.0, checked = [0, 30, 60]

    private func tool(_ name: String) throws -> String {
        for dir in ["/usr/bin", "/usr/local/bin"] where FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)") {
            return "\(dir)/\(name)"
        }
        if ProcessInfo.processInfo.environment["ANIMHOST_REQUIRE_BROWSER"] == "1" {
            XCTFail("\(name) is not installed (scripts/test installs it)")
        }
        throw XCTSkip("\(name) is not installed; scripts/test installs it")
    }

    private func requireEncoder() throws {
        guard FileManager.default.isExecutableFile(atPath: packageRoot + "/.build/debug/animhost-motion") else {
            if ProcessInfo.processInfo.environment["ANIMHOST_REQUIRE_BROWSER"] == "1" {
                XCTFail("animhost-motion is not built (scripts/test builds it: scripts/build-motion)")
            }
            throw XCTSkip("animhost-motion is not built; scripts/build-motion builds it")
        }
    }

    /// The dot's (x, y) at each checked frame, from the run's CSV.
    private func expectedPositions(_ script: String) throws -> [(x: Double, y: Double)] {
        let csv = try runAnimhost(["run", script, "--fps", "30"])
        XCTAssertEqual(csv.status, 0, csv.stderr)
        let rows = csv.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",") }
        XCTAssertEqual(rows.count, Self.frames)
        return Self.checked.map { (Double(rows[$0][2])!, Double(rows[$0][3])!) }
    }

    /// The centroid of the dot's pixels (#6c8cff shaded: blue well above red) in RGB rows.
    static func centroid(rgb: [UInt8], width: Int, height: Int, channels: Int = 3) -> (x: Double, y: Double)? {
        var sx = 0.0
        var sy = 0.0
        var n = 0.0
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * channels
                let r = Double(rgb[i])
                let b = Double(rgb[i + 2])
                // Weighted by how blue the pixel is, so anti-aliased edges count by coverage.
                let w = max(0, min(1, (b - r - 40) / 100))
                sx += w * (Double(x) + 0.5)
                sy += w * (Double(y) + 0.5)
                n += w
            }
        }
        return n > 0 ? (sx / n, sy / n) : nil
    }

    func testEveryBinaryFormatDecodesToTheFramesAskedForWithTheItemWhereTheRunPutsIt() throws {
        let ffprobe = try tool("ffprobe")
        let ffmpeg = try tool("ffmpeg")
        try requireEncoder()
        let script = try temporaryFile("motion-dot.lua", Self.scene)
        let expected = try expectedPositions(script)
        for format in ["gif", "apng", "webm", "mp4"] {
            let file = try temporaryFile("motion-dot.\(format)", "")
            let r = try runAnimhost(["run", script, "--format", format, "--output", file])
            XCTAssertEqual(r.status, 0, "\(format): \(r.stderr)")
            let first = try Data(contentsOf: URL(fileURLWithPath: file))
            XCTAssertEqual(try runAnimhost(["run", script, "--format", format, "--output", file]).status, 0)
            XCTAssertEqual(
                try Data(contentsOf: URL(fileURLWithPath: file)), first, "\(format): two runs, different bytes")

            // Frames and their times as ffprobe reads them, packet by packet (APNG has no
            // container duration): the picture ends where its last frame's time is over.
            let probe = try runProgram(
                ffprobe,
                [
                    "-v", "error", "-select_streams", "v:0", "-count_frames",
                    "-show_entries", "stream=width,height,nb_read_frames:packet=pts_time,duration_time",
                    "-of", "default=noprint_wrappers=1", file,
                ])
            XCTAssertEqual(probe.status, 0, probe.stderr)
            let fields = probe.stdout.split(separator: "\n").map {
                $0.split(separator: "=", maxSplits: 1).map(String.init)
            }
            func field(_ name: String) -> [String] {
                fields.filter { $0.first == name }.map { $0.count > 1 ? $0[1] : "" }
            }
            XCTAssertEqual(field("width"), ["200"], format)
            XCTAssertEqual(field("height"), ["300"], format)
            XCTAssertEqual(field("nb_read_frames"), ["\(Self.frames)"], format)
            let starts = field("pts_time").compactMap(Double.init)
            let lengths = field("duration_time").compactMap(Double.init)
            XCTAssertEqual(starts.count, Self.frames, format)
            let duration = zip(starts, lengths).map { $0 + $1 }.max() ?? 0
            // GIF stores delays in hundredths of a second, WebM times in milliseconds: within
            // a hundredth of 61/30 s.
            XCTAssertEqual(duration, Double(Self.frames) / Self.fps, accuracy: 0.011, "\(format): \(duration) s")

            for (k, frame) in Self.checked.enumerated() {
                let raw = file + ".\(frame).rgb"
                let d = try runProgram(
                    ffmpeg,
                    [
                        "-v", "error", "-y", "-i", file, "-vf", "select=eq(n\\,\(frame))", "-frames:v", "1",
                        "-f", "rawvideo", "-pix_fmt", "rgb24", raw,
                    ])
                XCTAssertEqual(d.status, 0, d.stderr)
                let rgb = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
                XCTAssertEqual(rgb.count, 200 * 300 * 3, format)
                guard let c = Self.centroid(rgb: rgb, width: 200, height: 300) else {
                    XCTFail("\(format) frame \(frame): no dot drawn")
                    continue
                }
                XCTAssertEqual(c.x, expected[k].x, accuracy: 1, "\(format) frame \(frame): x")
                XCTAssertEqual(c.y, expected[k].y, accuracy: 1, "\(format) frame \(frame): y")
            }
        }
    }

    func testTheAnimatedSvgPlaysInChromiumWithTheItemWhereTheRunPutsIt() throws {
        guard let chromium = HeadlessChromium.executable else {
            if ProcessInfo.processInfo.environment["ANIMHOST_REQUIRE_BROWSER"] == "1" {
                XCTFail("chromium is not installed (scripts/test installs it: apt-get install -y chromium)")
            }
            throw XCTSkip("chromium is not installed; scripts/test installs it")
        }
        let script = try temporaryFile("motion-dot-svg.lua", Self.scene)
        let expected = try expectedPositions(script)
        let a = try runAnimhost(["run", script, "--format", "svg-animated"])
        XCTAssertEqual(a.status, 0, a.stderr)
        XCTAssertEqual(
            try runAnimhost(["run", script, "--format", "svg-animated"]).stdout, a.stdout, "two runs, different bytes")
        let file = try temporaryFile("motion-dot.svg", a.stdout)
        let browser = try HeadlessChromium(executable: chromium, url: "file://" + file, width: 200, height: 300)
        try browser.wait(
            for:
                "document.documentElement && document.documentElement.getCurrentTime "
                    + "&& document.readyState === 'complete'"
        )
        XCTAssertEqual(try browser.evaluate("document.querySelectorAll('svg > g').length") as? Int, Self.frames)
        // One loop is the frames at 1/fps each.
        XCTAssertEqual(
            try browser.evaluate("document.querySelector('animate').getSimpleDuration()") as? Double ?? 0,
            Double(Self.frames) / Self.fps, accuracy: 1e-5)   // Chromium's times are single precision
        _ = try browser.evaluate("document.documentElement.pauseAnimations()")
        for (k, frame) in Self.checked.enumerated() {
            // Halfway through the frame's 1/30 s.
            _ = try browser.evaluate("document.documentElement.setCurrentTime(\((Double(frame) + 0.5) / Self.fps))")
            let shown = try browser.evaluate(
                "[...document.querySelectorAll('svg > g')]"
                    + ".filter(g => getComputedStyle(g).visibility === 'visible').length"
            )
            XCTAssertEqual(shown as? Int, 1, "frame \(frame): one frame shown at a time")
            let image = try PNGImage(data: try browser.screenshot())
            var rgb: [UInt8] = []
            for y in 0..<300 {
                for x in 0..<200 {
                    let p = image.pixel(x, y)
                    rgb += [UInt8(p.r), UInt8(p.g), UInt8(p.b)]
                }
            }
            guard let c = Self.centroid(rgb: rgb, width: 200, height: 300) else {
                XCTFail("frame \(frame): no dot drawn")
                continue
            }
            XCTAssertEqual(c.x, expected[k].x, accuracy: 1, "frame \(frame): x")
            XCTAssertEqual(c.y, expected[k].y, accuracy: 1, "frame \(frame): y")
        }
    }

    func testABinaryFormatNeedsAFileAndOtherMistakesAreUsageErrors() throws {
        let script = try temporaryFile("motion-dot-usage.lua", Self.scene)
        for (arguments, message) in [
            (["--format", "gif"], "--format gif is binary: give --output FILE.gif"),
            (["--format", "mp4", "--output", "-"], "--format mp4 is binary"),
            (["--format", "gif", "--fps", "60", "--output", "x.gif"], "--format gif plays at most 50 frames a second"),
            (
                ["--format", "mp4", "--background", "transparent", "--output", "x.mp4"],
                "--format mp4 (H.264) has no transparency"
            ),
            (["--format", "mp4", "--size", "201x300", "--output", "x.mp4"], "needs an even width and height"),
            (
                ["--format", "svg-animated", "--background", "red"],
                "--background takes transparent or a colour #rrggbb"
            ),
            (["--format", "csv", "--trails"], "--trails draws on a moving picture"),
            (
                ["--format", "gif", "--size", "9x9", "--output", "x.gif"],
                "--size takes WIDTHxHEIGHT in pixels, each from 16 to 4096"
            ),
        ] {
            let r = try runAnimhost(["run", script] + arguments)
            XCTAssertEqual(r.status, 2, "\(arguments): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(message), "\(arguments): \(r.stderr)")
            XCTAssertTrue(r.stdout.isEmpty, "\(arguments): nothing on stdout")
        }
    }
}
