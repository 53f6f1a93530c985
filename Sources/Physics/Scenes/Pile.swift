import Vectors

/// The box scenes of the benchmarks (BENCHMARKS.md), shared by tests, examples and benchmarks, built as
/// the anchor engines' benchmark driver builds them (the same seed, sizes, positions and
/// materials), mirrored into animhost's y-down frame.
///
/// Units are points, y down, gravity 1000 pt/s² (UIKit magnitude 1). Every box, dynamic or
/// static, has the anchor engines' material: friction 0.6, no restitution, no damping (an
/// item behavior sets friction 0.6, elasticity 0, resistance 0 and angular resistance 0;
/// UIKit's defaults are 0.2, 0.2, 0.1, 0.1). Ground and container are static boxes (anchored
/// items), created before the dynamic boxes, as the anchors create them.
extension Scenes {
    /// What a box scene is made of: its animator, the dynamic boxes in creation order, the
    /// static boxes (ground, walls), and the behaviors (for tests that watch contacts).
    public struct BoxScene {
        public let animator: Animator
        public let boxes: [ItemID]
        let statics: [ItemID]
        public let collision: CollisionBehavior
        public let gravity: GravityBehavior
        public let material: ItemBehavior
    }

    /// The anchors' pile seed.
    @usableFromInline static let pileSeed: UInt64 = 12345

    /// pile-N: `count` boxes, widths and heights uniform in 20…40 pt, falling into an open
    /// container. They start in a square-ish grid (⌈√count⌉ columns, pitch 45 pt, ±2 pt of
    /// x jitter), the lowest row's centers 72.5 pt above the floor. The container: a floor
    /// whose top is y = 0 and two walls of height rows·45 + 200 pt, each a static box 20 pt
    /// thick; the inner width is columns·45 + 10 pt, from x = 0. Random numbers:
    /// `SceneRandom(seed:)` (seed 12345 as the anchors), three per box (w, h, jitter).
    public static func pile(count: Int, hz: Int = 120, seed: UInt64 = pileSeed) -> BoxScene {
        precondition(count >= 0, "pile: count must be ≥ 0")
        let animator = Animator(hz: hz)
        let columns = max(1, Int(Double(count).squareRoot().rounded(.up)))
        let rows = (count + columns - 1) / columns
        let pitch = 45.0
        let width = Double(columns) * pitch + 10
        let wallHeight = Double(rows) * pitch + 200
        var random = SceneRandom(seed: seed)
        var boxes: [ItemID] = []
        boxes.reserveCapacity(count)
        let statics = [
            staticBox(animator, "floor", center: Vec2(width / 2, 10), half: Vec2(width / 2 + 20, 10)),
            staticBox(animator, "left", center: Vec2(-10, -wallHeight / 2), half: Vec2(10, wallHeight / 2)),
            staticBox(animator, "right", center: Vec2(width + 10, -wallHeight / 2), half: Vec2(10, wallHeight / 2)),
        ]
        do {
            for n in 0..<count {
                let w = random.next(in: 20, 40), h = random.next(in: 20, 40)
                let jitter = random.next(in: -2, 2)
                let c = n % columns, r = n / columns
                let center = Vec2(5 + pitch * (Double(c) + 0.5) + jitter, -(50 + pitch * Double(r) + pitch * 0.5))
                boxes.append(try animator.addItem(name: "box\(n)", center: center, size: Vec2(w, h)))
            }
        } catch {
            preconditionFailure("pile scene: \(error)") // fixed, valid values only
        }
        return assemble(animator, boxes, statics)
    }

    /// pyramid-N: `rows` rows of 40×40 pt boxes, exactly touching, the Box2D sample layout:
    /// row i (0 at the bottom) holds rows − i boxes centred on x = 0, bottom edges at
    /// y = −40·i; the ground is a static box 4000 × 20 pt whose top is y = 0. Boxes are
    /// created bottom row first, left to right, so the last one is the top.
    public static func pyramid(rows: Int, hz: Int = 120) -> BoxScene {
        precondition(rows >= 0, "pyramid: rows must be ≥ 0")
        let animator = Animator(hz: hz)
        let statics = [ground(animator)]
        let h = 20.0
        var boxes: [ItemID] = []
        do {
            for i in 0..<rows {
                for j in i..<rows {
                    let x = -Double(rows - 1) * h + Double(i) * h + Double(j - i) * 2 * h
                    let y = h + Double(i) * 2 * h
                    boxes.append(try animator.addItem(name: "box\(boxes.count)", center: Vec2(x, -y),
                                                      size: Vec2(2 * h, 2 * h)))
                }
            }
        } catch {
            preconditionFailure("pyramid scene: \(error)")
        }
        return assemble(animator, boxes, statics)
    }

    /// stack-N: `count` boxes of 40×40 pt one on another at x = 0, exactly touching, on the
    /// pyramid's ground (a static box 4000 × 20 pt whose top is y = 0); created bottom first.
    public static func stack(count: Int, hz: Int = 120) -> BoxScene {
        precondition(count >= 0, "stack: count must be ≥ 0")
        let animator = Animator(hz: hz)
        let statics = [ground(animator)]
        var boxes: [ItemID] = []
        do {
            for i in 0..<count {
                boxes.append(try animator.addItem(name: "box\(i)", center: Vec2(0, -(20 + 40 * Double(i))),
                                                  size: Vec2(40, 40)))
            }
        } catch {
            preconditionFailure("stack scene: \(error)")
        }
        return assemble(animator, boxes, statics)
    }

    /// The pyramid's and the stack's ground: 4000 × 20 pt, top at y = 0.
    private static func ground(_ animator: Animator) -> ItemID {
        staticBox(animator, "ground", center: Vec2(0, 10), half: Vec2(2000, 10))
    }

    private static func staticBox(_ animator: Animator, _ name: String, center: Vec2, half: Vec2) -> ItemID {
        do { return try animator.addItem(name: name, center: center, size: half * 2) } catch {
            preconditionFailure("scene static box: \(error)")
        }
    }

    /// Gravity on the dynamic boxes, the anchor engines' material on every box (the static
    /// ones anchored), and one collision behavior for all, in that order.
    private static func assemble(_ animator: Animator, _ boxes: [ItemID], _ statics: [ItemID]) -> BoxScene {
        // The anchor engines run without sleeping; a benchmark that wants it turns it on.
        animator.allowsSleeping = false
        let gravity = GravityBehavior(items: boxes)
        let material = ItemBehavior(items: statics + boxes)
        material.friction = 0.6
        material.elasticity = 0
        material.resistance = 0
        material.angularResistance = 0
        let anchoring = ItemBehavior(items: statics)
        anchoring.anchored = true
        let collision = CollisionBehavior(items: statics + boxes)
        do {
            try animator.addBehavior(gravity)
            try animator.addBehavior(material)
            try animator.addBehavior(anchoring)
            try animator.addBehavior(collision)
        } catch {
            preconditionFailure("scene behaviors: \(error)")
        }
        return BoxScene(animator: animator, boxes: boxes, statics: statics, collision: collision, gravity: gravity,
                        material: material)
    }
}
