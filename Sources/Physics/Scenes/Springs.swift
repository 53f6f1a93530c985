import Vectors

/// Example scenes shared by tests and benchmarks.
public enum Scenes {
    /// The springs-N scene of the benchmarks (BENCHMARKS.md): `count` items of 30×30 pt, each on its own
    /// fixed anchor, anchors 150 pt apart in a square-ish grid (⌈√count⌉ columns, row by
    /// row). Each item starts 100 pt from its anchor and hangs on a soft spring of rest
    /// length 50 pt, 3.5 Hz, damping ratio 0.4, under gravity (1000 pt/s²). No collisions.
    ///
    /// The anchor engines' start direction (0.6, −0.8) is in their y-up frame, with gravity
    /// along −y: the item starts below and to the right of its anchor. In animhost's y-down
    /// frame that is (0.6, 0.8). To match their bodies (mass 1, no damping), an item
    /// behavior sets density 1/0.09 (mass 1 for 900 pt²) and resistance 0.
    ///
    /// Accuracy probe (item 0's spring length; RK4 reference of the point-mass ODE): 79.77 pt
    /// at t = 0.05 s and 51.82 pt at 0.5 s; this scene gives 79.66 and 51.90 at 120 Hz.
    ///
    /// Behaviors: gravity, the item behavior, then one composite holding the attachments in
    /// item order. The animator runs at `hz` (default 120) with 4 substeps.
    public static func springs(count: Int, hz: Int = 120) -> Animator {
        precondition(count >= 0, "springs: count must be ≥ 0")
        let animator = Animator(hz: hz)
        animator.allowsSleeping = false // as the anchor engines run
        let columns = max(1, Int(Double(count).squareRoot().rounded(.up)))
        let start = Vec2(0.6, 0.8) * 100
        var items: [ItemID] = []
        items.reserveCapacity(count)
        let springs = DynamicBehavior()
        do {
            for n in 0..<count {
                let anchor = Vec2(Double(n % columns) * 150, Double(n / columns) * 150)
                let item = try animator.addItem(name: "s\(n)", center: anchor + start, size: Vec2(30, 30))
                items.append(item)
                try springs.addChild(AttachmentBehavior(item: item, end: .anchor(anchor), length: 50,
                                                        frequency: 3.5, damping: 0.4))
            }
            let body = ItemBehavior(items: items)
            body.density = 10_000 / 900
            body.resistance = 0
            body.angularResistance = 0
            try animator.addBehavior(GravityBehavior(items: items))
            try animator.addBehavior(body)
            try animator.addBehavior(springs)
        } catch {
            preconditionFailure("springs scene: \(error)") // fixed, valid values only
        }
        return animator
    }
}
