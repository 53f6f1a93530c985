import Vectors

/// The attachment factories (UIKit iOS 9) and the validation of script input.
///
/// Each factory attaches `item` either to `item2` or, without `item2`, to the fixed point
/// `anchor`. With two items the anchor is the point where they are joined (default: the
/// midpoint of their centers); either way it is converted into each item's frame when the
/// attachment first joins an animator.
extension AttachmentBehavior {
    /// Whether the two attached items still collide with each other: true for distance
    /// attachments, false for the factories' joints (as UIKit's implementation does).
    var collidesConnected: Bool { kind == .distance }

    /// The checked form of `init(item:offset:end:length:frequency:damping:)`, for input that
    /// may be invalid (scripts).
    /// - Throws: for a negative length, frequency or damping, or non-finite numbers.
    public static func checked(item: ItemID, offset: Vec2 = .zero, end: End, length: Double? = nil,
                               frequency: Double = 0, damping: Double = 0) throws(DynamicsError) -> AttachmentBehavior {
        try Animator.check(offset, "offset")
        switch end {
        case .anchor(let p): try Animator.check(p, "anchor")
        case .item(let other, let off):
            try Animator.check(off, "offset2")
            try checkDistinct(item, other, "attachment")
        }
        if let length { try checkLength(length) }
        try checkNonNegative(frequency, "frequency")
        try checkNonNegative(damping, "damping")
        return AttachmentBehavior(item: item, offset: offset, end: end, length: length,
                                  frequency: frequency, damping: damping)
    }

    /// A fixed attachment (weld): no relative motion or rotation between `item` and `item2`,
    /// or between `item` and the reference frame at `anchor`.
    /// - Throws: without `item2` and `anchor`, or when `item2` is `item`.
    public static func fixed(item: ItemID, item2: ItemID? = nil, anchor: Vec2? = nil) throws(DynamicsError) -> AttachmentBehavior {
        let end = try factoryEnd("fixed", item: item, item2: item2, anchor: anchor)
        return AttachmentBehavior(kind: .fixed, item: item, offset: .zero, end: end, anchor: anchor, axis: nil,
                                  length: nil, frictionTorque: 0, range: .infinite)
    }

    /// A pin attachment (revolute joint) at `anchor`: the items (or the item and the frame)
    /// share that point and turn freely about it, braked by `frictionTorque` (UIKit
    /// newton-metres, ≥ 0) and limited to `range` radians of relative rotation (from the
    /// pose when it joins; must contain 0). With an anchor, the range is the item's own
    /// rotation; with two items, `item2`'s rotation relative to `item`.
    /// - Throws: without `item2` and `anchor`, for a negative friction, or a range without 0.
    public static func pin(item: ItemID, item2: ItemID? = nil, anchor: Vec2? = nil, frictionTorque: Double = 0,
                           range: FloatRange = .infinite) throws(DynamicsError) -> AttachmentBehavior {
        let end = try factoryEnd("pin", item: item, item2: item2, anchor: anchor)
        try checkNonNegative(frictionTorque, "frictionTorque")
        try checkRange(range)
        return AttachmentBehavior(kind: .pin, item: item, offset: .zero, end: end, anchor: anchor, axis: nil,
                                  length: nil, frictionTorque: frictionTorque, range: range)
    }

    /// A sliding attachment (prismatic joint): the items (or the item and the frame) move
    /// relative to each other only along `axis` (reference frame; its length is ignored),
    /// without relative rotation, within `range` points of travel from the pose when it
    /// joins (must contain 0). With an anchor, the range is the item's travel along the axis;
    /// with two items, `item2`'s travel relative to `item`, whose frame carries the axis.
    /// - Throws: without `item2` and `anchor`, for a zero axis, or a range without 0.
    public static func sliding(item: ItemID, item2: ItemID? = nil, anchor: Vec2? = nil, axis: Vec2,
                               range: FloatRange = .infinite) throws(DynamicsError) -> AttachmentBehavior {
        let end = try factoryEnd("sliding", item: item, item2: item2, anchor: anchor)
        try Animator.check(axis, "axis")
        guard axis.length > 0 else {
            throw DynamicsError("sliding attachment: 'axis' must be a non-zero vector, got {0, 0}")
        }
        try checkRange(range)
        return AttachmentBehavior(kind: .sliding, item: item, offset: .zero, end: end, anchor: anchor, axis: axis,
                                  length: nil, frictionTorque: 0, range: range)
    }

    /// A limit attachment (rope): the attachment points, `offset` from `item`'s center and
    /// `offset2` from `item2`'s (each in its item's frame), may come closer than `length`
    /// but never farther. `length` defaults to their distance when it joins an animator.
    /// - Throws: for a negative length, or when `item2` is `item`.
    public static func limit(item: ItemID, offset: Vec2 = .zero, item2: ItemID, offset2: Vec2 = .zero,
                             length: Double? = nil) throws(DynamicsError) -> AttachmentBehavior {
        try checkDistinct(item, item2, "limit")
        try Animator.check(offset, "offset")
        try Animator.check(offset2, "offset2")
        if let length { try checkLength(length) }
        return AttachmentBehavior(kind: .limit, item: item, offset: offset, end: .item(item2, offset: offset2),
                                  anchor: nil, axis: nil, length: length, frictionTorque: 0, range: .infinite)
    }

    // MARK: Validation

    private static func factoryEnd(_ name: String, item: ItemID, item2: ItemID?, anchor: Vec2?) throws(DynamicsError) -> End {
        if let anchor { try Animator.check(anchor, "anchor") }
        if let item2 {
            try checkDistinct(item, item2, name)
            return .item(item2, offset: .zero)
        }
        guard let anchor else {
            throw DynamicsError("\(name) attachment needs 'item2' or 'anchor'")
        }
        return .anchor(anchor)
    }

    private static func checkDistinct(_ a: ItemID, _ b: ItemID, _ name: String) throws(DynamicsError) {
        if a == b { throw DynamicsError("\(name) attachment: 'item2' must be a different item than 'item'") }
    }

    static func checkLength(_ v: Double) throws(DynamicsError) {
        try Animator.check(v, "length")
        guard v >= 0 else { throw DynamicsError(field: "length", "must be ≥ 0, got \(format(v))", of: "attachment") }
    }

    static func checkNonNegative(_ v: Double, _ field: String) throws(DynamicsError) {
        try Animator.check(v, field)
        guard v >= 0 else { throw DynamicsError(field: field, "must be ≥ 0, got \(format(v))", of: "attachment") }
    }

    static func checkRange(_ r: FloatRange) throws(DynamicsError) {
        guard !r.minimum.isNaN, !r.maximum.isNaN, r.minimum <= 0, r.maximum >= 0 else {
            throw DynamicsError(field: "attachmentRange", "must contain 0, got {\(format(r.minimum)), \(format(r.maximum))}", of: "attachment")
        }
    }
}
