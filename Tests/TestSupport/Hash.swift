import Dynamics

/// FNV-1a over bytes: a stable fingerprint for golden-hash tests.
public struct FNV1a {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325
    public init() {}
    public mutating func add(_ bits: UInt64) {
        var b = bits
        for _ in 0..<8 {
            value ^= b & 0xff
            value = value &* 0x0000_0100_0000_01b3
            b >>= 8
        }
    }
    public mutating func add(_ d: Double) { add(d.bitPattern) }
    public mutating func add(_ v: Vec2) { add(v.x); add(v.y) }
    public mutating func add(_ s: String) { for b in s.utf8 { add(UInt64(b)) } }
}

/// The hash of every item's state (bit patterns of center, angle, velocity, angular velocity).
public func stateHash(_ animator: Animator) -> UInt64 {
    var h = FNV1a()
    for b in animator.bodies { h.add(b.center); h.add(b.angle); h.add(b.velocity); h.add(b.angularVelocity) }
    return h.value
}
