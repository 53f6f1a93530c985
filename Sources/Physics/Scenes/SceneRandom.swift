/// The scenes' random numbers: a 64-bit linear congruential generator (Knuth's MMIX
/// constants) with a fixed seed, so every run — and every engine a scene is ported to —
/// builds the same geometry.
struct SceneRandom: Sendable {
    private(set) var state: UInt64

    init(seed: UInt64) { state = seed }

    /// The next number in [0, 1), from the top 53 bits of the state.
    mutating func next() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) * 0x1p-53
    }

    /// The next number in [lower, upper).
    mutating func next(in lower: Double, _ upper: Double) -> Double {
        lower + (upper - lower) * next()
    }
}
