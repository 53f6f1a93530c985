import XCTest
import Dynamics
@testable import Physics

/// Warm starting across a change of feature id (`Contact.update`): a point whose id changed but
/// which stayed put keeps its impulses; a point that is really elsewhere starts from zero.
///
/// The case behind it: in the 4000-box pile a box corner jammed against another box's face near
/// that face's corner alternated between two ids (vertex 1 against edge 2, then edge 3) every
/// 6–7 steps; matched by id alone its impulse (~30) dropped to zero each time and thousands of
/// boxes kept trembling (mean speed 0.117 pt/s at 13 s).
final class WarmStartMatchTests: XCTestCase {
    private func contact(anchor: Vec2, id: UInt32, normal: Vec2 = Vec2(0, -1)) -> Manifold {
        var m = Manifold()
        m.normal = normal
        m.append(ManifoldPoint(point: anchor, anchorA: anchor, anchorB: anchor - Vec2(0, -30), separation: -2.8,
                               id: id))
        return m
    }

    private func resting(_ id: UInt32 = 258) -> Contact {
        var c = Contact(key: 1, shapeA: 0, shapeB: 1, itemA: 0, itemB: 1, friction: 0.6, restitution: 0)
        c.update(contact(anchor: Vec2(4.77, -14.45), id: id))
        c.normalImpulse = (30, 0)
        c.tangentImpulse = (-4, 0)
        return c
    }

    /// The id switched, the point moved 0.11 pt (as measured in the pile): impulses carried.
    func testSwitchedIDAtTheSamePlaceKeepsItsImpulses() {
        var c = resting()
        c.update(contact(anchor: Vec2(4.66, -14.46), id: 259))
        XCTAssertEqual(c.normalImpulse.0, 30)
        XCTAssertEqual(c.tangentImpulse.0, -4)
    }

    /// The same id still matches wherever the point is.
    func testSameIDKeepsItsImpulses() {
        var c = resting()
        c.update(contact(anchor: Vec2(9, -14), id: 258))
        XCTAssertEqual(c.normalImpulse.0, 30)
    }

    /// A new id a whole edge away (the box tipped onto its other corner): from zero.
    func testNewIDElsewhereStartsFromZero() {
        var c = resting()
        c.update(contact(anchor: Vec2(-15, -14.45), id: 259))
        XCTAssertEqual(c.normalImpulse.0, 0)
        XCTAssertEqual(c.tangentImpulse.0, 0)
    }

    /// A new id at the same place but along another normal (the reference face turned): from zero.
    func testNewIDWithAnotherNormalStartsFromZero() {
        var c = resting()
        c.update(contact(anchor: Vec2(4.77, -14.45), id: 259, normal: Vec2(1, 0)))
        XCTAssertEqual(c.normalImpulse.0, 0)
    }

    /// Two new points, one at an old point's place: only that one takes its impulses.
    func testOnlyThePointAtTheOldPlaceTakesThem() {
        var c = resting()
        var m = contact(anchor: Vec2(-15, -14.45), id: 300)
        m.append(ManifoldPoint(point: .zero, anchorA: Vec2(4.8, -14.44), anchorB: .zero, separation: -2.8, id: 259))
        c.update(m)
        XCTAssertEqual(c.normalImpulse.0, 0)
        XCTAssertEqual(c.normalImpulse.1, 30)
        XCTAssertEqual(c.tangentImpulse.1, -4)
    }
}
