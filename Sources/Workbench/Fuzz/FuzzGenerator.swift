import AnimHost
import Dynamics

#if canImport(Glibc)
    import Glibc
#endif

/// SplitMix64: a small, fast generator whose whole state is one number, so run `i` of seed
/// `s` is the same on any machine, thread or `--jobs` (Swift's own generator is not seeded).
/// The truth property tests draw their scenes from it too.
package struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    package init(seed: UInt64) { state = seed }
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    package mutating func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * Double(next() >> 11) * 0x1p-53 }
    mutating func chance(_ p: Double) -> Bool { uniform(0, 1) < p }
}

/// What the generator knows of a scene: where touches may go, and the items they aim at.
public struct FuzzStage: Sendable {
    /// The scene's bounds (its animator's reference bounds, else the items' extent).
    public var minX: Double, minY: Double, maxX: Double, maxY: Double
    /// Items a touch may go down on, with their half sizes.
    public var items: [(name: String, half: Vec2)]

    public init(minX: Double, minY: Double, maxX: Double, maxY: Double, items: [(name: String, half: Vec2)]) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
        self.items = items
    }
}

/// Generates the touches of run `index` of `seed`: one to five touches (taps, slow drags,
/// flicks up to 8000 pt/s, long presses; sometimes a second finger at once), often on an
/// item and often soon after the last, while what it set off still moves. Samples come at a
/// device's rate (60, 120 or 240 Hz, or a mouse's 8–42 ms) with their jitter.
public enum FuzzGenerator {
    /// The fastest flick (pt/s).
    public static let maxFlickSpeed = 8000.0

    public static func touches(seed: UInt64, index: Int, stage: FuzzStage) -> [FuzzTouch] {
        var rng = SplitMix64(seed: seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
        _ = rng.next()
        let count = 1 + Int(rng.next() % 5)
        var touches: [FuzzTouch] = []
        var t = FuzzTouch.roundTime(rng.uniform(0.05, 0.5))
        var catchNext = false
        for k in 0..<count {
            var touch = one(&rng, id: k + 1, start: t, stage: stage)
            if touch.anchor != nil { touch.catchesMoving = catchNext }
            // Two fingers: a second one down while this one is.
            if rng.chance(0.15) {
                let second = one(&rng, id: 100 + k, start: FuzzTouch.roundTime(t + rng.uniform(0, 0.1)), stage: stage)
                touches.append(second)
            }
            touch.start = t
            touches.append(touch)
            // Soon after (an interruption of what it set off), or after a while.
            let soon = rng.chance(0.7)
            let gap = soon ? rng.uniform(0.02, 0.3) : rng.uniform(0.3, 1.5)
            t = FuzzTouch.roundTime(touch.end + gap)
            // The next finger to come soon mostly goes down on what is in flight then.
            catchNext = soon && rng.chance(0.6)
        }
        return touches
    }

    static func one(_ rng: inout SplitMix64, id: Int, start: Double, stage: FuzzStage) -> FuzzTouch {
        let kinds: [FuzzTouch.Kind] = [.tap, .tap, .drag, .flick, .flick, .longPress]
        let kind = kinds[Int(rng.next() % UInt64(kinds.count))]
        var anchor: String?
        var from: Vec2
        if !stage.items.isEmpty && rng.chance(0.75) {
            let item = stage.items[Int(rng.next() % UInt64(stage.items.count))]
            anchor = item.name
            from = FuzzTouch.round(Vec2(rng.uniform(-0.8, 0.8) * item.half.x, rng.uniform(-0.8, 0.8) * item.half.y))
        } else {
            from = FuzzTouch.round(Vec2(rng.uniform(stage.minX, stage.maxX), rng.uniform(stage.minY, stage.maxY)))
        }
        // A device's sample interval: 60, 120 or 240 Hz, or a mouse's uneven 8 to 42 ms.
        let rates = [1.0 / 60, 1.0 / 120, 1.0 / 240, 0]
        let rate = rates[Int(rng.next() % 4)]
        func interval(_ rng: inout SplitMix64) -> Double {
            rate > 0 ? rate + rng.uniform(-0.001, 0.001) : rng.uniform(0.008, 0.042)
        }
        var path: [(t: Double, p: Vec2)] = []
        switch kind {
        case .tap:
            path = [(FuzzTouch.roundTime(rng.uniform(0.03, 0.12)), Vec2(0, 0))]
        case .longPress:
            let hold = rng.uniform(0.5, 1.2)
            var t = 0.0
            // A finger held still trembles: samples at the device's rate, within 1.5 pt.
            repeat {
                t += interval(&rng)
                path.append(
                    (
                        FuzzTouch.roundTime(min(t, hold)),
                        FuzzTouch.round(Vec2(rng.uniform(-1.5, 1.5), rng.uniform(-1.5, 1.5)))
                    ))
            } while t < hold
        case .drag, .flick:
            let angle = rng.uniform(0, 2 * Double.pi)
            let dir = Vec2(cos(angle), sin(angle))
            // A drag at an even 50–400 pt/s; a flick speeding up to its release speed.
            let speed = kind == .drag ? rng.uniform(50, 400) : rng.uniform(800, maxFlickSpeed)
            let duration = kind == .drag ? rng.uniform(0.2, 1.0) : rng.uniform(0.05, 0.18)
            var t = 0.0
            while t < duration {
                t = min(duration, t + interval(&rng))
                let u = t / duration
                let distance = kind == .drag ? speed * t : speed * duration * u * u / 2
                let jitter = Vec2(rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5))
                path.append((FuzzTouch.roundTime(t), FuzzTouch.round(dir * distance + jitter)))
            }
        }
        return FuzzTouch(
            kind: kind, id: id, start: start, from: from, anchor: anchor,
            path: clipped(path, from: from, anchor: anchor, stage: stage))
    }

    /// Keeps an unanchored finger inside the bounds (an anchored one is clipped when resolved).
    static func clipped(_ path: [(t: Double, p: Vec2)], from: Vec2, anchor: String?, stage: FuzzStage) -> [(
        t: Double, p: Vec2
    )] {
        guard anchor == nil else { return path }
        return path.map { s in
            let q = from + s.p
            let c = Vec2(min(stage.maxX, max(stage.minX, q.x)), min(stage.maxY, max(stage.minY, q.y)))
            return (s.t, FuzzTouch.round(c - from))
        }
    }
}
