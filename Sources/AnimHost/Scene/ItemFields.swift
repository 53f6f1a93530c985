import Dynamics

/// One item property as every part of the host sees it: the Lua field (`animhost.Item`, the
/// test API's items, the fast path, the reference), its frame columns (`--columns`, traces,
/// the viewer's frames, plot units) and how animations drive it. `ItemField.all` is the one
/// list; `ItemFieldCoverageTests` checks that every consumer covers every entry.
///
/// A new item property is two lines: its stored value in `ItemRecord` (Dynamics) and an entry
/// here (`visual` for a number kept for drawing). A property the viewer draws also needs the
/// page's drawing code (Viewer/Page/Page+Script.swift).
package struct ItemField: Sendable {
    package enum Access: Sendable {
        case vector(get: @Sendable (Animator, ItemID) -> Vec2, set: @Sendable (Animator, ItemID, Vec2) throws(DynamicsError) -> Void)
        case scalar(get: @Sendable (Animator, ItemID) -> Double, set: @Sendable (Animator, ItemID, Double) throws(DynamicsError) -> Void)
    }

    /// How animations drive a property; a field without one cannot be animated.
    enum Animation: Sendable {
        /// The item's position: written with its velocity (a driven item is kinematic);
        /// springs rest within points.
        case position
        /// Width and height: kept above 1e-6 pt (an overshooting spring may pass 0); points.
        case extent
        /// The rotation, written with its angular velocity.
        case rotation
        /// A scale factor: POP's finer scale threshold.
        case scaleFactor
        /// Any other number: POP's 0.01 threshold.
        case number
    }

    package let name: String
    let doc: String
    package let unit: String?
    let defaultValue: String?
    package let access: Access
    /// Its frame columns, one per axis.
    let columns: [String]
    /// nil: it cannot be animated.
    let animation: Animation?
    /// What frames show when it is not the field's value (velocity: the animated velocity of
    /// an item an animation drives).
    let frameValue: (@Sendable (Stage, ItemID) -> Vec2)?
    /// A visual value: where it is kept and the values a script may give it (an animation
    /// may pass beyond them on its way).
    let visual: (key: WritableKeyPath<ItemRecord, Double> & Sendable, range: VisualRange)?

    init(_ name: String, doc: String, unit: String?, default def: String?, access: Access, columns: [String]? = nil,
         animation: Animation?, frameValue: (@Sendable (Stage, ItemID) -> Vec2)? = nil,
         visual: (key: WritableKeyPath<ItemRecord, Double> & Sendable, range: VisualRange)? = nil) {
        self.name = name; self.doc = doc; self.unit = unit; defaultValue = def; self.access = access
        self.columns = columns ?? [name]; self.animation = animation; self.frameValue = frameValue; self.visual = visual
    }

    /// A number the item keeps for drawing (`ItemRecord`'s visual values): read and written by
    /// key path, in frames and animatable.
    static func visual(_ name: String, _ key: WritableKeyPath<ItemRecord, Double> & Sendable, doc: String, unit: String? = nil,
                       default def: String, range: VisualRange = .any, animation: Animation = .number) -> ItemField {
        ItemField(name, doc: doc, unit: unit, default: def,
                  access: .scalar(get: { $0.visualValue(key, of: $1) },
                                  set: { a, id, v throws(DynamicsError) in try a.setVisualValue(v, key, named: name, range: range, of: id) }),
                  animation: animation, visual: (key, range))
    }

    package static let all: [ItemField] = [
        ItemField("center", doc: "Position of the item's center. Assigned to an item that is not a physics body (in no gravity, collision, attachment, snap, push, field or item behavior, or anchored), it moves the item kinematically: its velocity becomes the motion of the assignments (the change since its previous move over the time since, zero again once it stops being moved), so a pan's `item.center = g.location` reports the finger's speed and a spring or behavior started afterwards carries it on. Assigned to a physics body, it teleports the body, which keeps its velocity (UIKit's updateItemUsingCurrentState).", unit: "pt", default: nil,
                  access: .vector(get: { $0.center(of: $1) }, set: { a, id, v throws(DynamicsError) in try a.setCenter(v, of: id) }),
                  columns: ["x", "y"], animation: .position),
        ItemField("size", doc: "Width and height; the body follows it: a new size (assigned or animated) rebuilds the collision shape and the mass (density × area / 10⁴) before the next step, keeping the velocities and the center of mass (an off-centre polygon's center moves with its points). UIKit reads the bounds only when the body is made; animhost follows the size. A body is never thinner than 1 pt (a smaller size draws at its size). A polygon's points scale by the new size over the size it was made with; an item group and its members keep their bodies.", unit: "pt", default: "{100, 100}",
                  access: .vector(get: { $0.size(of: $1) }, set: { a, id, v throws(DynamicsError) in try a.setSize(v, of: id) }),
                  columns: ["width", "height"], animation: .extent),
        ItemField("velocity", doc: "Linear velocity; may be set absolutely (UIKit only adds). An item a script moves by assigning `center` reports that motion; a velocity set in the same step stands.", unit: "pt/s", default: "{0, 0}",
                  access: .vector(get: { $0.velocity(of: $1) }, set: { a, id, v throws(DynamicsError) in try a.setVelocity(v, of: id) }),
                  columns: ["vx", "vy"], animation: nil,
                  frameValue: { stage, id in stage.reportedVelocity[id] ?? stage.animator.centerVelocity(of: id) }),
        ItemField("angle", doc: "Rotation, clockwise on screen (y grows downward). Assigned like `center`: an item that is not a physics body turns kinematically (its angularVelocity is the turn of the assignments); a physics body keeps its angular velocity.", unit: "rad", default: "0",
                  access: .scalar(get: { $0.angle(of: $1) }, set: { a, id, v throws(DynamicsError) in try a.setAngle(v, of: id) }),
                  animation: .rotation),
        ItemField("angularVelocity", doc: "Rotation speed.", unit: "rad/s", default: "0",
                  access: .scalar(get: { $0.angularVelocity(of: $1) }, set: { a, id, v throws(DynamicsError) in try a.setAngularVelocity(v, of: id) }),
                  columns: ["omega"], animation: nil),
        .visual("alpha", \.alpha, doc: "Opacity, 0 … 1 (an animation's overshoot is clamped, as UIKit draws it).", default: "1", range: .unit),
        .visual("scale", \.scale, doc: "Visual scale factor, ≥ 0 (does not change the collision shape; an animation may overshoot below 0).",
                default: "1", range: .nonNegative, animation: .scaleFactor),
        .visual("cornerRadius", \.cornerRadius, doc: "Corner radius for drawing, ≥ 0.", unit: "pt", default: "0", range: .nonNegative),
    ]

    /// The field with this name.
    static func named(_ name: String) -> ItemField? { all.first { $0.name == name } }

    /// The value as a `Vec2` (a scalar in `.x`).
    func value(of item: ItemID, in animator: Animator) -> Vec2 {
        switch access {
        case .vector(let get, _): get(animator, item)
        case .scalar(let get, _): Vec2(get(animator, item), 0)
        }
    }

    /// Sets the value from a `Vec2` (a scalar from `.x`).
    func set(_ v: Vec2, of item: ItemID, in animator: Animator) throws(DynamicsError) {
        switch access {
        case .vector(_, let set): try set(animator, item, v)
        case .scalar(_, let set): try set(animator, item, v.x)
        }
    }

    /// Refuses a value a script gives outside the field's range (an animation block's
    /// assignment is checked as a direct one is).
    func checkAssigned(_ v: Vec2) throws(DynamicsError) {
        if let visual { try visual.range.check(v.x, name) }
    }

    /// Writes an animation's sample: a visual value may pass beyond its range on the way.
    func setAnimated(_ v: Vec2, of item: ItemID, in animator: Animator) throws(DynamicsError) {
        guard let visual else { return try set(v, of: item, in: animator) }
        try animator.setAnimatedVisualValue(v.x, visual.key, named: name, range: visual.range, of: item)
    }

    /// What column `axis` shows for the item now.
    func frameValue(axis: Int, of item: ItemID, in stage: Stage) -> Double {
        let v = frameValue?(stage, item) ?? value(of: item, in: stage.animator)
        return axis == 0 ? v.x : v.y
    }
}
