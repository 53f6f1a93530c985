import Vectors

/// What a gesture's release needs to choose where a thrown thing goes: where a fling would
/// come to rest (projection), how far content follows a finger past an edge (rubber band),
/// and which of a list of resting places is nearest. The formulas are UIKit's, as WWDC
/// 2018 "Designing Fluid Interfaces" (session 803) and UIScrollView describe them.
public enum ReleaseKit {
    /// `UIScrollView.DecelerationRate.normal`: the velocity is multiplied by this every
    /// millisecond of a fling.
    public static let normalRate = 0.998
    /// `UIScrollView.DecelerationRate.fast` (paging, and WWDC 2018's rotation projection).
    public static let fastRate = 0.99
    /// UIScrollView's rubber-band constant (reverse-engineered; the value every
    /// reimplementation uses).
    public static let rubberBandConstant = 0.55

    /// Where a fling decelerating by `rate` each millisecond comes to rest: the sum of the
    /// distances travelled each ms, `v/1000 · (rate + rate² + …) = v/1000 · rate/(1 − rate)`
    /// (velocity in units per second; 1000 pt/s at 0.998 travels 499 pt, at 0.99 99 pt).
    /// - Precondition: 0 < rate < 1.
    @inlinable
    public static func project(_ position: Double, velocity: Double, rate: Double = normalRate) -> Double {
        position + velocity / 1000 * rate / (1 - rate)
    }

    /// `project` on each axis.
    @inlinable
    public static func project(_ position: Vec2, velocity: Vec2, rate: Double = normalRate) -> Vec2 {
        Vec2(project(position.x, velocity: velocity.x, rate: rate), project(position.y, velocity: velocity.y, rate: rate))
    }

    /// How far content moves when the finger has moved `offset` past an edge, for a view of
    /// size `dimension` along that axis: `(1 − 1/(|offset|·c/d + 1))·d` with the sign of
    /// `offset` (= c·d·x/(d + c·x)). It starts at slope `c` and never reaches `d`
    /// (100 pt past the edge of a 960 pt view shows as 52.0 pt).
    /// - Precondition: dimension > 0, constant > 0.
    @inlinable
    public static func rubberBand(_ offset: Double, dimension: Double, constant: Double = rubberBandConstant) -> Double {
        let magnitude = (1 - 1 / (abs(offset) * constant / dimension + 1)) * dimension
        return offset < 0 ? -magnitude : magnitude
    }

    /// `rubberBand` on each axis, each with its own dimension.
    @inlinable
    public static func rubberBand(_ offset: Vec2, dimension: Vec2, constant: Double = rubberBandConstant) -> Vec2 {
        Vec2(rubberBand(offset.x, dimension: dimension.x, constant: constant),
             rubberBand(offset.y, dimension: dimension.y, constant: constant))
    }

    /// The index of the candidate nearest `value` (the first of equally near ones), or nil
    /// for no candidates.
    /// - Complexity: O(n).
    public static func nearest(_ candidates: [Double], to value: Double) -> Int? {
        candidates.indices.min { abs(candidates[$0] - value) < abs(candidates[$1] - value) }
    }

    /// The index of the point nearest `value` (Euclidean; the first of equally near ones).
    /// - Complexity: O(n).
    public static func nearest(_ candidates: [Vec2], to value: Vec2) -> Int? {
        candidates.indices.min { (candidates[$0] - value).lengthSquared < (candidates[$1] - value).lengthSquared }
    }
}
