#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A 2-D vector in points (or points per second, per second squared …); y grows downward, as in UIKit.
@frozen
public struct Vec2: Hashable, Sendable {
    public var x: Double
    public var y: Double

    @inlinable @inline(__always)
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }

    @inlinable @inline(__always)
    public init(x: Double, y: Double) { self.x = x; self.y = y }

    /// Computed, not a `static let`: a stored static read from another module (the physics
    /// and the animations import this one) is a call to its lazy initialiser's guard
    /// (`swift_once`) at every use; this inlines to two zeros.
    @inlinable @inline(__always) public static var zero: Vec2 { Vec2(0, 0) }

    @inlinable @inline(__always) public var length: Double { (x * x + y * y).squareRoot() }
    @inlinable @inline(__always) public var lengthSquared: Double { x * x + y * y }
    /// The unit vector in this direction, or zero for a zero vector.
    @inlinable public var normalized: Vec2 {
        let l = length
        return l > 0 ? Vec2(x / l, y / l) : .zero
    }
    /// Rotated a quarter turn: (−y, x). With y down this turns clockwise on screen.
    @inlinable @inline(__always) package var perpendicular: Vec2 { Vec2(-y, x) }
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }

    @inlinable @inline(__always)
    public func dot(_ o: Vec2) -> Double { x * o.x + y * o.y }
    /// The z component of the 3-D cross product.
    @inlinable @inline(__always)
    public func cross(_ o: Vec2) -> Double { x * o.y - y * o.x }

    @inlinable @inline(__always) public static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    @inlinable @inline(__always) public static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
    @inlinable @inline(__always) public static prefix func - (a: Vec2) -> Vec2 { Vec2(-a.x, -a.y) }
    @inlinable @inline(__always) public static func * (a: Vec2, s: Double) -> Vec2 { Vec2(a.x * s, a.y * s) }
    @inlinable @inline(__always) public static func * (s: Double, a: Vec2) -> Vec2 { Vec2(a.x * s, a.y * s) }
    @inlinable @inline(__always) public static func / (a: Vec2, s: Double) -> Vec2 { Vec2(a.x / s, a.y / s) }
    @inlinable @inline(__always) public static func += (a: inout Vec2, b: Vec2) { a.x += b.x; a.y += b.y }
    @inlinable @inline(__always) public static func -= (a: inout Vec2, b: Vec2) { a.x -= b.x; a.y -= b.y }
    @inlinable @inline(__always) public static func *= (a: inout Vec2, s: Double) { a.x *= s; a.y *= s }
}

/// Cross product of a scalar (an angular velocity about z) with a vector: ω × v = (−ω·vy, ω·vx).
@inlinable @inline(__always)
public func cross(_ s: Double, _ v: Vec2) -> Vec2 { Vec2(-s * v.y, s * v.x) }

/// Cross product of a vector with a scalar: v × ω = (ω·vy, −ω·vx).
@inlinable @inline(__always)
public func cross(_ v: Vec2, _ s: Double) -> Vec2 { Vec2(s * v.y, -s * v.x) }

/// A rotation stored as its cosine and sine, so it is applied without trigonometry.
@frozen
public struct Rot: Hashable, Sendable {
    public var c: Double
    public var s: Double

    /// Computed for the same reason as `Vec2.zero`.
    @inlinable @inline(__always) public static var identity: Rot { Rot(c: 1, s: 0) }

    @inlinable public init(c: Double, s: Double) { self.c = c; self.s = s }
    /// From an angle in radians (positive turns clockwise on screen, since y points down).
    @inlinable public init(angle: Double) { c = cos(angle); s = sin(angle) }

    @inlinable public var angle: Double { atan2(s, c) }

    /// The rotation turned further by `delta` radians. Below `smallTurn` the sine and cosine of
    /// `delta` come from their Taylor series (the terms left out are under 10⁻²⁰, far below an
    /// ulp of the result), which is several times cheaper than `sin` and `cos`; a larger turn
    /// returns nil, and the caller takes `Rot(angle:)` of the new angle.
    @inlinable @inline(__always)
    package func turned(by delta: Double) -> Rot? {
        guard abs(delta) < Rot.smallTurn else { return nil }
        // cos δ − 1 is kept apart from the 1: rounded as 1 − δ²/2 it would scale the rotation
        // by the same factor every step a body turns at a steady rate, and the error would add up
        // (2·10⁻¹¹ over an hour at 60 Hz) instead of averaging out.
        let d2 = delta * delta
        let sinD = delta * (1 - d2 / 6), cosDMinusOne = -d2 / 2 * (1 - d2 / 12)
        return Rot(c: c + (c * cosDMinusOne - s * sinD), s: s + (s * cosDMinusOne + c * sinD))
    }

    /// 2⁻¹⁰ rad: the largest turn `turned(by:)` composes without trigonometry.
    @inlinable package static var smallTurn: Double { 0x1p-10 }

    @inlinable @inline(__always)
    public func rotate(_ v: Vec2) -> Vec2 { Vec2(c * v.x - s * v.y, s * v.x + c * v.y) }
    @inlinable @inline(__always)
    package func inverseRotate(_ v: Vec2) -> Vec2 { Vec2(c * v.x + s * v.y, -s * v.x + c * v.y) }
}

/// A rigid placement: rotate, then translate. `package`: only the physics uses it.
@usableFromInline package struct Transform: Hashable, Sendable {
    @usableFromInline package var p: Vec2
    @usableFromInline package var q: Rot

    @inlinable @inline(__always) package static var identity: Transform { Transform(p: .zero, q: .identity) }

    @inlinable package init(p: Vec2, q: Rot) { self.p = p; self.q = q }
    @inlinable package init(position: Vec2, angle: Double) { p = position; q = Rot(angle: angle) }

    @inlinable @inline(__always)
    package func apply(_ v: Vec2) -> Vec2 { q.rotate(v) + p }
    @inlinable @inline(__always)
    package func applyInverse(_ v: Vec2) -> Vec2 { q.inverseRotate(v - p) }
}
