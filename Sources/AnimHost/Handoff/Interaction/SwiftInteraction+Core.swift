/// The Swift core `animhost handoff` writes: ReleaseKit.swift (what every pattern shares) and each pattern's type.
// Column 0 here is column 0 of the emitted file.
extension SwiftInteraction {
    static let common = """

#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// What every pattern's release shares: UIScrollView's projection and rubber band, and the nearest of some points.
public enum ReleaseKit {
    /// Where a fling decelerating by `rate` each millisecond comes to rest: v/1000 · rate/(1 − rate) further on.
    public static func project(_ position: Double, velocity: Double, rate: Double) -> Double {
        position + velocity / 1000 * rate / (1 - rate)
    }

    /// How far content moves when the finger is `offset` past an edge of a view `dimension` long:
    /// (1 − 1/(|offset|·c/d + 1))·d, with the offset's sign.
    public static func rubberBand(_ offset: Double, dimension: Double, constant: Double) -> Double {
        let magnitude = (1 - 1 / (abs(offset) * constant / dimension + 1)) * dimension
        return offset < 0 ? -magnitude : magnitude
    }

    /// A position the finger puts at `raw`, held between `low` and `high` with the rubber band past them;
    /// `slope` is d(shown)/d(raw): a release velocity times it is how fast the shown position moves.
    public static func banded(_ raw: Double, low: Double, high: Double, dimension: Double,
                              constant: Double) -> (shown: Double, slope: Double) {
        let limit: Double
        if raw < low { limit = low } else if raw > high { limit = high } else { return (raw, 1) }
        let past = raw - limit
        let slope = constant * dimension * dimension / pow(dimension + constant * abs(past), 2)
        return (limit + rubberBand(past, dimension: dimension, constant: constant), slope)
    }

    /// `banded`'s inverse: where a finger that catches content in the band starts from, so it stays put.
    public static func unbanded(_ shown: Double, low: Double, high: Double, dimension: Double,
                                constant: Double) -> Double {
        let limit: Double
        if shown < low { limit = low } else if shown > high { limit = high } else { return shown }
        let s = min(abs(shown - limit), dimension * (1 - 1e-9))
        let past = dimension / constant * s / (dimension - s)
        return limit + (shown < limit ? -past : past)
    }

    /// The index of the candidate nearest `value` (the first of equally near ones).
    public static func nearest(_ candidates: [Double], to value: Double) -> Int {
        candidates.indices.min { abs(candidates[$0] - value) < abs(candidates[$1] - value) } ?? 0
    }

    /// The index of the point nearest `value` (Euclidean; the first of equally near ones).
    public static func nearest(_ candidates: [Vector], to value: Vector) -> Int {
        func d2(_ p: Vector) -> Double { (p.x - value.x) * (p.x - value.x) + (p.y - value.y) * (p.y - value.y) }
        return candidates.indices.min { d2(candidates[$0]) < d2(candidates[$1]) } ?? 0
    }
}

/// The value types the patterns' cores share, in ReleaseKit so that an app's own `Spring` (SwiftUI's)
/// or `Vector` keeps its name.
extension ReleaseKit {
    public struct Vector: Equatable, Sendable {
        public var x: Double
        public var y: Double
        public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    }

    /// A damped spring of mass 1, in closed form: where it is `t` seconds after starting at `from` with `velocity`.
    public struct Spring: Equatable, Sendable {
        public let stiffness: Double
        public let damping: Double
        public init(stiffness: Double, damping: Double) { self.stiffness = stiffness; self.damping = damping }

        /// SwiftUI's and WWDC 2018's parameters: ω₀ = 2π/response, ζ = dampingRatio.
        public init(response: Double, dampingRatio: Double) {
            let omega = 2 * Double.pi / response
            self.init(stiffness: omega * omega, damping: 2 * dampingRatio * omega)
        }

        public func value(from: Double, to target: Double, velocity: Double, at t: Double) -> Double {
            let omega = stiffness.squareRoot(), zeta = damping / (2 * omega)
            let x0 = from - target
            if zeta < 1 {
                let omegaD = omega * (1 - zeta * zeta).squareRoot()
                let b = (velocity + zeta * omega * x0) / omegaD
                return target + exp(-zeta * omega * t) * (x0 * cos(omegaD * t) + b * sin(omegaD * t))
            }
            if zeta == 1 { return target + exp(-omega * t) * (x0 + (velocity + omega * x0) * t) }
            let s = omega * (zeta * zeta - 1).squareRoot()
            let r1 = -zeta * omega + s, r2 = -zeta * omega - s
            let c2 = (velocity - r1 * x0) / (r2 - r1), c1 = x0 - c2
            return target + c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    /// What a release decided: the detent, corner, page or side; where the item was; where it goes; and the
    /// velocity its spring starts with (pt/s), one entry per axis the pattern moves.
    public struct Release: Equatable, Sendable {
        public let decision: Int
        public let position: [Double]
        public let target: [Double]
        public let velocity: [Double]
    }
}

"""

    static let sheetSection = """

/// A bottom sheet with detents (WWDC 2018 "Designing Fluid Interfaces"): it follows the finger between its
/// first and last detent, rubber-banded past them; at the lift the release is projected to where a fling
/// would rest, the nearest detent wins, and a spring takes the sheet there from the release velocity.
public struct Sheet: Equatable, Sendable {
    /// y of the sheet's top edge at each detent, pt.
    public var detents: [Double]
    public var decelerationRate: Double
    public var rubberBand: Double
    public var height: Double
    public var spring: ReleaseKit.Spring

    public var low: Double { detents.min() ?? 0 }
    public var high: Double { detents.max() ?? 0 }

    /// Where a drag starts from when the finger catches the sheet with its top edge at `top`.
    public func dragOrigin(top: Double) -> Double {
        ReleaseKit.unbanded(top, low: low, high: high, dimension: height, constant: rubberBand)
    }

    /// The sheet's top edge for a drag from `origin` by `translation` (pt), and the band's slope there.
    public func follow(origin: Double, translation: Double) -> (top: Double, slope: Double) {
        let b = ReleaseKit.banded(origin + translation, low: low, high: high, dimension: height,
                                  constant: rubberBand)
        return (b.shown, b.slope)
    }

    /// The detent (0-based) a release at `top` with vertical velocity `velocity` (pt/s) goes to.
    public func detent(top: Double, velocity: Double) -> Int {
        ReleaseKit.nearest(detents, to: ReleaseKit.project(top, velocity: velocity, rate: decelerationRate))
    }

    /// The release of a drag from `origin` by `translation` with the finger's `velocity`.
    public func release(origin: Double,
                        translation: ReleaseKit.Vector, velocity: ReleaseKit.Vector) -> ReleaseKit.Release {
        let (top, slope) = follow(origin: origin, translation: translation.y)
        let index = detent(top: top, velocity: velocity.y)
        // Past an edge the sheet moves slower than the finger: the spring starts at the sheet's own speed.
        return ReleaseKit.Release(decision: index, position: [top], target: [detents[index]],
                       velocity: [velocity.y * slope])
    }
}

"""

    static let pipSection = """

/// A picture-in-picture window that flings to the nearest corner (WWDC 2018): the release is projected to
/// where it would rest, the nearest corner wins, a spring takes the window there from the release velocity.
public struct Pip: Equatable, Sendable {
    /// The screen: x, y, width, height (pt).
    public var bounds: [Double]
    public var margin: Double
    /// The window's width and height (pt).
    public var size: [Double]
    public var decelerationRate: Double
    public var spring: ReleaseKit.Spring

    /// The window's center at each corner: top left, top right, bottom left, bottom right.
    public var corners: [ReleaseKit.Vector] {
        let left = bounds[0] + margin + size[0] / 2, right = bounds[0] + bounds[2] - margin - size[0] / 2
        let top = bounds[1] + margin + size[1] / 2, bottom = bounds[1] + bounds[3] - margin - size[1] / 2
        return [ReleaseKit.Vector(left, top), ReleaseKit.Vector(right, top),
                ReleaseKit.Vector(left, bottom), ReleaseKit.Vector(right, bottom)]
    }

    /// The corner (0-based) a release at `center` with `velocity` (pt/s) goes to.
    public func corner(center: ReleaseKit.Vector, velocity: ReleaseKit.Vector) -> Int {
        let rest = ReleaseKit.Vector(ReleaseKit.project(center.x, velocity: velocity.x, rate: decelerationRate),
                          ReleaseKit.project(center.y, velocity: velocity.y, rate: decelerationRate))
        return ReleaseKit.nearest(corners, to: rest)
    }

    /// The release of a drag of the window's center from `origin` by `translation` with `velocity`.
    public func release(origin: ReleaseKit.Vector,
                        translation: ReleaseKit.Vector, velocity: ReleaseKit.Vector) -> ReleaseKit.Release {
        let center = ReleaseKit.Vector(origin.x + translation.x, origin.y + translation.y)
        let index = corner(center: center, velocity: velocity)
        return ReleaseKit.Release(decision: index, position: [center.x, center.y],
                       target: [corners[index].x, corners[index].y], velocity: [velocity.x, velocity.y])
    }
}

"""

    static let cardSection = """

/// A card that is thrown off the screen sideways or springs back home: thrown when released faster than
/// `speed` sideways or dragged past `distance` of its width, towards that side.
public struct Card: Equatable, Sendable {
    /// The card's center at rest (pt).
    public var home: ReleaseKit.Vector
    /// The card's width and height (pt).
    public var size: [Double]
    public var distance: Double
    public var speed: Double
    public var screenWidth: Double
    public var spring: ReleaseKit.Spring
    /// Where a thrown card's vertical motion is projected to: UIScrollView's normal deceleration.
    public static let throwDecelerationRate = 0.998

    /// −1 (thrown left), 1 (thrown right) or 0 (back home) for a card `dx` from home released at `vx`.
    public func side(dx: Double, vx: Double) -> Int {
        if abs(vx) > speed { return vx < 0 ? -1 : 1 }
        if abs(dx) > distance * size[0] { return dx < 0 ? -1 : 1 }
        return 0
    }

    /// The release of a drag of the card's center from `origin` by `translation` with `velocity`.
    public func release(origin: ReleaseKit.Vector,
                        translation: ReleaseKit.Vector, velocity: ReleaseKit.Vector) -> ReleaseKit.Release {
        let center = ReleaseKit.Vector(origin.x + translation.x, origin.y + translation.y)
        let s = side(dx: center.x - home.x, vx: velocity.x)
        let target: [Double]
        if s == 0 {
            target = [home.x, home.y]
        } else {
            let x = s < 0 ? -size[0] : screenWidth + size[0]
            target = [x, ReleaseKit.project(center.y, velocity: velocity.y, rate: Self.throwDecelerationRate)]
        }
        return ReleaseKit.Release(decision: s, position: [center.x, center.y], target: target,
                       velocity: [velocity.x, velocity.y])
    }
}

"""

    static let carouselSection = """

/// A paged carousel (UIPageViewController's feel): the strip follows the finger, rubber-banded past the
/// first and last page; at the lift the release is projected with the fast deceleration, the nearest page
/// wins, at most `maxStep` pages from where the swipe began, and a spring takes the strip there.
public struct Carousel: Equatable, Sendable {
    public var pageWidth: Double
    public var pages: Int
    /// The strip's left edge on the first page, pt.
    public var left: Double
    public var maxStep: Int
    public var decelerationRate: Double
    public var rubberBand: Double
    public var spring: ReleaseKit.Spring

    /// The strip's left edge on the last page.
    public var lowest: Double { left - Double(pages - 1) * pageWidth }

    /// The strip's left edge showing page `index` (0-based).
    public func edge(page index: Int) -> Double { left - Double(index) * pageWidth }

    /// The strip's left edge for a drag from `origin` by `translation` (pt), and the band's slope there.
    public func follow(origin: Double, translation: Double) -> (left: Double, slope: Double) {
        let b = ReleaseKit.banded(origin + translation, low: lowest, high: left, dimension: pageWidth,
                                  constant: rubberBand)
        return (b.shown, b.slope)
    }

    /// The page (0-based) a release at `offset` (pt scrolled from the first page) with horizontal
    /// velocity `vx` goes to, for a swipe that began on page `from`.
    public func page(offset: Double, vx: Double, from: Int) -> Int {
        let projected = offset - ReleaseKit.project(0, velocity: vx, rate: decelerationRate)
        let nearest = Int((projected / pageWidth + 0.5).rounded(.down))
        return max(0, min(pages - 1, max(from - maxStep, min(from + maxStep, nearest))))
    }

    /// The release of a drag from `origin` by `translation` that began on page `from`.
    public func release(origin: Double, from: Int,
                        translation: ReleaseKit.Vector, velocity: ReleaseKit.Vector) -> ReleaseKit.Release {
        let (shown, slope) = follow(origin: origin, translation: translation.x)
        let index = page(offset: left - shown, vx: velocity.x, from: from)
        return ReleaseKit.Release(decision: index, position: [shown], target: [edge(page: index)],
                       velocity: [velocity.x * slope])
    }
}

"""
}
