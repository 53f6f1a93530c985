/// The box scenes of physics-anchors.md, shared by tests, examples and benchmarks.
///
/// Units are points, y down, gravity 1000 pt/s² (UIKit magnitude 1). To compare with the
/// anchor engines, whose bodies have friction 0.6, no restitution and no damping, an item
/// behavior gives every box friction 0.6, elasticity 0, resistance 0 and angular resistance
/// 0 (UIKit's defaults are 0.2, 0.2, 0.1, 0.1). The container and the ground are boundaries
/// (friction 0.2, elasticity 0.2, as in UIKit), so box–ground friction mixes to √(0.6·0.2).
extension Scenes {
    /// What a box scene is made of: its animator, the boxes in creation order, and the
    /// behaviors (for tests that watch contacts).
    public struct BoxScene {
        public let animator: Animator
        public let boxes: [ItemID]
        public let collision: CollisionBehavior
        public let gravity: GravityBehavior
        public let material: ItemBehavior
    }

    /// pile-N: `count` boxes, widths and heights uniform in 20…40 pt, falling into an open
    /// container. They start in a square-ish grid (⌈√count⌉ columns, pitch 45 pt, ±2 pt of
    /// x jitter), the lowest row's centers 45 pt above the floor. The container is a floor at
    /// y = 0 and two walls of height rows·45 + 90 pt; its inner width is columns·45 + 10 pt,
    /// from x = 0. Random numbers: `SceneRandom(seed:)`, three per box (w, h, jitter).
    public static func pile(count: Int, hz: Int = 120, seed: UInt64 = 1) -> BoxScene {
        precondition(count >= 0, "pile: count must be ≥ 0")
        let animator = Animator(hz: hz)
        let columns = max(1, Int(Double(count).squareRoot().rounded(.up)))
        let rows = max(1, (count + columns - 1) / columns)
        let width = Double(columns) * 45 + 10
        let wallHeight = Double(rows) * 45 + 90
        var random = SceneRandom(seed: seed)
        var boxes: [ItemID] = []
        boxes.reserveCapacity(count)
        do {
            for n in 0..<count {
                let w = random.next(in: 20, 40), h = random.next(in: 20, 40)
                let jitter = random.next(in: -2, 2)
                let c = n % columns, r = n / columns
                let center = Vec2(5 + 22.5 + Double(c) * 45 + jitter, -45 * Double(r + 1))
                boxes.append(try animator.addItem(name: "box\(n)", center: center, size: Vec2(w, h)))
            }
        } catch {
            preconditionFailure("pile scene: \(error)") // fixed, valid values only
        }
        let collision = CollisionBehavior(items: boxes)
        addBoundary(collision, "floor", Vec2(0, 0), Vec2(width, 0))
        addBoundary(collision, "left", Vec2(0, -wallHeight), Vec2(0, 0))
        addBoundary(collision, "right", Vec2(width, 0), Vec2(width, -wallHeight))
        return assemble(animator, boxes, collision)
    }

    /// pyramid-N: `rows` rows of 40×40 pt boxes, exactly touching, the Box2D sample layout:
    /// row i (0 at the bottom) holds rows − i boxes centred on x = 0, bottom edges at
    /// y = −40·i; the ground is a boundary along y = 0. Boxes are created bottom row first,
    /// left to right, so the last one is the top.
    public static func pyramid(rows: Int, hz: Int = 120) -> BoxScene {
        precondition(rows >= 0, "pyramid: rows must be ≥ 0")
        let animator = Animator(hz: hz)
        var boxes: [ItemID] = []
        do {
            for i in 0..<rows {
                let count = rows - i
                for j in 0..<count {
                    let x = (Double(j) - Double(count - 1) / 2) * 40
                    boxes.append(try animator.addItem(name: "box\(boxes.count)", center: Vec2(x, -20 - 40 * Double(i)),
                                                      size: Vec2(40, 40)))
                }
            }
        } catch {
            preconditionFailure("pyramid scene: \(error)")
        }
        let collision = CollisionBehavior(items: boxes)
        addBoundary(collision, "ground", Vec2(-40 * Double(rows) - 400, 0), Vec2(40 * Double(rows) + 400, 0))
        return assemble(animator, boxes, collision)
    }

    /// stack-N: `count` boxes of 40×40 pt one on another at x = 0, exactly touching, on a
    /// ground boundary along y = 0; created bottom first.
    public static func stack(count: Int, hz: Int = 120) -> BoxScene {
        precondition(count >= 0, "stack: count must be ≥ 0")
        let animator = Animator(hz: hz)
        var boxes: [ItemID] = []
        do {
            for i in 0..<count {
                boxes.append(try animator.addItem(name: "box\(i)", center: Vec2(0, -20 - 40 * Double(i)), size: Vec2(40, 40)))
            }
        } catch {
            preconditionFailure("stack scene: \(error)")
        }
        let collision = CollisionBehavior(items: boxes)
        addBoundary(collision, "ground", Vec2(-400, 0), Vec2(400, 0))
        return assemble(animator, boxes, collision)
    }

    private static func addBoundary(_ c: CollisionBehavior, _ id: String, _ p1: Vec2, _ p2: Vec2) {
        do { try c.addBoundary(.string(id), from: p1, to: p2) } catch {
            preconditionFailure("scene boundary: \(error)")
        }
    }

    /// Gravity, the anchor engines' material, and the collision behavior, in that order.
    private static func assemble(_ animator: Animator, _ boxes: [ItemID], _ collision: CollisionBehavior) -> BoxScene {
        let gravity = GravityBehavior(items: boxes)
        let material = ItemBehavior(items: boxes)
        material.friction = 0.6
        material.elasticity = 0
        material.resistance = 0
        material.angularResistance = 0
        do {
            try animator.addBehavior(gravity)
            try animator.addBehavior(material)
            try animator.addBehavior(collision)
        } catch {
            preconditionFailure("scene behaviors: \(error)")
        }
        return BoxScene(animator: animator, boxes: boxes, collision: collision, gravity: gravity, material: material)
    }
}
