import Foundation
import XCTest
import TestSupport

/// `animhost spring --to` reports what each platform *plays*: every rule below is written here
/// again, independently, from the platform's published source (cited), played at the display's
/// frames, and compared with the report's figures.
final class SpringPlatformRuntimeTests: XCTestCase {
    /// An underdamped spring m = 1: position and velocity at t of a move from 0 to `d`
    /// released with `v0` units/s.
    private struct Closed {
        let k: Double, c: Double, v0: Double, d: Double
        func state(_ t: Double) -> (x: Double, v: Double) {
            let w0 = k.squareRoot(), zeta = c / (2 * w0), s = zeta * w0, wd = w0 * (1 - zeta * zeta).squareRoot()
            let u0 = -d, b = (v0 + s * u0) / wd
            let e = exp(-s * t), co = cos(wd * t), si = sin(wd * t)
            let u = e * (u0 * co + b * si)
            let v = e * ((-s * u0 + wd * b) * co + (-s * b - wd * u0) * si)
            return (d + u, v)
        }
    }

    private func report(_ args: [String]) throws -> (reference: [String: Any], targets: [String: [String: Any]]) {
        let r = try runAnimhost(["spring"] + args + ["--format", "json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let j = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        var byName: [String: [String: Any]] = [:]
        for t in try XCTUnwrap(j["targets"] as? [[String: Any]]) { byName[try XCTUnwrap(t["target"] as? String)] = t }
        return (try XCTUnwrap(j["reference"] as? [String: Any], "no reference in \(r.stdout.prefix(300))"), byName)
    }

    private func form(_ t: [String: Any]?, _ name: String) throws -> [String: Any] {
        let forms = try XCTUnwrap(t?["forms"] as? [[String: Any]])
        return try XCTUnwrap(forms.first { ($0["form"] as? String) == name },
            "\(name) not in \(forms.map { $0["form"] ?? "" })")
    }

    /// The largest |played − closed form| over the frames, a fraction of d.
    private func largest(_ played: [Double], _ spring: Closed, hz: Double) -> Double {
        played.indices.map { abs(played[$0] - spring.state(Double($0) / hz).x) / spring.d }.max() ?? 0
    }

    /// A soft spring released towards its target: k 60, ζ 0.3 (c = 2·0.3·√60), 300 px, 900 px/s.
    private let soft = ["--stiffness", "60", "--damping-ratio", "0.3", "--velocity", "900", "--distance", "300"]
    private var softSpring: Closed { Closed(k: 60, c: 0.6 * 60.0.squareRoot(), v0: 900, d: 300) }
    private var horizon: Double { 3 * 5.9 }   // well past the report's horizon: frames are cut at the report's

    /// Android `SpringAnimation` (androidx dynamicanimation): `isAtEquilibrium` — |x − final| <
    /// 0.75 px (MIN_VISIBLE_CHANGE_PIXELS 1 × THRESHOLD_MULTIPLIER 0.75) and |v| < 0.75 × 1000/16
    /// px/s — ends it at the final position. The closed form runs on without the snap.
    func testAndroidEndsAtItsEquilibriumThresholdsAndJumps() throws {
        let (reference, t) = try report(soft + ["--to", "android"])
        let f = try form(t["android"], "SpringForce(stiffness, dampingRatio)")
        let s = softSpring, hz = 60.0
        let frames = Int(try XCTUnwrap(reference["horizon"] as? Double) * hz) + 1
        var played: [Double] = [], rest: Int?
        for i in 0..<frames {
            let (x, v) = s.state(Double(i) / hz)
            if rest == nil, i > 0, abs(x - 300) < 0.75, abs(v) < 46.875 { rest = i }
            played.append(rest == nil ? x : 300)
        }
        let restFrame = try XCTUnwrap(rest)
        XCTAssertEqual(try XCTUnwrap(f["rest"] as? Double), Double(restFrame) / hz, accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(f["maxDistance"] as? Double), largest(played, s, hz: hz), accuracy: 1e-6)
        XCTAssertGreaterThan(try XCTUnwrap(f["maxDistance"] as? Double), 0.001)   // the jump a soft spring shows
        let cannot = (t["android"]?["cannot"] as? [String] ?? []).joined()
        XCTAssertTrue(cannot.contains("jumps to the final position"), cannot)
    }

    /// Motion's physics spring (motion-dom spring/index.ts): done once |target − x| ≤ restDelta
    /// (0.5 px) and |v| ≤ restSpeed (2 px/s), v a 5 ms backward difference for ζ < 1; then the target.
    func testMotionEndsAtRestDeltaAndRestSpeed() throws {
        let (reference, t) = try report(soft + ["--to", "motion"])
        let f = try form(t["motion"], "{stiffness, damping, mass}")
        let s = Closed(k: 60, c: 4.6476, v0: 900, d: 300), hz = 60.0   // the damping as printed
        let frames = Int(try XCTUnwrap(reference["horizon"] as? Double) * hz) + 1
        var played: [Double] = [], rest: Int?
        for i in 0..<frames {
            let ms = Double(i) * 1000 / hz
            let x = s.state(ms / 1000).x
            let previous = max(ms - 5, 0)
            let speed = ms == 0 ? 900 : (x - s.state(previous / 1000).x) * 1000 / (ms - previous)
            if rest == nil, abs(speed) <= 2, abs(300 - x) <= 0.5 { rest = i }
            played.append(rest == nil ? x : 300)
        }
        XCTAssertEqual(try XCTUnwrap(f["rest"] as? Double), Double(try XCTUnwrap(rest)) / hz, accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(f["maxDistance"] as? Double), largest(played, softSpring, hz: hz), accuracy: 1e-6)
        XCTAssertGreaterThan(try XCTUnwrap(f["maxDistance"] as? Double), 1e-4)
    }

    /// Flutter's `withDurationAndBounce` reads `duration.inMilliseconds` (spring_simulation.dart):
    /// the code prints whole milliseconds, and the report measures the spring of those.
    func testFlutterDurationIsPrintedAndPlayedInWholeMilliseconds() throws {
        let (_, t) = try report(["--duration", "0.167925", "--bounce", "0.3", "--to", "flutter"])
        let code = try XCTUnwrap(t["flutter"]?["code"] as? String)
        XCTAssertTrue(code.contains("withDurationAndBounce(duration: Duration(milliseconds: 168), bounce: 0.3)"), code)
        XCTAssertFalse(code.contains("microseconds"), code)
        let f = try form(t["flutter"], "SpringDescription.withDurationAndBounce")
        func spring(_ d: Double) -> Closed { Closed(k: pow(2 * Double.pi / d, 2), c: 4 * Double.pi * 0.7 / d, v0: 0,
            d: 300) }
        let ideal = spring(0.167925), printed = spring(0.168)
        let expected = (0..<60).map { abs(printed.state(Double($0) / 60).x - ideal.state(Double($0) / 60).x) / 300 }.max()!
        XCTAssertEqual(try XCTUnwrap(f["maxDistance"] as? Double), expected, accuracy: 1e-5)
        XCTAssertGreaterThan(expected, 1e-4)
    }

    /// A default `AnimationController` clamps its value to 0…1 (animation_controller.dart): the
    /// printed code drives an unbounded one, so the overshoot plays.
    func testFlutterCodeCannotClipTheOvershoot() throws {
        let (_, t) = try report(soft + ["--to", "flutter"])
        let code = try XCTUnwrap(t["flutter"]?["code"] as? String)
        XCTAssertTrue(code.contains("AnimationController.unbounded(vsync: this)"), code)
        XCTAssertFalse(code.contains("0…1 controller takes"), code)
        let cannot = (t["flutter"]?["cannot"] as? [String] ?? []).joined()
        XCTAssertTrue(cannot.contains("clamps to 0…1 and would cut off"), cannot)
    }

    /// react-spring (SpringValue.advance, rafz): each frame integrates ⌈dt⌉ 1 ms steps of
    /// semi-implicit Euler (17 per 16.67 ms frame at 60 Hz, 9 per 8.33 ms at 120 Hz), stopping at
    /// its precision (0.001 of the distance up to 1 px) and a tenth of it per ms; then `to`.
    func testReactSpringPlaysWholeMillisecondStepsPerFrame() throws {
        for hz in [60.0, 120.0] {
            let (reference, t) = try report(soft + ["--to", "react-spring", "--display-hz", String(Int(hz))])
            let f = try form(t["react-spring"], "{tension, friction, mass}")
            let frames = Int(try XCTUnwrap(reference["horizon"] as? Double) * hz) + 1
            let s = softSpring, precision = 0.3, c = 4.6476
            var x = 0.0, v = 0.9, done = false, played = [0.0]
            for _ in 1..<frames {
                for _ in 0..<Int((1000 / hz).rounded(.up)) where !done {
                    if abs(v) <= precision / 10 && abs(300 - x) <= precision { done = true; break }
                    v += (-60 * 1e-6 * (x - 300) - c * 1e-3 * v)
                    x += v
                }
                played.append(done ? 300 : x)
            }
            XCTAssertEqual(try XCTUnwrap(f["maxDistance"] as? Double), largest(played, s, hz: hz), accuracy: 1e-6,
                "\(hz) Hz")
            XCTAssertTrue((f["rule"] as? String ?? "").contains("\(hz == 60 ? 17 : 9) steps of 1 ms per \(Int(hz)) Hz "
                + "frame"))
        }
    }

    /// POP (POPSpringSolver.h): per frame, RK4 steps of 0.001f while the accumulated frame time
    /// holds one; the state interpolated by the leftover fed back. Measured at the frames (no
    /// interpolation between them), at 60 and at 120 Hz — where the lag grows.
    func testPOPIsMeasuredAtItsFramesAtEachDisplayRate() throws {
        var figures: [Double] = []
        for hz in [60.0, 120.0] {
            let (reference, t) = try report(soft + ["--to", "pop", "--display-hz", String(Int(hz))])
            let f = try form(t["pop"], "dynamicsMass/Tension/Friction")
            let frames = Int(try XCTUnwrap(reference["horizon"] as? Double) * hz) + 1
            let h = Double(Float(0.001)), k = 60.0, b = 4.6476
            func a(_ x: Double, _ v: Double) -> Double { -k * x - b * v }
            var x = 300.0, v = -900.0, acc = 0.0, played = [0.0], done = false
            for i in 1..<frames {
                if done { played.append(300); continue }
                acc += 1 / hz
                var prev = (x, v), cur = (x, v), lastA = 0.0
                while acc >= h {
                    prev = cur
                    let (p, q) = cur
                    let k1 = (q, a(p, q)), k2 = (q + k1.1 * h / 2, a(p + k1.0 * h / 2, q + k1.1 * h / 2))
                    let k3 = (q + k2.1 * h / 2, a(p + k2.0 * h / 2, q + k2.1 * h / 2)), k4 = (q + k3.1 * h, a(p
                        + k3.0 * h, q + k3.1 * h))
                    lastA = (k1.1 + 2 * (k2.1 + k3.1) + k4.1) / 6
                    cur = (p + (k1.0 + 2 * (k2.0 + k3.0) + k4.0) / 6 * h, q + lastA * h)
                    acc -= h
                }
                let alpha = acc / h
                x = cur.0 * alpha + prev.0 * (1 - alpha)
                v = cur.1 * alpha + prev.1 * (1 - alpha)
                let solver = abs(x) < 0.5 && v * v < 25 && lastA * lastA < 625
                let frames = i >= 2 && abs(300 - played[i - 1]) < 0.2 && abs(played[i - 1] - played[i - 2]) < 0.2
                done = solver || frames
                played.append(done ? 300 : 300 - x)
            }
            let figure = try XCTUnwrap(f["maxDistance"] as? Double)
            XCTAssertEqual(figure, largest(played, softSpring, hz: hz), accuracy: 1e-6, "\(hz) Hz")
            XCTAssertTrue((f["rule"] as? String ?? "").contains("per \(Int(hz)) Hz frame"))
            figures.append(figure)
        }
        XCTAssertGreaterThan(figures[1], figures[0])
    }

    /// The report names both references: the ideal closed form (what every figure is measured
    /// from) and the spring animhost plays (with its rest rule), and how far apart they are.
    func testTheReportNamesBothReferences() throws {
        let (reference, t) = try report(soft + ["--to", "uikit,android"])
        let animhost = try XCTUnwrap(reference["animhostMaxDistance"] as? Double)
        XCTAssertGreaterThan(animhost, 0)
        XCTAssertNotNil(reference["animhostRest"] as? Double)
        XCTAssertEqual(reference["displayHz"] as? Double, 60)
        // UIKit plays the closed form: its distance from animhost's spring is animhost's own.
        let uikit = try form(t["uikit"], "UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)")
        XCTAssertEqual(try XCTUnwrap(uikit["maxDistanceFromAnimhost"] as? Double), animhost, accuracy: 1e-6)
        let text = try runAnimhost(["spring"] + soft + ["--to", "uikit"])
        XCTAssertTrue(text.stdout.contains("from the ideal closed form"), text.stdout)
        XCTAssertTrue(text.stdout.contains("from the spring animhost plays"), text.stdout)
        let bad = try runAnimhost(["spring"] + soft + ["--to", "pop", "--display-hz", "1000"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("--display-hz must be a whole number of frames per second from 24 to 240"),
            bad.stderr)
    }
}
