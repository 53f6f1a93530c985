@testable import AnimHost
import Dynamics
@testable import Physics
import TestSupport

/// Runs a scene in-process the way `animhost run` samples it (60 frames a second over the
/// 120 Hz step, `FrameClock`) and collects what the truth check needs: every item's samples
/// and the exemptions the run itself can see — contacts that began or ended (read from the
/// collision world after each step, so every collision behavior counts, whoever made it) and
/// the first samples of every touch.
struct TruthRun {
    var series: [(item: String, samples: [MotionTruth.Sample])] = []
    var exemptions: [MotionTruth.Exemption] = []
    /// By item name, where its center lies from its centre of mass in its own frame, for the
    /// items whose center is off it (a triangle's): `MotionTruth.check`'s `offsets`.
    var offsets: [String: (x: Double, y: Double)] = [:]
    /// The script's error, if the scene failed to load or to run.
    var error: String?

    static let fps = 60.0

    /// Loads `source` (or the file at `path`) and runs it for `duration` seconds (nil: the
    /// script's `animhost.run{duration=}`, else 5 s), sampling `fps` frames a second (nil:
    /// a frame every step).
    static func run(source: String?, path: String, duration: Double?, sets: [(String, Double)] = [],
                    input: [TouchEvent] = [], fps: Double? = TruthRun.fps, hz: Int = 120) -> TruthRun {
        var result = TruthRun()
        var o = SceneOptions(path: path)
        o.hz = hz
        o.source = source
        o.sets = sets.map { (name: $0.0, value: $0.1) }
        o.print = { _ in }
        let scene: Scene
        do { scene = try Scene.load(o) } catch { result.error = error.description; return result }
        let stage = scene.stage
        if !input.isEmpty { stage.schedule(input) }
        let clock = FrameClock(fps: fps ?? Double(stage.hz), hz: stage.hz)
        let h = stage.stepDuration
        var frames: [Frame] = []
        func record() {
            while clock.step(ofFrame: frames.count) <= stage.steps {
                var f = stage.captureFrame(columns: FrameColumn.base)
                f.time = clock.time(ofFrame: frames.count)
                frames.append(f)
            }
        }
        var touching = touchingPairs(stage.animator)
        var stopped = engagedStops(stage.animator)
        do throws(HostError) {
            try stage.settleBoundary()
            record()
            let end = Int(((duration ?? scene.runDuration ?? 5) * Double(stage.hz)).rounded())
            while stage.steps < end {
                let springing = itemsWithCenterSprings(scene)
                try stage.step()
                let stillSpringing = itemsWithCenterSprings(scene)
                for id in springing where !stillSpringing.contains(id) {
                    result.exemptions.append(.init(item: stage.animator.name(of: id), from: stage.time - h, to: stage.time,
                                                   reason: .springSnap))
                }
                let now = touchingPairs(stage.animator)
                let t = stage.time
                for name in changedItems(touching, now, stage.animator) + hitItems(stage.animator) {
                    // The impulse falls in this step; a speculative contact can take it a step
                    // before it touches, and "ended" is seen a step after the items part: pairs
                    // holding any of the steps ending at t − h, t, t + h.
                    result.exemptions.append(.init(item: name, from: t - h, to: t, reason: .collision))
                }
                touching = now
                // A joint's stop (a slide's range end, a pin's angle limit, a rope gone taut)
                // engaging or letting go is a collision with the stop: an impulse within the step.
                let nowStopped = engagedStops(stage.animator)
                for name in changedStops(stopped, nowStopped, stage.animator) {
                    result.exemptions.append(.init(item: name, from: t - h, to: t, reason: .collision))
                }
                stopped = nowStopped
                record()
            }
        } catch {
            result.error = error.description
        }
        // The touch's first frame: from the touch-down to the step after the sample after it,
        // when a pan recognizes and a handler may put the item at the finger (a real device's
        // next sample may come several steps after the touch-down).
        let touches = stage.deliveredTouches
        for (k, e) in touches.enumerated() where e.phase == .began {
            let next = touches[(k + 1)...].first { $0.touch == e.touch }
            result.exemptions.append(.init(item: nil, from: e.time, to: (next?.time ?? e.time) + h, reason: .touch))
        }
        result.series = seriesOf(frames)
        result.offsets = centreOffsets(stage.animator)
        return result
    }

    /// The items whose center is off their centre of mass, and by how much (item frame).
    /// A group's members turn about the group's centre, not their own: they are left out.
    static func centreOffsets(_ a: Animator) -> [String: (x: Double, y: Double)] {
        var out: [String: (x: Double, y: Double)] = [:]
        for r in a.records where r.group == nil && r.groupMembers.isEmpty && r.localCenter != .zero {
            out[r.name] = (-r.localCenter.x, -r.localCenter.y)
        }
        return out
    }

    /// Items whose center a running spring animation drives.
    static func itemsWithCenterSprings(_ scene: Scene) -> [ItemID] {
        scene.animations.channels.compactMap { ch in
            guard ch.property == .center, let d = ch.driver, d.isRunning, case .spring = d.motion else { return nil }
            return ch.item
        }
    }

    /// The frames as one series per item, in the items' order.
    static func seriesOf(_ frames: [Frame]) -> [(item: String, samples: [MotionTruth.Sample])] {
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

    /// The contacts touching now, as (pair key, item A, item B) sorted by key; item A is −1
    /// for a boundary.
    static func touchingPairs(_ a: Animator) -> [(key: UInt64, a: Int32, b: Int32)] {
        var out: [(key: UInt64, a: Int32, b: Int32)] = []
        for c in a.collision.contacts.contacts where c.touching { out.append((c.key, c.itemA, c.itemB)) }
        out.sort { $0.key < $1.key }
        return out
    }

    /// A contact hit an item in this step when one of its impulses (the largest single
    /// increment of the step, as Box2D's hit events read it) changed the item's velocity by
    /// more than 20 pt/s (or its spin by more than the angular floor): an impact passed on through a resting contact (a box landing on a
    /// stack pushes the boxes beneath), or a corner of a turning item striking the floor while
    /// another corner already touches, with no contact beginning. Resting support under
    /// gravity takes a few pt/s per step.
    static let hitSpeed = 20.0

    static func hitItems(_ a: Animator) -> [String] {
        var hit: [Int32] = []
        for c in a.collision.contacts.contacts where c.touching {
            let j = max(c.maxNormalImpulse.0, c.maxNormalImpulse.1)
            for (side, i) in [(0, c.itemA), (1, c.itemB)] where i >= 0 && !hit.contains(i) {
                let b = a.bodies[Int(i)]
                // The lever arm: the farthest manifold point from the item's center of mass.
                var arm = 0.0
                for k in 0..<c.manifold.pointCount {
                    arm = max(arm, (side == 0 ? c.manifold[k].anchorA : c.manifold[k].anchorB).length)
                }
                if j * b.invMass > hitSpeed || j * arm * b.invInertia > MotionTruth.angularFloor { hit.append(i) }
            }
        }
        hit.sort()
        return hit.map { a.name(of: ItemID(index: $0)) }
    }

    /// The stops of joints that push now: (item A, item B or −1, kind, which side), sorted.
    static func engagedStops(_ a: Animator) -> [[Int32]] {
        var out: [[Int32]] = []
        for j in a.joints where j.hasLimits {
            if j.lowerImpulse > 0 { out.append([j.itemA, j.itemB, Int32(j.kind.rawValue), 0]) }
            if j.upperImpulse > 0 { out.append([j.itemA, j.itemB, Int32(j.kind.rawValue), 1]) }
        }
        out.sort { $0.lexicographicallyPrecedes($1) }
        return out
    }

    /// The names of the items of stops that engaged or let go between two lists, in item order.
    static func changedStops(_ old: [[Int32]], _ new: [[Int32]], _ animator: Animator) -> [String] {
        var items: [Int32] = []
        for s in old where !new.contains(s) { items += [s[0], s[1]] }
        for s in new where !old.contains(s) { items += [s[0], s[1]] }
        var seen: [Int32] = []
        for k in items where k >= 0 && !seen.contains(k) { seen.append(k) }
        seen.sort()
        return seen.map { animator.name(of: ItemID(index: $0)) }
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
        var seen: [Int32] = []
        for k in items where k >= 0 && !seen.contains(k) { seen.append(k) }
        seen.sort()
        return seen.map { animator.name(of: ItemID(index: $0)) }
    }
}
