import XCTest
import Dynamics
@testable import Physics

/// A 320×568 animator with reference bounds, for collision tests.
func screenAnimator(hz: Int = 120) -> Animator {
    let a = Animator(hz: hz)
    a.referenceBounds = (Vec2(0, 0), Vec2(320, 568))
    return a
}

/// Records a collision behavior's events in order: "began item other|boundary" strings.
final class ContactLog {
    var events: [(began: Bool, contact: CollisionContact)] = []
    init(_ c: CollisionBehavior) {
        c.onBegan = { [unowned self] in self.events.append((true, $0)) }
        c.onEnded = { [unowned self] in self.events.append((false, $0)) }
    }
    var began: [CollisionContact] { events.filter(\.began).map(\.contact) }
    var ended: [CollisionContact] { events.filter { !$0.began }.map(\.contact) }
}

/// A key naming what touched what.
func contactKey(_ c: CollisionContact) -> String {
    if c.isBoundary { return "\(c.item.index)|\(c.boundary.map { "\($0)" } ?? "bounds")" }
    return "\(c.item.index)-\(c.other!.index)"
}
