// Four Floats in one SSE register, for the contact lanes (ContactBundle.swift,
// ContactSolver+Wide.swift): Box2D v3's `b2FloatW`.
//
// The standard library's SIMD4<Float> arithmetic is written lane by lane (its `*` is four
// scalar products and four inserts in the IR Swift emits); LLVM rebuilds vector instructions
// from that in small functions, but in a function the size of a contact solve it left lanes
// as scalars and shuffled them back (a third of the solve's instructions were shuffles,
// scalar products and spills). On x86-64 these operations are the SSE intrinsics of the
// compiler's own `_Builtin_intrinsics` module (one instruction each, inlined); elsewhere the
// standard library's operators. The arithmetic is the same IEEE single-precision arithmetic
// either way: results do not depend on which is used.

#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// One Float per lane.
struct Lanes {
    var v: SIMD4<Float>

    @inline(__always) init(_ v: SIMD4<Float>) { self.v = v }
    @inline(__always) init(repeating x: Float) { v = SIMD4(repeating: x) }
    static var zero: Lanes { @inline(__always) get { Lanes(SIMD4<Float>()) } }

    /// Lane `k`. (Prepare writes a bundle's lanes one contact at a time.)
    @inline(__always) subscript(_ k: Int) -> Float {
        get { v[k] }
        set { v[k] = newValue }
    }
}

/// A per-lane choice: all bits set where it holds, none where it does not (as SSE compares
/// give it).
struct LaneMask {
    var m: SIMD4<Float>
    @inline(__always) init(_ m: SIMD4<Float>) { self.m = m }
}

/// One index per lane.
typealias LaneIndices = SIMD4<Int32>

#if arch(x86_64)
extension Lanes {
    @inline(__always) static func + (a: Lanes, b: Lanes) -> Lanes { Lanes(_mm_add_ps(a.v, b.v)) }
    @inline(__always) static func - (a: Lanes, b: Lanes) -> Lanes { Lanes(_mm_sub_ps(a.v, b.v)) }
    @inline(__always) static func * (a: Lanes, b: Lanes) -> Lanes { Lanes(_mm_mul_ps(a.v, b.v)) }
    @inline(__always) static func / (a: Lanes, b: Lanes) -> Lanes { Lanes(_mm_div_ps(a.v, b.v)) }
    @inline(__always) static func .> (a: Lanes, b: Lanes) -> LaneMask { LaneMask(_mm_cmpgt_ps(a.v, b.v)) }
    @inline(__always) static func .>= (a: Lanes, b: Lanes) -> LaneMask { LaneMask(_mm_cmpge_ps(a.v, b.v)) }
    @inline(__always) static func .== (a: Lanes, b: Lanes) -> LaneMask { LaneMask(_mm_cmpeq_ps(a.v, b.v)) }
    @inline(__always) static func .< (a: Lanes, b: Lanes) -> LaneMask { LaneMask(_mm_cmplt_ps(a.v, b.v)) }
}

extension LaneMask {
    @inline(__always) static func .& (a: LaneMask, b: LaneMask) -> LaneMask { LaneMask(_mm_and_ps(a.m, b.m)) }
    @inline(__always) static func .| (a: LaneMask, b: LaneMask) -> LaneMask { LaneMask(_mm_or_ps(a.m, b.m)) }
    @inline(__always) static prefix func .! (a: LaneMask) -> LaneMask {
        LaneMask(_mm_xor_ps(a.m, _mm_castsi128_ps(_mm_set1_epi32(-1))))
    }
}

/// `mask ? a : b` per lane.
@inline(__always) func select(_ mask: LaneMask, _ a: Lanes, _ b: Lanes) -> Lanes {
    Lanes(_mm_or_ps(_mm_and_ps(mask.m, a.v), _mm_andnot_ps(mask.m, b.v)))
}

/// Four doubles as lanes, each rounded to Float (two cvtpd2ps, joined).
@inline(__always) func lanes(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Lanes {
    Lanes(_mm_movelh_ps(_mm_cvtpd_ps(SIMD2<Double>(a, b)), _mm_cvtpd_ps(SIMD2<Double>(c, d))))
}

extension Lanes {
    /// Lanes 0 and 1, and lanes 2 and 3, as Doubles (exact).
    @inline(__always) var lowDoubles: SIMD2<Double> { _mm_cvtps_pd(v) }
    @inline(__always) var highDoubles: SIMD2<Double> { _mm_cvtps_pd(_mm_movehl_ps(v, v)) }
}

/// Four (x, y) pairs of Doubles as x lanes and y lanes, each rounded to Float: one conversion
/// per pair, then a transpose (`lanes` per coordinate took two loads and a shuffle per pair).
@inline(__always)
func lanes(pairs p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>)
    -> (x: Lanes, y: Lanes) {
    let low = _mm_unpacklo_ps(_mm_cvtpd_ps(p0), _mm_cvtpd_ps(p1)) // x0 x1 y0 y1
    let high = _mm_unpacklo_ps(_mm_cvtpd_ps(p2), _mm_cvtpd_ps(p3)) // x2 x3 y2 y3
    return (Lanes(_mm_movelh_ps(low, high)), Lanes(_mm_movehl_ps(high, low)))
}

/// x lanes and y lanes as four (x, y) pairs of Doubles (exact): the transpose of `lanes(pairs:)`.
@inline(__always)
func pairs(_ x: Lanes, _ y: Lanes) -> (SIMD2<Double>, SIMD2<Double>, SIMD2<Double>, SIMD2<Double>) {
    let low = _mm_unpacklo_ps(x.v, y.v) // x0 y0 x1 y1
    let high = _mm_unpackhi_ps(x.v, y.v) // x2 y2 x3 y3
    return (_mm_cvtps_pd(low), _mm_cvtps_pd(_mm_movehl_ps(low, low)),
            _mm_cvtps_pd(high), _mm_cvtps_pd(_mm_movehl_ps(high, high)))
}
#else
extension Lanes {
    @inline(__always) static func + (a: Lanes, b: Lanes) -> Lanes { Lanes(a.v + b.v) }
    @inline(__always) static func - (a: Lanes, b: Lanes) -> Lanes { Lanes(a.v - b.v) }
    @inline(__always) static func * (a: Lanes, b: Lanes) -> Lanes { Lanes(a.v * b.v) }
    @inline(__always) static func / (a: Lanes, b: Lanes) -> Lanes { Lanes(a.v / b.v) }
    @inline(__always) static func .> (a: Lanes, b: Lanes) -> LaneMask { LaneMask.of(a.v .> b.v) }
    @inline(__always) static func .>= (a: Lanes, b: Lanes) -> LaneMask { LaneMask.of(a.v .>= b.v) }
    @inline(__always) static func .== (a: Lanes, b: Lanes) -> LaneMask { LaneMask.of(a.v .== b.v) }
    @inline(__always) static func .< (a: Lanes, b: Lanes) -> LaneMask { LaneMask.of(a.v .< b.v) }
}

extension LaneMask {
    @inline(__always) static func of(_ mask: SIMDMask<SIMD4<Int32>>) -> LaneMask {
        LaneMask(unsafeBitCast(mask, to: SIMD4<Float>.self))
    }
    @inline(__always) var bits: SIMD4<UInt32> { unsafeBitCast(m, to: SIMD4<UInt32>.self) }
    @inline(__always) init(bits: SIMD4<UInt32>) { m = unsafeBitCast(bits, to: SIMD4<Float>.self) }
    @inline(__always) static func .& (a: LaneMask, b: LaneMask) -> LaneMask { LaneMask(bits: a.bits & b.bits) }
    @inline(__always) static func .| (a: LaneMask, b: LaneMask) -> LaneMask { LaneMask(bits: a.bits | b.bits) }
    @inline(__always) static prefix func .! (a: LaneMask) -> LaneMask { LaneMask(bits: ~a.bits) }
}

/// `mask ? a : b` per lane.
@inline(__always) func select(_ mask: LaneMask, _ a: Lanes, _ b: Lanes) -> Lanes {
    let x = unsafeBitCast(a.v, to: SIMD4<UInt32>.self), y = unsafeBitCast(b.v, to: SIMD4<UInt32>.self)
    return Lanes(unsafeBitCast((x & mask.bits) | (y & ~mask.bits), to: SIMD4<Float>.self))
}

/// Four doubles as lanes, each rounded to Float.
@inline(__always) func lanes(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Lanes {
    Lanes(SIMD4(Float(a), Float(b), Float(c), Float(d)))
}

extension Lanes {
    /// Lanes 0 and 1, and lanes 2 and 3, as Doubles (exact).
    @inline(__always) var lowDoubles: SIMD2<Double> { SIMD2(Double(v[0]), Double(v[1])) }
    @inline(__always) var highDoubles: SIMD2<Double> { SIMD2(Double(v[2]), Double(v[3])) }
}

/// Four (x, y) pairs of Doubles as x lanes and y lanes, each rounded to Float.
@inline(__always)
func lanes(pairs p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>)
    -> (x: Lanes, y: Lanes) {
    (lanes(p0.x, p1.x, p2.x, p3.x), lanes(p0.y, p1.y, p2.y, p3.y))
}

/// x lanes and y lanes as four (x, y) pairs of Doubles (exact).
@inline(__always)
func pairs(_ x: Lanes, _ y: Lanes) -> (SIMD2<Double>, SIMD2<Double>, SIMD2<Double>, SIMD2<Double>) {
    (SIMD2(Double(x.v[0]), Double(y.v[0])), SIMD2(Double(x.v[1]), Double(y.v[1])),
     SIMD2(Double(x.v[2]), Double(y.v[2])), SIMD2(Double(x.v[3]), Double(y.v[3])))
}
#endif

extension Lanes {
    @inline(__always) static func += (a: inout Lanes, b: Lanes) { a = a + b }
    @inline(__always) static func -= (a: inout Lanes, b: Lanes) { a = a - b }
}

/// −x per lane, as scalar minus: x·(−1) (Swift's SIMD prefix minus is `0 − x`, which turns
/// −(+0) into +0).
@inline(__always) func negated(_ x: Lanes) -> Lanes { x * Lanes(repeating: -1) }
#if arch(x86_64)
/// Per lane `max(x, y)` as Swift's scalar `max` (y where y ≥ x, else x) for numbers: one
/// `maxps` (x where x > y, else y), where a select took four instructions. Where either is
/// NaN it gives y, Swift's `max` x.
@inline(__always) func laneMax(_ x: Lanes, _ y: Lanes) -> Lanes { Lanes(_mm_max_ps(x.v, y.v)) }
/// Per lane `min(x, y)` as Swift's scalar `min` (y where y < x, else x), NaN included: one
/// `minps` (y where y < x, else x).
@inline(__always) func laneMin(_ x: Lanes, _ y: Lanes) -> Lanes { Lanes(_mm_min_ps(y.v, x.v)) }
#else
/// Per lane `max(x, y)` as Swift's scalar `max`: y where y ≥ x, else x.
@inline(__always) func laneMax(_ x: Lanes, _ y: Lanes) -> Lanes { select(y .>= x, y, x) }
/// Per lane `min(x, y)` as Swift's scalar `min`: y where y < x, else x.
@inline(__always) func laneMin(_ x: Lanes, _ y: Lanes) -> Lanes { select(y .< x, y, x) }
#endif
