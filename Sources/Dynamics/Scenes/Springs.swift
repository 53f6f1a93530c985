/// Example scenes shared by tests and benchmarks.
public enum Scenes {
    /// The springs-N scene of physics-anchors.md: `count` items of 30×30 pt, each on its own
    /// fixed anchor, anchors 150 pt apart in a square-ish grid (⌈√count⌉ columns). Each item
    /// starts 100 pt from its anchor along (0.6, −0.8) and hangs on a soft spring of rest
    /// length 50 pt, 3.5 Hz, damping ratio 0.4, under gravity (1000 pt/s²). No collisions.
    ///
    /// To match the anchor engines' bodies (mass 1, no damping), an item behavior sets
    /// density 1/0.09 (mass 1 kg for 900 pt²) and resistance 0. Reference for item 0: spring
    /// length 79.77 pt at t = 0.05 s and 51.82 pt at 0.5 s (RK4 of the point-mass ODE).
    ///
    /// Behaviors: gravity, item behavior, then one composite holding the attachments in item order.
    public static func springs(count: Int) -> Animator {
        precondition(count >= 0, "springs: count must be >= 0")
        let animator = Animator(hz: 120)
        let columns = max(1, Int(Double(count).squareRoot().rounded(.up)))
        let start = Vec2(0.6, -0.8) * 100
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
