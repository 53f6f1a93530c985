#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Seeded 3-D simplex noise with its analytic gradient (Perlin's simplex noise as
/// Gustavson describes it), for noise and turbulence fields. The animator owns one,
/// built from `Animator.seed`, so the same seed gives the same forces on every run.
///
/// Differences from UIKit's (PhysicsKit's `srdnoise3`, [M]): the permutation is a seeded
/// shuffle instead of Ken Perlin's fixed table; the 12 cube-edge gradients do not rotate
/// with time (time is the third coordinate instead); and each corner's kernel has radius²
/// 0.5 instead of 0.6, which makes the noise continuous (0.6 reaches past the simplex and
/// leaves small jumps where the cell changes). The output is scaled so the value stays
/// within ±1 (measured maximum 0.9999), like UIKit's; the gradient stays within about ±7
/// per lattice unit, with the same feature size (one lattice cell).
struct SimplexNoise: Sendable {
    /// The permutation of 0…255, twice, so indices up to 511 need no wrapping.
    @usableFromInline let permutation: ContiguousArray<UInt8>

    /// A shuffle of 0…255 driven by SplitMix64 from `seed` (Fisher–Yates).
    init(seed: UInt64) {
        var p = ContiguousArray<UInt8>((0...255).map { UInt8($0) })
        var state = seed
        for i in stride(from: 255, to: 0, by: -1) {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            let j = Int(z % UInt64(i + 1))
            p.swapAt(i, j)
        }
        permutation = p + p
    }

    /// The noise value at (x, y, z) and its partial derivatives ∂/∂x and ∂/∂y; zero beyond
    /// |coordinate| 10¹⁵, where a double no longer resolves the lattice (and for NaN).
    @inlinable
    func sample(_ x: Double, _ y: Double, _ z: Double) -> (value: Double, dx: Double, dy: Double) {
        guard abs(x) < 1e15, abs(y) < 1e15, abs(z) < 1e15 else { return (0, 0, 0) }
        let f3 = 1.0 / 3.0, g3 = 1.0 / 6.0
        // Skew to the simplex lattice, find the cell and the corner offsets.
        let s = (x + y + z) * f3
        let i = Int((x + s).rounded(.down)), j = Int((y + s).rounded(.down)), k = Int((z + s).rounded(.down))
        let t = Double(i + j + k) * g3
        let x0 = x - (Double(i) - t), y0 = y - (Double(j) - t), z0 = z - (Double(k) - t)
        // Which of the six tetrahedra of the cube the point is in.
        let (i1, j1, k1, i2, j2, k2): (Int, Int, Int, Int, Int, Int)
        if x0 >= y0 {
            if y0 >= z0 { (i1, j1, k1, i2, j2, k2) = (1, 0, 0, 1, 1, 0) }
            else if x0 >= z0 { (i1, j1, k1, i2, j2, k2) = (1, 0, 0, 1, 0, 1) }
            else { (i1, j1, k1, i2, j2, k2) = (0, 0, 1, 1, 0, 1) }
        } else {
            if y0 < z0 { (i1, j1, k1, i2, j2, k2) = (0, 0, 1, 0, 1, 1) }
            else if x0 < z0 { (i1, j1, k1, i2, j2, k2) = (0, 1, 0, 0, 1, 1) }
            else { (i1, j1, k1, i2, j2, k2) = (0, 1, 0, 1, 1, 0) }
        }
        let ii = i & 255, jj = j & 255, kk = k & 255
        var value = 0.0, dx = 0.0, dy = 0.0
        corner(x0, y0, z0, hash(ii, jj, kk), &value, &dx, &dy)
        corner(x0 - Double(i1) + g3, y0 - Double(j1) + g3, z0 - Double(k1) + g3,
               hash(ii + i1, jj + j1, kk + k1), &value, &dx, &dy)
        corner(x0 - Double(i2) + 2 * g3, y0 - Double(j2) + 2 * g3, z0 - Double(k2) + 2 * g3,
               hash(ii + i2, jj + j2, kk + k2), &value, &dx, &dy)
        corner(x0 - 1 + 3 * g3, y0 - 1 + 3 * g3, z0 - 1 + 3 * g3,
               hash(ii + 1, jj + 1, kk + 1), &value, &dx, &dy)
        return (Self.scale * value, Self.scale * dx, Self.scale * dy)
    }

    /// Normalizes the sum of the corners' t⁴·(g·d) (at most ≈ 0.013 with radius² 0.5) to ±1.
    @usableFromInline static let scale = 76.88

    @inlinable
    func hash(_ i: Int, _ j: Int, _ k: Int) -> Int {
        Int(permutation[i + Int(permutation[j + Int(permutation[k])])]) % 12
    }

    /// Adds one corner's contribution t⁴·(g·d), t = 0.5 − |d|², and its gradient
    /// −8·t³·(g·d)·d + t⁴·g.
    @inlinable
    func corner(_ x: Double, _ y: Double, _ z: Double, _ h: Int,
                _ value: inout Double, _ dx: inout Double, _ dy: inout Double) {
        let t = 0.5 - x * x - y * y - z * z
        guard t > 0 else { return }
        // The 12 edge midpoints of the cube: (±1, ±1, 0), (±1, 0, ±1), (0, ±1, ±1).
        let gx: Double, gy: Double, gz: Double
        switch h {
        case 0: (gx, gy, gz) = (1, 1, 0)
        case 1: (gx, gy, gz) = (-1, 1, 0)
        case 2: (gx, gy, gz) = (1, -1, 0)
        case 3: (gx, gy, gz) = (-1, -1, 0)
        case 4: (gx, gy, gz) = (1, 0, 1)
        case 5: (gx, gy, gz) = (-1, 0, 1)
        case 6: (gx, gy, gz) = (1, 0, -1)
        case 7: (gx, gy, gz) = (-1, 0, -1)
        case 8: (gx, gy, gz) = (0, 1, 1)
        case 9: (gx, gy, gz) = (0, -1, 1)
        case 10: (gx, gy, gz) = (0, 1, -1)
        default: (gx, gy, gz) = (0, -1, -1)
        }
        let gd = gx * x + gy * y + gz * z
        let t2 = t * t, t4 = t2 * t2
        value += t4 * gd
        dx += -8 * t2 * t * gd * x + t4 * gx
        dy += -8 * t2 * t * gd * y + t4 * gy
    }
}
