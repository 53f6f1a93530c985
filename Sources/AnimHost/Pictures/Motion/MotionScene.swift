import Dynamics

/// What a moving picture draws, taken from a run: each item as the scene made it, the
/// collision lines, and the frames (docs/pictures.md, "Moving pictures").
struct MotionScene {
    struct Item {
        var name: String
        var shape: ItemShape
        /// The size `shape` was given at (a polygon's points scale with a frame's size over it).
        var size: Vec2
        /// The item's place among all the scene's items: its colour, as in the viewer.
        var colorIndex: Int
        /// Drawn as an outline only, nameless (the expected motion of a snapshot's diff).
        var outlined = false
    }

    var items: [Item]
    /// The scene's reference bounds (x, y, width, height), if it has them.
    var bounds: (x: Double, y: Double, width: Double, height: Double)?
    /// Collision edges (rectangles) and boundary segments, as at the run's end.
    var edges: [(origin: Vec2, size: Vec2)] = []
    var boundaries: [(Vec2, Vec2)] = []
    var columns: [String]
    var frames: [Frame]

    /// The frame columns a moving picture needs besides x, y, angle, vx, vy.
    static let extraColumns = ["width", "height", "alpha", "scale", "cornerRadius"]

    init(items: [Item], columns: [String], frames: [Frame]) {
        self.items = items
        self.columns = columns
        self.frames = frames
    }

    init(animator a: Animator, columns: [FrameColumn], frames: [Frame]) {
        items = a.itemIDs.enumerated().map { i, id in
            Item(name: a.name(of: id), shape: a.shape(of: id), size: a.size(of: id), colorIndex: i)
        }
        bounds = a.referenceBounds.map { ($0.origin.x, $0.origin.y, $0.size.x, $0.size.y) }
        self.columns = columns.map(\.name)
        self.frames = frames
        for top in a.behaviors {
            top.forEachInTree { b in
                guard let collision = b as? CollisionBehavior else { return }
                for (_, segments) in collision.boundaries {
                    for s in segments { boundaries.append((s.p1, s.p2)) }
                }
                if collision.translatesReferenceBoundsIntoBoundary, let r = a.referenceBounds {
                    let i = collision.insets
                    edges.append((r.origin + Vec2(i.left, i.top), r.size - Vec2(i.left + i.right, i.top + i.bottom)))
                }
            }
        }
    }
}
