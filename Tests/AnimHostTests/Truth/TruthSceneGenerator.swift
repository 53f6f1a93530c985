import Foundation
import Workbench

/// A seeded generator of truth scenes: random items and random mixes of every way an item
/// moves (see `TruthScene.Kind`). Deterministic: the same seed gives the same scene.
struct TruthSceneGenerator {
    /// `animhost fuzz`'s SplitMix64 (small, fast, and the same on every platform), with the
    /// draws a scene needs.
    struct Random {
        private var mix: SplitMix64
        init(state: UInt64) { mix = SplitMix64(seed: state) }
        mutating func next() -> UInt64 { mix.next() }
        /// Uniform in [0, 1).
        mutating func unit() -> Double { mix.uniform(0, 1) }
        mutating func chance(_ p: Double) -> Bool { unit() < p }
        /// Uniform in [lo, hi], rounded to `step` so scripts stay readable.
        mutating func number(_ lo: Double, _ hi: Double, step: Double = 1) -> Double {
            ((lo + (hi - lo) * unit()) / step).rounded() * step
        }
        mutating func int(_ lo: Int, _ hi: Int) -> Int { lo + Int(next() % UInt64(hi - lo + 1)) }
        mutating func pick<T>(_ xs: [T]) -> T { xs[int(0, xs.count - 1)] }
        /// A non-empty random subset, in the list's order.
        mutating func subset(_ xs: [String]) -> [String] {
            var s = xs.filter { _ in chance(0.6) }
            if s.isEmpty { s = [pick(xs)] }
            return s
        }
        /// A time on the 1/40 s grid (three steps), so events fall on frames and between them.
        mutating func time(_ lo: Double, _ hi: Double) -> Double { number(lo, hi, step: 0.025) }
        /// A signed magnitude in ±[lo, hi].
        mutating func signed(_ lo: Double, _ hi: Double, step: Double = 1) -> Double {
            (chance(0.5) ? -1 : 1) * number(lo, hi, step: step)
        }
    }

    enum Role { case physics, scripted, animated, panned }

    static func scene(seed: UInt64) -> TruthScene {
        var r = Random(state: seed &* 0x2545_F491_4F6C_DD1D ^ 0x5DEE_CE66_D1CE_4E5B)
        var items: [TruthScene.Item] = []
        var roles: [Role] = []
        let count = r.int(1, 4)
        for k in 0..<count {
            let shape = r.pick([TruthScene.Item.Shape.rectangle, .rectangle, .ellipse, .triangle, .hexagon])
            items.append(.init(name: String(UnicodeScalar(UInt8(97 + k))), shape: shape,
                               x: r.number(80, 320), y: r.number(120, 420),
                               width: r.number(30, 90), height: r.number(30, 90),
                               angle: r.chance(0.3) ? r.number(-1, 1, step: 0.1) : 0))
            let u = r.unit()
            roles.append(u < 0.6 ? .physics : u < 0.75 ? .scripted : u < 0.9 ? .animated : .panned)
        }
        let names = items.map(\.name)
        let physics = zip(names, roles).filter { $0.1 == .physics }.map(\.0)
        var parts: [TruthScene.Part] = []
        let duration = r.pick([1.0, 1.5])

        if !physics.isEmpty {
            if r.chance(0.6) {
                parts.append(.init(.gravity, r.subset(physics), [("magnitude", r.number(0.2, 1.5, step: 0.1)),
                                                                 ("angle", r.chance(0.7) ? 1.6 : r.number(0, 6.2, step: 0.1))]))
            }
            if r.chance(0.5) {
                var n: [(String, Double)] = [("bounds", r.chance(0.8) ? 1 : 0)]
                if r.chance(0.4) {
                    let y = r.number(300, 520)
                    n += [("bx1", r.number(0, 150)), ("by1", y), ("bx2", r.number(250, 400)), ("by2", y + r.number(-60, 60))]
                }
                parts.append(.init(.collision, r.subset(physics), n))
            }
            if r.chance(0.4) {
                var n: [(String, Double)] = [("elasticity", r.number(0, 1, step: 0.1)), ("friction", r.number(0, 1, step: 0.1)),
                                             ("density", r.number(0.5, 3, step: 0.5)), ("resistance", r.number(0, 2, step: 0.1))]
                if r.chance(0.1) { n.append(("fixedAngle", 1)) }
                parts.append(.init(.itemBehavior, r.subset(physics), n))
            }
            if r.chance(0.3) {
                var n: [(String, Double)] = [("instantaneous", r.chance(0.5) ? 1 : 0), ("angle", r.number(0, 6.2, step: 0.1)),
                                             ("magnitude", r.number(0.5, 3, step: 0.5))]
                if r.chance(0.5) { n.append(("at", r.time(0.05, 0.8))) }
                let targets = r.subset(physics)
                if r.chance(0.3) { n += [("ox", r.number(-20, 20)), ("oy", r.number(-20, 20))] }
                parts.append(.init(.push, targets, n))
            }
            if r.chance(0.2) {
                let kind = r.pick(["linearGravity", "radialGravity", "vortex", "drag", "spring", "noise", "turbulence"])
                parts.append(.init(.field, r.subset(physics), [("fx", r.number(100, 300)), ("fy", r.number(150, 450)),
                                                               ("strength", r.number(0.5, 3, step: 0.5)),
                                                               ("dx", r.number(-1, 1, step: 0.5)), ("dy", r.number(-1, 1, step: 0.5))],
                                   words: ["field": kind]))
            }
            for (k, name) in physics.enumerated() {
                let item = items[names.firstIndex(of: name)!]
                let others = physics.filter { $0 != name }
                if r.chance(0.55) { parts.append(joint(for: item, others: others, duration: duration, r: &r)) }
                if r.chance(0.15) {
                    parts.append(.init(.teleport, [name], [("at", r.time(0.1, duration - 0.1)), ("dx", r.signed(10, 80)), ("dy", r.signed(10, 80))]))
                }
                if r.chance(0.2) { parts.append(animation(for: name, duration: duration, physicsBody: true, r: &r)) }
                if k == 0 && r.chance(0.15) {
                    parts.append(pan(for: item, style: r.pick(["anchor", "snap"]), duration: duration, r: &r))
                }
            }
        }
        for (name, role) in zip(names, roles) {
            let item = items[names.firstIndex(of: name)!]
            switch role {
            case .physics: break
            case .scripted:
                var n: [(String, Double)] = []
                if r.chance(0.5) { n += [("at", r.time(0.05, 0.5))] }
                if r.chance(0.4) { n += [("until", (n.first?.1 ?? 0) + r.time(0.3, 0.8))] }
                if r.chance(0.5) {
                    n += [("mvx", r.signed(30, 250)), ("mvy", r.signed(30, 250))]
                } else {
                    n += [("max", r.signed(20, 80)), ("may", r.signed(20, 80)), ("mhz", r.number(0.5, 2, step: 0.5))]
                }
                if r.chance(0.3) { n.append(("spin", r.signed(0.5, 3, step: 0.5))) }
                parts.append(.init(.move, [name], n, words: ["driver": r.chance(0.5) ? "timer" : "action"]))
            case .animated:
                parts.append(animation(for: name, duration: duration, physicsBody: false, r: &r))
                if r.chance(0.5) { parts.append(animation(for: name, duration: duration, physicsBody: false, r: &r)) }
            case .panned:
                parts.append(pan(for: item, style: r.pick(["follow", "offset"]), duration: duration, r: &r))
            }
        }
        if r.chance(0.15) {
            let name = r.pick(names)
            let isPhysics = physics.contains(name)
            let action = isPhysics ? r.pick(["kick", "spring", "teleport"]) : r.pick(["spring", "teleport"])
            parts.append(.init(.tap, [name], [("at", r.time(0.1, duration - 0.2)), ("x", r.number(50, 350)), ("y", r.number(100, 500)),
                                              ("dx", r.signed(10, 80)), ("dy", r.signed(10, 80)),
                                              ("angle", r.number(0, 6.2, step: 0.1)), ("magnitude", r.number(0.5, 2, step: 0.5))],
                               words: ["action": action]))
        }
        // Keep at most one pan: screen-level recognizers share the touches.
        var seenPan = false
        parts.removeAll { p in
            guard p.kind == .pan else { return false }
            defer { seenPan = true }
            return seenPan
        }
        wellPosed(&parts)
        return TruthScene(seed: seed, items: items, parts: parts, duration: duration)
    }

    /// A drag fed by a real device's touch stream instead of a sample every step: 60 Hz, or
    /// a mouse's samples 8 to 42 ms apart, on 60 or 120 Hz steps. One to three items; the
    /// dragged one is moved by its pan's handlers (to the finger, or kept at its offset) or,
    /// as a physics body under gravity or in a collision, pulled by an attachment or a snap;
    /// let go with nothing, a spring or a decay. Drawn from a stream of its own.
    static func dragScene(seed: UInt64) -> TruthScene {
        var r = Random(state: seed &* 0x9E37_79B9_7F4A_7C15 ^ 0x1F2E_3D4C_5B6A_7988)
        var items: [TruthScene.Item] = []
        for k in 0..<r.int(1, 3) {
            let shape = r.pick([TruthScene.Item.Shape.rectangle, .rectangle, .ellipse, .triangle, .hexagon])
            items.append(.init(name: String(UnicodeScalar(UInt8(97 + k))), shape: shape,
                               x: r.number(80, 320), y: r.number(120, 420),
                               width: r.number(30, 90), height: r.number(30, 90), angle: 0))
        }
        let dragged = items[0]
        let duration = r.pick([1.0, 1.5])
        var parts: [TruthScene.Part] = []
        if r.chance(0.4) {
            let names = items.map(\.name)
            if r.chance(0.6) {
                parts.append(.init(.gravity, names, [("magnitude", r.number(0.2, 1.5, step: 0.1)), ("angle", 1.6)]))
            }
            if r.chance(0.6) { parts.append(.init(.collision, names, [("bounds", 1)])) }
            if parts.isEmpty { parts.append(.init(.collision, names, [("bounds", 1)])) }
            parts.append(pan(for: dragged, style: r.pick(["anchor", "snap"]), duration: duration, r: &r))
        } else {
            parts.append(pan(for: dragged, style: r.pick(["follow", "offset"]), duration: duration, r: &r))
        }
        wellPosed(&parts)
        var s = TruthScene(seed: seed, items: items, parts: parts, duration: duration)
        s.hz = r.pick([60.0, 120.0])
        let stream = r.pick(["60hz", "jitter"])
        for i in s.parts.indices where s.parts[i].kind == .pan {
            s.parts[i].words["stream"] = stream
            if stream == "jitter" { s.parts[i].n["jseed"] = Double(r.int(1, 1_000_000)) }
        }
        return s
    }

    /// The items whose position an attachment holds rigidly (a velocity constraint with no
    /// give): either item of a fixed, pin or sliding attachment or of a distance attachment
    /// without a frequency, and an item tied by a limit (a rope, rigid when taut) to one of
    /// those.
    static func rigidlyHeld(_ parts: [TruthScene.Part]) -> Set<String> {
        var held: Set<String> = []
        for p in parts {
            switch p.kind {
            case .fixed, .pin, .sliding: held.formUnion(p.items)
            case .attachment where (p.n["frequency"] ?? 0) == 0: held.formUnion(p.items)
            default: break
            }
        }
        var grew = !held.isEmpty
        while grew {
            grew = false
            for p in parts where p.kind == .limit && p.items.contains(where: held.contains) && !held.isSuperset(of: p.items) {
                held.formUnion(p.items)
                grew = true
            }
        }
        return held
    }

    /// Removes what would make the scene physically ill-posed, so that no truthful frames
    /// exist for it (not a lie of the engine's, a contradiction of the script's):
    ///
    /// - An animation of `center` or `angle` (spring, decay, basic, key frames, a tap's
    ///   spring, a pan's release spring or decay) of an item a rigid attachment holds. The
    ///   animation wins for the property it drives (ARCHITECTURE.md, "Animations in the
    ///   step": when a behavior and an animation both drive an item, the animation), so the
    ///   joint cannot hold and fights it through whatever the animation leaves free (the angle, the other item), by an
    ///   amount the animation decides afresh every step: no velocity describes that. Such
    ///   animations are dropped (a tap's spring becomes an instantaneous push, a pan's release
    ///   ends with the drag). A snap holds its item too, softly, and an animation of its
    ///   center fights the snap's springs through the angle in the same way.
    /// - A pan's rigid drag attachment (length 0, no frequency) on an item that a rigid
    ///   attachment already holds: two rigid constraints fixing the same item's position,
    ///   which cannot both hold once finger and anchor part. The drag gets a frequency (5 Hz,
    ///   a soft drag as UIKit's attachment with a frequency), which keeps the scene's
    ///   gesture and makes it well-posed.
    /// - A pan's snap on an item a rigid attachment holds: the snap's four springs, stretched
    ///   between the finger and the joint, swing the item about the joint faster than 60
    ///   frames a second can show (a 19 Hz pendulum in the springs' pull, seed 20261534;
    ///   sampled every step its frames tell the truth, see `FastSwingTruthTests`), so no frame
    ///   pair can be judged. The pan drags with a soft attachment at the center instead (5 Hz).
    /// - A collision of an item whose rigid attachment's anchor the script moves: an anchor
    ///   of infinite mass driven into a wall of infinite mass, with the item between them;
    ///   one of the two must give way. The item leaves the collision (the anchor's path
    ///   stays).
    ///
    /// Decided after the whole scene is drawn, so the random stream, and every other scene,
    /// is unchanged.
    static func wellPosed(_ parts: inout [TruthScene.Part]) {
        let held = rigidlyHeld(parts)
        let anchored = held.union(parts.filter { $0.kind == .snap }.map { $0.items[0] })
        let driven = parts.filter {
            $0.items.count == 1 && [.fixed, .pin, .sliding, .attachment].contains($0.kind) && ($0.n["frequency"] ?? 0) == 0
                && ($0.n["mvx"] != nil || $0.n["max"] != nil)
        }.map { $0.items[0] }
        for i in parts.indices where parts[i].kind == .collision {
            parts[i].items.removeAll { driven.contains($0) }
        }
        parts.removeAll { $0.kind == .collision && $0.items.isEmpty }
        // A pan's rigid drag holds its item too while the finger is down.
        let dragged = parts.filter { $0.kind == .pan && $0.words["style"] == "anchor" && ($0.n["frequency"] ?? 0) == 0 }.map { $0.items[0] }
        let animations: Set<TruthScene.Kind> = [.spring, .decay, .basic, .keyframes, .propertyAnimator]
        parts.removeAll { animations.contains($0.kind) && (anchored.contains($0.items[0]) || dragged.contains($0.items[0])) }
        for i in parts.indices where anchored.contains(parts[i].items.first ?? "") {
            switch parts[i].kind {
            case .tap where parts[i].words["action"] == "spring":
                parts[i].words["action"] = "kick"
            case .pan:
                parts[i].words["release"] = "none"
                if held.contains(parts[i].items[0]) && parts[i].words["style"] == "snap" { parts[i].words["style"] = "anchor" }
                if held.contains(parts[i].items[0]) && parts[i].words["style"] == "anchor" && (parts[i].n["frequency"] ?? 0) == 0 {
                    parts[i].n["frequency"] = 5
                }
            default: break
            }
        }
    }

    /// An attachment of one of its kinds, or a snap, usually with a moving anchor.
    static func joint(for item: TruthScene.Item, others: [String], duration: Double, r: inout Random) -> TruthScene.Part {
        var kind = r.pick([TruthScene.Kind.attachment, .attachment, .fixed, .pin, .sliding, .limit, .snap])
        if kind == .limit && others.isEmpty { kind = .attachment }
        var names = [item.name]
        let withItem2 = kind == .limit || (kind != .snap && !others.isEmpty && r.chance(0.25))
        if withItem2 { names.append(r.pick(others)) }
        var n: [(String, Double)] = []
        // Anchors: a distance away for an attachment, at or near the item for the others.
        let reach = kind == .attachment ? r.number(30, 120) : kind == .snap ? r.number(0, 60) : r.number(0, 25)
        let dir = r.number(0, 6.2, step: 0.1)
        n += [("ax", (item.x + reach * cosine(dir)).rounded()), ("ay", (item.y + reach * sine(dir)).rounded())]
        if r.chance(0.3) { n.append(("at", r.time(0.05, 0.6))) }
        switch kind {
        case .attachment:
            if r.chance(0.5) { n += [("frequency", r.number(1, 6, step: 0.5)), ("damping", r.number(0, 1, step: 0.1))] }
            if r.chance(0.4) { n += [("ox", r.number(-15, 15)), ("oy", r.number(-15, 15))] }
        case .pin:
            if r.chance(0.3) { n += [("rmin", r.number(-0.8, -0.1, step: 0.1)), ("rmax", r.number(0.1, 0.8, step: 0.1))] }
            if r.chance(0.2) { n.append(("frictionTorque", r.number(0.5, 5, step: 0.5))) }
        case .sliding:
            let a = r.number(0, 3.1, step: 0.1)
            n += [("axx", (cosine(a) * 100).rounded() / 100), ("axy", (sine(a) * 100).rounded() / 100)]
            if r.chance(0.5) { n += [("rmin", r.number(-60, -10)), ("rmax", r.number(10, 60))] }
        case .snap:
            n.append(("damping", r.number(0.1, 1, step: 0.1)))
        default: break
        }
        if !withItem2 && r.chance(0.75) {
            if r.chance(0.5) {
                n += [("mvx", r.signed(40, 200)), ("mvy", r.signed(40, 200))]
            } else {
                n += [("max", r.signed(20, 80)), ("may", r.signed(20, 80)), ("mhz", r.number(0.5, 2, step: 0.5))]
            }
        }
        if r.chance(0.3) {
            let start = n.first { $0.0 == "at" }?.1 ?? 0
            n.append(("removeAt", start + r.time(0.2, max(0.2, duration - 0.1 - start))))
        }
        return .init(kind, names, n, words: ["driver": r.chance(0.5) ? "timer" : "action"])
    }

    static func animation(for name: String, duration: Double, physicsBody: Bool, r: inout Random) -> TruthScene.Part {
        let kinds: [TruthScene.Kind] = physicsBody ? [.spring, .spring, .decay, .basic, .keyframes]
                                                   : [.spring, .decay, .basic, .keyframes, .propertyAnimator]
        let kind = r.pick(kinds)
        let angle = r.chance(0.25)
        var n: [(String, Double)] = [("at", r.time(0, duration - 0.3))]
        var words = ["property": angle ? "angle" : "center"]
        switch kind {
        case .spring:
            if angle { n.append(("da", r.signed(0.3, 2, step: 0.1))) } else { n += [("dx", r.signed(20, 150)), ("dy", r.signed(20, 150))] }
            n += [("frequency", r.number(0.5, 4, step: 0.5)), ("dampingRatio", r.number(0.2, 1.2, step: 0.1))]
            if r.chance(0.2) {
                if angle { n.append(("w", r.signed(1, 5))) } else { n += [("vx", r.signed(50, 400)), ("vy", r.signed(50, 400))] }
            }
        case .decay:
            if angle { n.append(("w", r.signed(1, 5))) } else if r.chance(0.8) { n += [("vx", r.signed(50, 600)), ("vy", r.signed(50, 600))] }
            n.append(("deceleration", r.pick([0.99, 0.995, 0.998])))
        case .basic, .propertyAnimator:
            if angle { n.append(("da", r.signed(0.3, 2, step: 0.1))) } else { n += [("dx", r.signed(20, 150)), ("dy", r.signed(20, 150))] }
            n.append(("duration", r.number(0.2, 0.8, step: 0.1)))
            words["timing"] = r.pick(["linear", "easeIn", "easeOut", "easeInOut", "default"])
        default:
            if angle {
                n += [("k1", r.signed(0.2, 1.5, step: 0.1)), ("k2", r.signed(0.2, 1.5, step: 0.1))]
            } else {
                n += [("k1x", r.signed(10, 100)), ("k1y", r.signed(10, 100)), ("k2x", r.signed(10, 100)), ("k2y", r.signed(10, 100))]
            }
            n.append(("duration", r.number(0.3, 0.9, step: 0.1)))
            words["mode"] = r.pick(["linear", "paced", "cubic"])
        }
        return .init(kind, [name], n, words: words)
    }

    static func pan(for item: TruthScene.Item, style: String, duration: Double, r: inout Random) -> TruthScene.Part {
        let fx = item.x + r.number(-10, 10), fy = item.y + r.number(-10, 10)
        var n: [(String, Double)] = [("at", r.time(0.05, 0.4)), ("fx", fx), ("fy", fy),
                                     ("tx", fx + r.signed(40, 200)), ("ty", fy + r.signed(40, 200)),
                                     ("duration", r.number(0.2, 0.6, step: 0.05))]
        var words = ["style": style, "release": r.pick(["none", "spring", "decay"])]
        if style == "anchor" && r.chance(0.3) { n.append(("frequency", r.number(2, 8))) }
        if words["release"] == "spring" { n += [("rx", r.signed(0, 100)), ("ry", r.signed(0, 100))] }
        if style == "anchor" || style == "snap" { words["release"] = r.pick(["none", "none", "spring", "decay"]) }
        return .init(.pan, [item.name], n, words: words)
    }

    private static func cosine(_ a: Double) -> Double { Foundation.cos(a) }
    private static func sine(_ a: Double) -> Double { Foundation.sin(a) }
}
