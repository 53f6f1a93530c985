import XCTest
import Dynamics
@testable import Physics
import TestSupport

/// Islands and sleeping: a pile at rest leaves the step (counted by the bodies and contacts the
/// solver takes, never timed), and whatever should wake it wakes exactly its island.
final class SleepingTests: XCTestCase {
    /// pile-100 at 60 Hz with sleeping on, and a box far from it that a continuous push keeps
    /// moving (so the animator never pauses: UIKit's pause would stop the whole step once the
    /// pile sleeps), stepped until every box of the pile sleeps (at most 20 s).
    private func sleepingPile(count: Int = 100) throws -> (Scenes.BoxScene, drifter: ItemID) {
        let scene = Scenes.pile(count: count, hz: 60)
        let a = scene.animator
        a.allowsSleeping = true
        let drifter = try a.addItem(name: "drifter", center: Vec2(-5000, -5000), size: Vec2(20, 20))
        let push = PushBehavior(items: [drifter])
        push.magnitude = 0.001
        try a.addBehavior(push)
        for _ in 0..<1200 where a.sleepingItemCount < count { a.step() }
        return (scene, drifter)
    }

    func testAPileFallsAsleepAndLeavesTheSolver() throws {
        let (scene, drifter) = try sleepingPile()
        let a = scene.animator
        XCTAssertEqual(a.sleepingItemCount, 100, "the settled pile should sleep")
        XCTAssertFalse(a.isSleeping(drifter))
        a.step()
        XCTAssertTrue(a.isRunning)
        XCTAssertEqual(a.solvedBodyCount, 1, "only the drifter is solved")
        XCTAssertEqual(a.solvedContactCount, 0)
        for box in scene.boxes {
            XCTAssertTrue(a.isSleeping(box))
            XCTAssertEqual(a.velocity(of: box), .zero)
            XCTAssertEqual(a.angularVelocity(of: box), 0)
        }
        // The same pile without sleeping solves every box at the same time.
        let awake = Scenes.pile(count: 100, hz: 60)
        for _ in 0..<a.stepCount { awake.animator.step() }
        XCTAssertEqual(awake.animator.solvedBodyCount, 100)
        XCTAssertGreaterThan(awake.animator.solvedContactCount, 100)
    }

    /// Rest costs nothing: with the pile asleep a step walks the awake items only (the
    /// container's three static boxes and the drifter) and no contact, whatever the pile's
    /// size; its contacts are kept, behind the awake ones, with their manifolds.
    func testASleepingPileIsNotWalkedByTheStep() throws {
        var visits: [(items: Int, contacts: Int)] = []
        for count in [25, 100] {
            let (scene, _) = try sleepingPile(count: count)
            let a = scene.animator
            XCTAssertEqual(a.sleepingItemCount, count)
            let touching = a.touchingContactCount
            a.step()
            visits.append(a.lastStepVisits)
            XCTAssertEqual(a.collision.contacts.awakeCount, 0, "every contact sleeps with the pile")
            XCTAssertEqual(a.touchingContactCount, touching, "sleeping contacts are kept")
            XCTAssertGreaterThan(touching, count / 2)
        }
        XCTAssertEqual(visits[0].items, visits[1].items, "a step's walk does not grow with the sleeping pile")
        XCTAssertEqual(visits[0].contacts, 0)
        XCTAssertEqual(visits[1].contacts, 0)
        XCTAssertLessThanOrEqual(visits[1].items, 10 * 4, "four awake items, a few passes each")
        // Awake, the same pile is walked item by item and contact by contact.
        let awake = Scenes.pile(count: 100, hz: 60)
        for _ in 0..<200 { awake.animator.step() }
        XCTAssertGreaterThan(awake.animator.lastStepVisits.items, 5 * 100)
        XCTAssertGreaterThan(awake.animator.lastStepVisits.contacts, 3 * 100)
    }

    /// What sleeps with an island: exactly the contacts both of whose sides rest (asleep, a
    /// boundary, or a still static item) with one asleep, behind the awake ones; and each
    /// sleeping item's placement is where it rests.
    private func checkSleepingContacts(_ a: Animator, file: StaticString = #filePath, line: UInt = #line) {
        let contacts = a.collision.contacts
        for k in 0..<contacts.count {
            let c = contacts[k]
            let sa = c.itemA >= 0 && a.sleep.asleep[Int(c.itemA)], sb = a.sleep.asleep[Int(c.itemB)]
            if k >= contacts.awakeCount {
                XCTAssertTrue(sa || sb, "sleeping contact \(k) has no sleeping item", file: file, line: line)
                for i in [c.itemA, c.itemB] where i >= 0 && !a.sleep.asleep[Int(i)] {
                    XCTAssertFalse(a.bodies[Int(i)].isDynamic, "sleeping contact \(k) with an awake body",
                                   file: file, line: line)
                }
            } else {
                XCTAssertEqual(contacts.position(of: c.key), k, file: file, line: line)
            }
        }
        for i in 0..<a.itemCount where a.sleep.asleep[i] {
            XCTAssertEqual(a.collision.placements[i].transform.p, a.bodies[i].center, file: file, line: line)
            XCTAssertEqual(a.collision.placements[i].margin, 0, file: file, line: line)
        }
        XCTAssertEqual(a.sleep.awakeItems.count + a.sleepingItemCount, a.itemCount, file: file, line: line)
    }

    /// Islands falling asleep and waking one by one (a push on one stack, a write to the other,
    /// a touch) keep the contacts' two parts and the awake items exact, and the stacks end
    /// where the same runs end.
    func testContactsFollowTheirIslandsToSleepAndBack() throws {
        let (a, left, right, push) = try twoStacks()
        checkSleepingContacts(a)
        let contactsAsleep = a.collision.contacts.count - a.collision.contacts.awakeCount
        XCTAssertGreaterThanOrEqual(contactsAsleep, 6, "each stack's three contacts sleep (and those with the floor)")
        push.active = true
        a.step()
        checkSleepingContacts(a)
        XCTAssertGreaterThanOrEqual(a.collision.contacts.awakeCount, 3, "the left stack's contacts woke")
        try a.setVelocity(Vec2(0, -50), of: right[0])
        a.step()
        checkSleepingContacts(a)
        for _ in 0..<600 where a.sleepingItemCount < 6 { a.step(); checkSleepingContacts(a) }
        XCTAssertEqual(a.sleepingItemCount, 6, "both stacks sleep again")
        a.wakeIslands(at: a.center(of: left[1]))
        XCTAssertFalse(a.isSleeping(left[0]))
        XCTAssertTrue(a.isSleeping(right[0]))
        a.step()
        checkSleepingContacts(a)
    }

    /// An anchored item an animation moves (it is outside the simulation) into a sleeping
    /// stack wakes it: its contacts with the stack, asleep while it stood still, are measured
    /// again once it moves.
    func testAnAnimatedStaticItemMovingIntoASleepingIslandWakesIt() throws {
        let (a, _, right, _) = try twoStacks()
        a.restDuration = .infinity // the animator runs on while everything sleeps (as the host's driven scenes)
        let paddle = try a.addItem(name: "paddle", center: Vec2(185, -60), size: Vec2(20, 20))
        let anchored = ItemBehavior(items: [paddle])
        anchored.anchored = true
        try a.addBehavior(anchored)
        try a.addBehavior(CollisionBehavior(items: [paddle] + right))
        for _ in 0..<600 where a.sleepingItemCount < 6 { a.step() }
        XCTAssertTrue(a.isSleeping(right[1]), "the stack sleeps beside the still paddle")
        var x = 185.0
        for _ in 0..<30 where a.isSleeping(right[1]) {
            x -= 1
            try a.setAnimatedCenter(Vec2(x, -60), velocity: Vec2(-60, 0), of: paddle)
            a.step()
        }
        XCTAssertFalse(a.isSleeping(right[1]), "the paddle pushing into the stack wakes it")
        XCTAssertGreaterThan(x, 170, "woken when it reached the stack, not later")
    }

    /// A member of an item group that is also simulated on its own (UIKit: the group still
    /// places it) sleeps on the floor; moving the group moves it, and wakes it, so its
    /// placement and contacts are measured where it now is.
    func testAGroupMovingASleepingMemberWakesIt() throws {
        let a = Animator(hz: 60)
        a.restDuration = .infinity
        let floor = try a.addItem(name: "floor", center: Vec2(0, 10), size: Vec2(2000, 20))
        let member = try a.addItem(name: "member", center: Vec2(0, -20), size: Vec2(40, 40))
        let anchored = ItemBehavior(items: [floor])
        anchored.anchored = true
        try a.addBehavior(anchored)
        try a.addBehavior(GravityBehavior(items: [member]))
        try a.addBehavior(CollisionBehavior(items: [floor, member]))
        let group = try a.addGroup(name: "group", items: [member])
        for _ in 0..<300 where !a.isSleeping(member) { a.step() }
        XCTAssertTrue(a.isSleeping(member))
        let before = a.center(of: member)
        try a.setCenter(a.center(of: group) + Vec2(200, -100), of: group)
        XCTAssertFalse(a.isSleeping(member), "moved by its group, the member wakes")
        a.step()
        XCTAssertEqual(a.center(of: member).x, before.x + 200, accuracy: 1e-9)
        XCTAssertEqual(a.collision.placements[Int(member.index)].transform.p.x, before.x + 200, accuracy: 1e-9)
    }

    func testASleepingItemStaysPut() throws {
        let (scene, drifter) = try sleepingPile()
        let a = scene.animator
        let before = scene.boxes.map { (a.center(of: $0), a.angle(of: $0)) }
        let drifterBefore = a.center(of: drifter)
        for _ in 0..<10 { a.step() }
        for (k, box) in scene.boxes.enumerated() {
            XCTAssertEqual(a.center(of: box), before[k].0)
            XCTAssertEqual(a.angle(of: box), before[k].1)
        }
        XCTAssertNotEqual(a.center(of: drifter), drifterBefore)
    }

    /// A touch wakes the island under it; the pile's other islands (columns that do not touch)
    /// sleep on.
    func testATouchWakesItsIsland() throws {
        let (scene, _) = try sleepingPile()
        let a = scene.animator
        let touched = scene.boxes[50]
        a.wakeIslands(at: a.center(of: touched))
        XCTAssertFalse(a.isSleeping(touched))
        let stillAsleep = a.sleepingItemCount
        XCTAssertLessThan(stillAsleep, 100)
        a.step()
        XCTAssertEqual(a.solvedBodyCount, 100 - stillAsleep + 1)
    }

    func testTurningSleepingOffWakesEverything() throws {
        let (scene, _) = try sleepingPile()
        scene.animator.allowsSleeping = false
        XCTAssertEqual(scene.animator.sleepingItemCount, 0)
        scene.animator.step()
        XCTAssertEqual(scene.animator.solvedBodyCount, 101)
    }

    /// Two stacks of three boxes on one floor, 300 pt apart, and an instantaneous push on the
    /// top box of the left one (spent at once, re-armed by the tests).
    private func twoStacks() throws -> (Animator, left: [ItemID], right: [ItemID], PushBehavior) {
        let a = Animator(hz: 60)
        let floor = try a.addItem(name: "floor", center: Vec2(0, 10), size: Vec2(2000, 20))
        var left: [ItemID] = [], right: [ItemID] = []
        for k in 0..<3 {
            left.append(try a.addItem(name: "l\(k)", center: Vec2(-150, -20 - 40 * Double(k)), size: Vec2(40, 40)))
            right.append(try a.addItem(name: "r\(k)", center: Vec2(150, -20 - 40 * Double(k)), size: Vec2(40, 40)))
        }
        let boxes = left + right
        let anchored = ItemBehavior(items: [floor])
        anchored.anchored = true
        let push = PushBehavior(items: [left[2]], mode: .instantaneous)
        push.active = false
        push.magnitude = 0.5
        try a.addBehavior(anchored)
        try a.addBehavior(GravityBehavior(items: boxes))
        try a.addBehavior(CollisionBehavior(items: [floor] + boxes))
        try a.addBehavior(push)
        for _ in 0..<600 where a.sleepingItemCount < 6 { a.step() }
        XCTAssertEqual(a.sleepingItemCount, 6, "both stacks should sleep")
        return (a, left, right, push)
    }

    func testAPushWakesItsIslandAndNotAnother() throws {
        let (a, left, right, push) = try twoStacks()
        push.active = true
        a.step()
        for box in left { XCTAssertFalse(a.isSleeping(box)) }
        for box in right { XCTAssertTrue(a.isSleeping(box)) }
        XCTAssertEqual(a.solvedBodyCount, 3)
        XCTAssertGreaterThan(a.velocity(of: left[2]).x, 0)
        XCTAssertEqual(a.velocity(of: right[2]), .zero)
    }

    func testAScriptWriteWakesItsIsland() throws {
        let (a, left, right, _) = try twoStacks()
        try a.setVelocity(Vec2(0, -50), of: right[0])
        for box in right { XCTAssertFalse(a.isSleeping(box)) }
        for box in left { XCTAssertTrue(a.isSleeping(box)) }
        let (b, left2, right2, _) = try twoStacks()
        try b.setCenter(b.center(of: left2[2]) + Vec2(0, -30), of: left2[2])
        for box in left2 { XCTAssertFalse(b.isSleeping(box)) }
        for box in right2 { XCTAssertTrue(b.isSleeping(box)) }
    }

    /// A box dropped from high above: the stacks fall asleep while it falls, the left one wakes
    /// when it lands there (a contact with an awake item), the right one sleeps on.
    func testAnAwakeItemLandingWakesItsIsland() throws {
        let (a, left, right, _) = try twoStacks()
        let box = try a.addItem(name: "box", center: Vec2(-150, -3000), size: Vec2(30, 30))
        try a.addBehavior(GravityBehavior(items: [box]))
        try a.addBehavior(CollisionBehavior(items: left + [box]))
        var sleptBeforeLanding = false, wokeOnLanding = false
        for _ in 0..<600 {
            a.step()
            if a.center(of: box).y < -1000 && a.isSleeping(left[2]) { sleptBeforeLanding = true }
            if sleptBeforeLanding && !a.isSleeping(left[2]) && a.center(of: box).y > -200 { wokeOnLanding = true }
            for r in right where a.stepCount > 60 { XCTAssertTrue(a.isSleeping(r)) }
        }
        XCTAssertTrue(sleptBeforeLanding)
        XCTAssertTrue(wokeOnLanding)
        XCTAssertEqual(a.center(of: box).y, -135, accuracy: 5, "the box rests on the left stack")
    }

    /// Two runs of a pile that sleeps, is pushed awake and sleeps again are bit-identical.
    func testSleepingIsDeterministic() throws {
        func run() throws -> (UInt64, Int) {
            let scene = Scenes.pile(count: 100, hz: 60)
            scene.animator.allowsSleeping = true
            var slept = 0
            for n in 0..<900 {
                if n == 400 || n == 700 { try scene.animator.setVelocity(Vec2(200, -100), of: scene.boxes[95]) }
                scene.animator.step()
                slept += scene.animator.sleepingItemCount
            }
            return (stateHash(scene.animator), slept)
        }
        let (h1, s1) = try run(), (h2, s2) = try run()
        XCTAssertEqual(h1, h2)
        XCTAssertEqual(s1, s2)
        XCTAssertGreaterThan(s1, 0)
    }
}
