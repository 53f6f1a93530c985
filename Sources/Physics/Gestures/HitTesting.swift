import Vectors

extension Animator {
    /// Whether a point in the reference frame lies inside an item's shape (rotation included).
    public func contains(_ point: Vec2, in item: ItemID) -> Bool {
        let b = bodies[Int(item.index)]
        let r = records[Int(item.index)]
        let local = b.rotation.inverseRotate(point - origin(of: Int(item.index)))
        let half = r.size * 0.5
        switch r.shape {
        case .rectangle:
            return abs(local.x) <= half.x && abs(local.y) <= half.y
        case .ellipse:
            let nx = local.x / half.x, ny = local.y / half.y
            return nx * nx + ny * ny <= 1
        case .polygon(let points):
            // Convex: inside when on the same side of every edge.
            var sign = 0.0
            for i in points.indices {
                let a = points[i], c = points[(i + 1) % points.count]
                let s = (c - a).cross(local - a)
                if s != 0 {
                    if sign == 0 { sign = s } else if (s > 0) != (sign > 0) { return false }
                }
            }
            return true
        }
    }

    /// The topmost (latest created) item under the point among `candidates`.
    public func topmostItem(at point: Vec2, among candidates: [ItemID]) -> ItemID? {
        candidates.filter { contains(point, in: $0) }.max()
    }
}
