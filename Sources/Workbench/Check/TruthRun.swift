import AnimHost
import Dynamics

/// Runs a scene in-process the way `animhost run` samples it (60 frames a second over the
/// 120 Hz step, `FrameClock`) and collects what the truth check needs: every item's samples
/// and the exemptions the run itself can see — contacts that began or ended (read from the
/// collision world after each step, so every collision behavior counts, whoever made it) and
/// the first samples of every touch.
public struct TruthRun: Sendable {
    public var series: [(item: String, samples: [MotionTruth.Sample])] = []
    public var exemptions: [MotionTruth.Exemption] = []
    /// By item name, where its center lies from its centre of mass in its own frame, for the
    /// items whose center is off it (a triangle's): `MotionTruth.check`'s `offsets`.
    public var offsets: [String: (x: Double, y: Double)] = [:]
    /// The script's error, if the scene failed to load or to run.
    public var error: String?

    public static let fps = 60.0

    /// A contact hit an item in a step when one of its impulses changed the item's velocity by
    /// more than this (pt/s): resting support under gravity takes a few pt/s per step.
    static let hitSpeed = 20.0

    /// Loads `source` (or the file at `path`) and runs it for `duration` seconds (nil: the
    /// script's `animhost.run{duration=}`, else 5 s), sampling `fps` frames a second (nil:
    /// a frame every step).
    public static func run(source: String?, path: String, duration: Double?, sets: [(String, Double)] = [],
                    input: [TouchEvent] = [], fps: Double? = TruthRun.fps, hz: Int = 120) -> TruthRun {
        var result = TruthRun()
        var o = SceneOptions(path: path)
        o.hz = hz
        o.source = source
        o.sets = sets.map { (name: $0.0, value: $0.1) }
        o.print = { _ in }
        let scene: Scene
        do { scene = try Scene.load(o) } catch { result.error = error.description; return result }
        if !input.isEmpty { scene.stage.schedule(input) }
        var recorder = TruthRecorder(scene: scene, fps: fps)
        do throws(HostError) {
            try recorder.start()
            let end = Int(((duration ?? scene.runDuration ?? 5) * Double(scene.stage.hz)).rounded())
            while scene.stage.steps < end { try recorder.step() }
        } catch {
            result.error = error.description
        }
        let error = result.error
        result = recorder.finish()
        result.error = error
        return result
    }

    /// The frames as one series per item, in the items' order.
    public static func seriesOf(_ frames: [Frame]) -> [(item: String, samples: [MotionTruth.Sample])] {
        guard let first = frames.first else { return [] }
        var out: [(item: String, samples: [MotionTruth.Sample])] = first.rows.map { ($0.item, []) }
        for f in frames {
            for (k, row) in f.rows.enumerated() where k < out.count && out[k].item == row.item {
                let v = row.values.map { $0 ?? .nan }
                out[k].samples.append(.init(t: f.time, x: v[0], y: v[1], angle: v[2], vx: v[3], vy: v[4], omega: v[5]))
            }
        }
        return out
    }

    /// The names of the items whose touching contacts differ between two lists, in item order.
    static func changedItems(_ old: [(key: UInt64, a: Int32, b: Int32)], _ new: [(key: UInt64, a: Int32, b: Int32)],
                             _ animator: Animator) -> [String] {
        var items: [Int32] = []
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if j == new.count || (i < old.count && old[i].key < new[j].key) {
                items += [old[i].a, old[i].b]; i += 1
            } else if i == old.count || new[j].key < old[i].key {
                items += [new[j].a, new[j].b]; j += 1
            } else {
                if old[i].a != new[j].a || old[i].b != new[j].b { items += [old[i].a, old[i].b, new[j].a, new[j].b] }
                i += 1; j += 1
            }
        }
        return names(items, animator)
    }

    /// The names of the items of stops that engaged or let go between two lists, in item order.
    static func changedStops(_ old: [[Int32]], _ new: [[Int32]], _ animator: Animator) -> [String] {
        var items: [Int32] = []
        for s in old where !new.contains(s) { items += [s[0], s[1]] }
        for s in new where !old.contains(s) { items += [s[0], s[1]] }
        return names(items, animator)
    }

    /// The distinct items (not boundaries, −1) in index order, by name.
    static func names(_ items: [Int32], _ animator: Animator) -> [String] {
        var seen: [Int32] = []
        for k in items where k >= 0 && !seen.contains(k) { seen.append(k) }
        seen.sort()
        return seen.map { animator.name(of: ItemID(index: $0)) }
    }
}
