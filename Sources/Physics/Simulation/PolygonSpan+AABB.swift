import Vectors

// The box around an item's polygon, as the step's broadphase moves it (once per shape per step).

extension PolygonSpan {
    /// The box around the span's polygon placed by `transform`: `PolygonView.aabb` bit for bit.
    /// A centred box (`boxHalfExtents` set) takes the closed form, centre ± (|c|·hx + |s|·hy,
    /// |s|·hx + |c|·hy), instead of placing its four corners: the corner loop's extreme corner
    /// is the one whose two rotated terms share a sign, so its coordinate is the centre plus or
    /// minus the same rounded sum (rounding is symmetric and monotone, so the min and max of
    /// the rounded corners are the rounded extremes). Any other polygon places its vertices.
    @inline(__always)
    func aabb(_ transform: Transform, _ points: UnsafeBufferPointer<Vec2>) -> AABB {
        let h = boxHalfExtents
        guard h.x > 0 else { return view(points).aabb(transform) }
        let c = abs(transform.q.c), s = abs(transform.q.s)
        let e = Vec2(c * h.x + s * h.y, s * h.x + c * h.y)
        return AABB(lower: transform.p - e, upper: transform.p + e)
    }
}
