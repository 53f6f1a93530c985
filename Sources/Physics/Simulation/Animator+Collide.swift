import Vectors

// Collision detection in the step: sync the collision world with the behaviors (when they
// changed), then, every step, move the proxies, find new pairs, and update every contact's
// manifold. The contact solver (ContactSolver.swift) runs inside the substeps; afterwards the
// contact events are delivered.

extension Animator {
    /// Default tolerances of the contact pipeline (pt, pt/s), Box2D v3's scaled by 100 pt/m.
    internal enum ContactDefaults {
        /// Points within this gap (pt) count as touching for began/ended events.
        static let touchingDistance = CollisionDefaults.linearSlop
        /// A contact point overlapping a boundary or static item deeper than this (pt) when the
        /// step starts is solved as a rigid contact, not a soft one (see `ContactConstraint`).
        static let rigidOverlap = 10 * CollisionDefaults.linearSlop
        /// Boundaries' friction and elasticity (UIKit [M]).
        static let boundaryFriction = 0.2
        static let boundaryElasticity = 0.2
    }

    // MARK: Shapes

    /// Registers the collision shapes of a new item, given in its own frame (origin at its
    /// center); they are kept in its center-of-mass frame. One shape for an item; an item
    /// group gets its members' shapes (a compound).
    func addCollisionShapes(_ shapes: [Shape], localCenter: Vec2) {
        let world = collision
        let item = Int32(world.itemShapes.count)
        world.itemShapes.append((Int32(world.shapes.count), Int32(shapes.count)))
        var extent = 0.0, minExtent = Double.infinity
        for shape in shapes {
            let s = localCenter == .zero ? shape : shape.transformed(by: Transform(p: -localCenter, q: .identity))
            world.shapes.append(s)
            world.shapeItem.append(item)
            world.shapeProxy.append(-1)
            switch s {
            case .polygon(let p):
                world.polygons.append(p)
                world.circles.append(Circle(radius: 1))
                world.isCircle.append(false)
                world.polygonSpans.append(PolygonSpan(first: Int32(world.polygonPoints.count), count: Int32(p.count),
                                                      radius: p.radius, boxHalfExtents: p.centeredBoxHalfExtents ?? .zero))
                for i in 0..<p.count { world.polygonPoints.append(p.vertex(i)) }
                for i in 0..<p.count { world.polygonPoints.append(p.normal(i)) }
                world.polygonRoom.append(Int32(p.count))
            case .circle(let c):
                world.polygons.append(.box(width: 1, height: 1))
                world.circles.append(c)
                world.isCircle.append(true)
                world.polygonSpans.append(PolygonSpan(first: Int32(world.polygonPoints.count), count: 0, radius: 0))
                world.polygonRoom.append(0)
            }
            extent = max(extent, s.extent(from: .zero))
            minExtent = min(minExtent, s.minExtent)
        }
        var c = Collider()
        c.extent = extent
        c.minExtent = minExtent.isFinite ? minExtent : 0
        world.colliders.append(c)
    }

    /// Stores shape `k` of item `i` again after the item changed size: `shape` is in the item's
    /// center-of-mass frame. The item's extent and its proxy's box follow at once (so queries
    /// and the next step's pairs see the new bounds); its contacts stay, and the next collide
    /// measures them against the new shape.
    func replaceCollisionShape(_ k: Int, of i: Int, with shape: Shape) {
        let world = collision
        world.shapes[k] = shape
        switch shape {
        case .polygon(let p):
            world.polygons[k] = p
            world.circles[k] = Circle(radius: 1)
            world.isCircle[k] = false
            var first = Int(world.polygonSpans[k].first)
            if p.count > Int(world.polygonRoom[k]) {
                first = world.polygonPoints.count
                world.polygonPoints.append(contentsOf: repeatElement(Vec2.zero, count: 2 * maxPolygonVertices))
                world.polygonRoom[k] = Int32(maxPolygonVertices)
            }
            for v in 0..<p.count {
                world.polygonPoints[first + v] = p.vertex(v)
                world.polygonPoints[first + p.count + v] = p.normal(v)
            }
            world.polygonSpans[k] = PolygonSpan(first: Int32(first), count: Int32(p.count), radius: p.radius,
                                                boxHalfExtents: p.centeredBoxHalfExtents ?? .zero)
        case .circle(let c):
            world.polygons[k] = .box(width: 1, height: 1)
            world.circles[k] = c
            world.isCircle[k] = true
            world.polygonSpans[k] = PolygonSpan(first: world.polygonSpans[k].first, count: 0, radius: 0)
        }
        world.colliders[i].extent = shape.extent(from: .zero)
        world.colliders[i].minExtent = shape.minExtent
        let proxy = world.shapeProxy[k]
        if proxy >= 0 { world.broadPhase.refitProxy(proxy, shapeBox(k, i, h: 0)) }
    }

    // MARK: Rebuild

    /// Syncs colliders and boundary proxies with the collision behaviors, keeping every contact
    /// whose shapes stay and still collide. Contacts that go away end, and their "ended"
    /// events go to the behaviors that reported them (the state before the change).
    func rebuildCollisions(_ collisions: [CollisionBehavior]) {
        let world = collision
        world.structureDirty = false
        world.materialsDirty = true
        var modes = ContiguousArray<CollisionBehavior.Mode>()
        for b in collisions { modes.append(b.mode) }
        let exact = collisions.count <= 64

        // 1. The new state, computed beside the old one: each item's behavior list (tree
        //    order) and masks, and the boundary segments matched with the existing slots.
        var lists = Array(repeating: [Int32](), count: bodies.count)
        for (k, b) in collisions.enumerated() {
            for item in b.items where Int(item.index) < lists.count {
                let i = Int(item.index)
                if lists[i].last != Int32(k) { lists[i].append(Int32(k)) }
            }
        }
        var masks = Array(repeating: (items: UInt64(0), boundaries: UInt64(0)), count: bodies.count)
        for i in 0..<bodies.count {
            for k in lists[i] {
                if modes[Int(k)].contains(.items) { masks[i].items |= CollisionWorld.bit(Int(k)) }
                if modes[Int(k)].contains(.boundaries) { masks[i].boundaries |= CollisionWorld.bit(Int(k)) }
            }
        }
        var desired: [(owner: CollisionBehavior, id: BoundaryIdentifier?, part: Int, segment: Segment, behavior: Int32)] = []
        for (k, b) in collisions.enumerated() {
            if b.translatesReferenceBoundsIntoBoundary, let loop = referenceBoundsLoop(b.insets) {
                for (n, s) in loop.enumerated() { desired.append((b, nil, n, s, Int32(k))) }
            }
            for boundary in b.boundaries {
                for (n, s) in boundary.segments.enumerated() { desired.append((b, boundary.identifier, n, s, Int32(k))) }
            }
        }
        // Old slot → its behavior in the new state, or −1 when the segment goes away.
        var keptBehavior = Array(repeating: Int32(-1), count: world.segments.count)
        var matchedSlot = Array(repeating: Int32(-1), count: desired.count)
        var cursor = 0
        for (d, want) in desired.enumerated() {
            // Usually the order is unchanged: search from just after the last match, wrapping.
            let n = world.segments.count
            for step in 0..<n {
                let slot = (cursor + step) % n
                guard keptBehavior[slot] < 0, world.segments[slot].proxy >= 0 else { continue }
                let o = world.segmentOwners[slot]
                if o.behavior === want.owner && o.identifier == want.id && o.part == want.part
                    && world.segments[slot].segment == want.segment {
                    keptBehavior[slot] = want.behavior
                    matchedSlot[d] = Int32(slot)
                    cursor = slot + 1
                    break
                }
            }
        }

        // 2. Contacts that the new state does not keep end now, reported by the old state.
        func collidesAfter(_ a: Int32, _ b: Int32) -> Bool {
            if a < 0 && b < 0 { return false }
            if a < 0 || b < 0 {
                let item = Int(world.shapeItem[Int(max(a, b))]), slot = Int(-min(a, b) - 1)
                let k = keptBehavior[slot]
                guard k >= 0, masks[item].boundaries & CollisionWorld.bit(Int(k)) != 0 else { return false }
                return exact || (lists[item].contains(k) && modes[Int(k)].contains(.boundaries))
            }
            let i = Int(world.shapeItem[Int(a)]), j = Int(world.shapeItem[Int(b)])
            if i == j || world.colliders[i].group == Int32(j) || world.colliders[j].group == Int32(i) { return false }
            if bodies[i].invMass == 0 && bodies[j].invMass == 0 { return false }
            guard masks[i].items & masks[j].items != 0 else { return false }
            return exact || lists[i].contains { k in modes[Int(k)].contains(.items) && lists[j].contains(k) }
        }
        var i = 0
        while i < world.contacts.count {
            let c = world.contacts[i]
            if collidesAfter(c.shapeA, c.shapeB) { i += 1 } else { endContact(at: i) }
        }

        // 3. Install the new state: behaviors, lists, proxies.
        world.behaviors = collisions
        world.modes = modes
        world.masksAreExact = exact
        world.groups.removeAll(keepingCapacity: true)
        for i in 0..<bodies.count {
            var c = world.colliders[i]
            let changed = (c.itemsMask, c.boundaryMask) != (masks[i].items, masks[i].boundaries)
            c.groupStart = Int32(world.groups.count)
            c.groupCount = Int32(lists[i].count)
            world.groups.append(contentsOf: lists[i])
            c.itemsMask = masks[i].items
            c.boundaryMask = masks[i].boundaries
            let wanted = !lists[i].isEmpty
            let range = world.itemShapes[i]
            for shape in Int(range.first)..<Int(range.first + range.count) {
                if wanted && !c.hasProxies {
                    world.shapeProxy[shape] = world.broadPhase.createProxy(shapeBox(shape, i, h: 0), userData: Int32(shape))
                    world.broadPhase.setStill(world.shapeProxy[shape], bodies[i].invMass == 0)
                } else if !wanted && c.hasProxies {
                    world.broadPhase.destroyProxy(world.shapeProxy[shape])
                    world.shapeProxy[shape] = -1
                } else if wanted && changed {
                    world.broadPhase.touchProxy(world.shapeProxy[shape])
                }
            }
            c.hasProxies = wanted
            world.colliders[i] = c
        }
        for slot in 0..<world.segments.count where keptBehavior[slot] < 0 && world.segments[slot].proxy >= 0 {
            world.broadPhase.destroyProxy(world.segments[slot].proxy)
            world.segments[slot].proxy = -1
            world.segmentOwners[slot] = SegmentOwner(behavior: nil, identifier: nil, part: 0, serial: -1)
            world.freeSegments.append(Int32(slot))
        }
        // Each boundary keeps its serial while any of its segments stays.
        var serials = Array(repeating: Int32(-1), count: desired.count)
        var first = 0
        while first < desired.count {
            var last = first
            while last + 1 < desired.count && desired[last + 1].owner === desired[first].owner
                    && desired[last + 1].id == desired[first].id { last += 1 }
            var serial: Int32 = -1
            for d in first...last where matchedSlot[d] >= 0 {
                serial = world.segmentOwners[Int(matchedSlot[d])].serial
                break
            }
            if serial < 0 { serial = world.nextSerial; world.nextSerial &+= 1 }
            for d in first...last { serials[d] = serial }
            first = last + 1
        }
        for (d, want) in desired.enumerated() {
            var slot = Int(matchedSlot[d])
            if slot < 0 {
                if let free = world.freeSegments.popLast() {
                    slot = Int(free)
                } else {
                    slot = world.segments.count
                    world.segments.append(BoundarySegment(segment: want.segment, proxy: -1, behavior: 0))
                    world.segmentOwners.append(SegmentOwner(behavior: nil, identifier: nil, part: 0, serial: -1))
                }
                let proxy = world.broadPhase.createProxy(want.segment.aabb, userData: -Int32(slot) - 1, isStatic: true)
                world.segments[slot] = BoundarySegment(segment: want.segment, proxy: proxy, behavior: want.behavior)
            } else if world.segments[slot].behavior != want.behavior {
                world.segments[slot].behavior = want.behavior
                world.broadPhase.touchProxy(world.segments[slot].proxy)
            }
            world.segmentOwners[slot] = SegmentOwner(behavior: want.owner, identifier: want.id, part: want.part,
                                                     serial: serials[d])
        }
    }

    /// The closed loop on the reference bounds inset by `insets`, or nil without bounds (or
    /// when the insets leave no area).
    func referenceBoundsLoop(_ insets: EdgeInsets) -> [Segment]? {
        guard let bounds = referenceBounds else { return nil }
        let x0 = bounds.origin.x + insets.left, y0 = bounds.origin.y + insets.top
        let x1 = bounds.origin.x + bounds.size.x - insets.right, y1 = bounds.origin.y + bounds.size.y - insets.bottom
        guard x1 - x0 > CollisionDefaults.weldDistance, y1 - y0 > CollisionDefaults.weldDistance else { return nil }
        // Clockwise on screen: top, right, bottom, left.
        return [Segment(Vec2(x0, y0), Vec2(x1, y0)), Segment(Vec2(x1, y0), Vec2(x1, y1)),
                Segment(Vec2(x1, y1), Vec2(x0, y1)), Segment(Vec2(x0, y1), Vec2(x0, y0))]
    }

    /// Refreshes the colliders' materials and the contacts' mixed values after a material
    /// rebuild; items that became static or dynamic look for pairs again.
    func refreshCollisionMaterials() {
        let world = collision
        world.materialsDirty = false
        for i in 0..<world.colliders.count {
            let m = records[i].material
            world.colliders[i].friction = m.friction
            world.colliders[i].restitution = m.elasticity
        }
        var i = 0
        while i < world.contacts.count {
            let c = world.contacts[i]
            if !shapesCollide(c.shapeA, c.shapeB) { endContact(at: i); continue }
            let (f, e) = mixedMaterial(c.itemA, c.itemB)
            world.contacts[i].friction = f
            world.contacts[i].restitution = e
            i += 1
        }
        // A pair of static items has no contact; one that became dynamic needs its pairs.
        for shape in 0..<world.shapeProxy.count where world.shapeProxy[shape] >= 0 {
            world.broadPhase.touchProxy(world.shapeProxy[shape])
        }
    }

    /// Friction √(f_A·f_B) and restitution max(e_A, e_B) of two items (−1: a boundary), Box2D's mixing rules.
    func mixedMaterial(_ a: Int32, _ b: Int32) -> (friction: Double, restitution: Double) {
        let cb = collision.colliders[Int(b)]
        let fa = a >= 0 ? collision.colliders[Int(a)].friction : ContactDefaults.boundaryFriction
        let ea = a >= 0 ? collision.colliders[Int(a)].restitution : ContactDefaults.boundaryElasticity
        return ((max(0, fa) * max(0, cb.friction)).squareRoot(), max(ea, cb.restitution))
    }

    /// The pair filter on shapes: boundaries never meet boundaries, nor shapes of one item
    /// each other; an item meets a boundary of a collision behavior it is in (mode with
    /// `.boundaries`), and an item of a behavior it shares (mode with `.items`); two static
    /// items never meet.
    func shapesCollide(_ a: Int32, _ b: Int32) -> Bool {
        let world = collision
        if a < 0 && b < 0 { return false }
        if a < 0 || b < 0 {
            let item = Int(world.shapeItem[Int(max(a, b))]), slot = Int(-min(a, b) - 1)
            return world.colliders[item].hasProxies && world.segments[slot].proxy >= 0
                && world.boundaryCollides(item, segment: slot)
        }
        let i = Int(world.shapeItem[Int(a)]), j = Int(world.shapeItem[Int(b)])
        if i == j || (bodies[i].invMass == 0 && bodies[j].invMass == 0) { return false }
        return world.colliders[i].hasProxies && world.colliders[j].hasProxies && world.itemsCollide(i, j)
    }

    // MARK: Contacts and events

    /// Removes contact `i` (the last contact moves into its place), reporting "ended" if it was
    /// touching; in the collide stage (`countLater`) a counted touch is counted out after the
    /// step's begins (see `CollisionWorld.touchEnds`).
    func endContact(at i: Int, countLater: Bool = false) {
        let c = collision.contacts[i]
        if c.touching {
            if countLater && collision.touchIsCounted(c) {
                collision.endingTouches.append(c)
            } else if collision.touchEnds(c) {
                emitEvent(c, began: false)
            }
        }
        collision.contacts.remove(at: i)
    }

    /// Queues the events of a contact for each collision behavior that reports it.
    func emitEvent(_ c: Contact, began: Bool) {
        let world = collision
        let point = c.reportedPoint ?? .zero
        let item = Int(c.itemB)
        if c.isBoundary {
            let slot = Int(-c.shapeA - 1)
            guard let owner = world.segmentOwners[slot].behavior else { return }
            if (began ? owner.onBegan : owner.onEnded) == nil { return }
            let contact = CollisionContact(item: ItemID(index: Int32(item)), other: nil,
                                           boundary: world.segmentOwners[slot].identifier, isBoundary: true, point: point)
            if began { world.began.append(PendingContactEvent(behavior: owner, contact: contact)) }
            else { world.ended.append(PendingContactEvent(behavior: owner, contact: contact)) }
            return
        }
        let a = Int(c.itemA)
        var k: Int32 = -1
        while let next = world.firstSharedItemsBehavior(a, item, after: k) {
            k = next
            guard Int(k) < world.behaviors.count else { break }
            let owner = world.behaviors[Int(k)]
            if (began ? owner.onBegan : owner.onEnded) == nil { continue }
            let contact = CollisionContact(item: ItemID(index: Int32(a)), other: ItemID(index: Int32(item)),
                                           boundary: nil, isBoundary: false, point: point)
            if began { world.began.append(PendingContactEvent(behavior: owner, contact: contact)) }
            else { world.ended.append(PendingContactEvent(behavior: owner, contact: contact)) }
        }
    }

    /// Calls the handlers of the step's contact events: all "began", then all "ended".
    func deliverContactEvents() {
        let world = collision
        if world.began.isEmpty && world.ended.isEmpty { return }
        var began: [PendingContactEvent] = []
        var ended: [PendingContactEvent] = []
        swap(&began, &world.began)
        swap(&ended, &world.ended)
        for e in began { e.behavior.onBegan?(e.contact) }
        for e in ended { e.behavior.onEnded?(e.contact) }
        // Hand the buffers back (emptied, capacity kept) unless a handler queued new events.
        began.removeAll(keepingCapacity: true)
        ended.removeAll(keepingCapacity: true)
        if world.began.isEmpty { swap(&began, &world.began) }
        if world.ended.isEmpty { swap(&ended, &world.ended) }
    }

    // MARK: The collide stage

    /// How far an item may travel during a step of `h` seconds, from its velocities (pt).
    @inline(__always)
    func motionMargin(_ b: BodyState, extent: Double, h: Double) -> Double {
        b.velocity.length * h + min(abs(b.angularVelocity) * h, 2) * extent
    }

    /// A shape's box now, grown to hold where its item's velocity takes it in `h` seconds.
    func shapeBox(_ shape: Int, _ item: Int, h: Double) -> AABB {
        let b = bodies[item]
        let xf = Transform(p: b.center, q: b.rotation)
        let world = collision
        let box = world.isCircle[shape] ? world.circles[shape].aabb(xf)
            : world.polygonPoints.withUnsafeBufferPointer { p in world.polygonSpans[shape].view(p).aabb(xf) }
        return swept(box, b, extent: world.colliders[item].extent, h: h)
    }

    /// `box` stretched along the body's motion over `h` seconds and grown by how far its spin
    /// can carry a point of the shape.
    @inline(__always)
    func swept(_ box: AABB, _ b: BodyState, extent: Double, h: Double) -> AABB {
        var box = box
        let d = b.velocity * h
        if d.x < 0 { box.lower.x += d.x } else { box.upper.x += d.x }
        if d.y < 0 { box.lower.y += d.y } else { box.upper.y += d.y }
        let spin = min(abs(b.angularVelocity) * h, 2) * extent
        return spin > 0 ? box.fattened(by: spin) : box
    }

    /// Moves the proxies, creates contacts for new pairs, and updates every contact's manifold
    /// with a speculative distance covering both shapes' motion over the step, so the solver
    /// can stop fast items at the surface. Contacts whose fat boxes separated are destroyed.
    func collide(_ h: Double) {
        let world = collision
        // 0. Each item's placement and how far it may move over the step, once per item rather
        // than once per contact (the same values: margin = base + m_B + m_A).
        var placements = ContiguousArray<BodyPlacement>()
        swap(&placements, &world.placements)
        defer { swap(&placements, &world.placements) }
        // The pass's arrays, taken once (see `CollideBuffers`); the placements once built.
        // Only awake items are placed and moved: a sleeping item keeps the placement it fell
        // asleep with (`Animator+Sleep`), and its proxy stays in its fat box.
        let buffers = CollideBuffers(bodies: bodies, world: world)
        refreshAwakeItems()
        let awake = sleep.awakeItems.stepReadBuffer() // not resized by the pass (see `StepBuffers.swift`)
        sleep.itemVisits += 2 * awake.count
        func placement(_ i: Int) -> BodyPlacement {
            let b = buffers.bodies[i]
            return BodyPlacement(transform: Transform(p: b.center, q: b.rotation),
                                 margin: motionMargin(b, extent: buffers.colliders[i].extent, h: h))
        }
        if placements.count != buffers.bodies.count { // items were added: every placement afresh
            placements.removeAll(keepingCapacity: true)
            for i in 0..<buffers.bodies.count { placements.append(placement(i)) }
        } else {
            let all = placements.stepBuffer()
            for k in 0..<awake.count { all[Int(awake[k])] = placement(Int(awake[k])) }
        }
        let placed = placements.stepReadBuffer()
        // 1. Proxies follow their items (a proxy is re-inserted only when it leaves its fat box).
        //    Moved as their boxes are made: the broadphase's tree is none of the arrays the
        //    buffers point into.
        let shapes = buffers.shapes
        let itemShapes = world.itemShapes.stepReadBuffer() // not resized by the pass
        for k in 0..<awake.count {
            let i = Int(awake[k])
            let range = itemShapes[i]
            for s in Int(range.first)..<Int(range.first + range.count) where buffers.proxies[s] >= 0 {
                let b = buffers.bodies[i]
                let xf = placed[i].transform
                let box = shapes.isCircle[s] ? shapes.circles[s].aabb(xf) : shapes.spans[s].aabb(xf, shapes.points)
                world.broadPhase.moveProxy(buffers.proxies[s], swept(box, b, extent: buffers.colliders[i].extent, h: h),
                                           displacement: b.velocity * h)
            }
        }
        // 2. New pairs become contacts (sorted by pair key).
        // (The filter is a non-escaping closure: it captures `self` without a retain. An
        // `unowned` capture cost five reference-count calls a step.)
        // Pairs past `contactLimit` are refused (one comparison per new pair).
        var room = contactLimit - world.contacts.count
        var refused = false
        world.broadPhase.updatePairs(into: &world.pairs) { pair in
            if world.contacts.position(of: pair.key) != nil { return false }
            guard shapesCollide(pair.userDataA, pair.userDataB) else { return false }
            if room <= 0 { refused = true; return false }
            room -= 1
            return true
        }
        if refused { contactLimitReached = true }
        for pair in world.pairs {
            // A boundary is shape A; between items, the item created first (then the shape).
            var a = pair.userDataA, b = pair.userDataB
            if a >= 0 && (b < 0 || b < a) { swap(&a, &b) }
            let itemA = a >= 0 ? world.shapeItem[Int(a)] : -1, itemB = world.shapeItem[Int(b)]
            let (f, e) = mixedMaterial(itemA, itemB)
            world.contacts.append(Contact(key: pair.key, shapeA: a, shapeB: b, itemA: itemA, itemB: itemB,
                                          friction: f, restitution: e))
        }
        // 3. Contacts whose fat boxes separated go away. (A sleeping contact's proxies did not
        //    move: its items sleep, or are boundaries or still items.)
        //    The tree's nodes are read through a pointer taken once: nothing here changes the
        //    broadphase (an ended contact changes the contacts and the events only), and a
        //    contact's proxies are leaves while it lives (a proxy's contacts end before it goes).
        sleep.contactVisits += 2 * world.contacts.awakeCount
        let nodes = world.broadPhase.tree.nodes.stepReadBuffer()
        var i = 0
        while i < world.contacts.awakeCount {
            let key = world.contacts[i].key
            let proxyA = Int(key >> 32), proxyB = Int(key & 0xFFFF_FFFF)
            precondition(proxyA < nodes.count && proxyB < nodes.count, "a contact's proxy is out of the tree")
            if nodes[proxyA].aabb.overlaps(nodes[proxyB].aabb) { i += 1 } else { endContact(at: i, countLater: true) }
        }
        // 4. Narrowphase, in place. (Buffers are taken once: every access to a class's
        //    stored array inside the loop would pay a dynamic exclusivity check.)
        world.beganContacts.clearKeepingCapacity()
        let touchingDistance = ContactDefaults.touchingDistance
        let base = CollisionDefaults.speculativeDistance
        let segments = buffers.segments
        let asleep = sleep.asleep.stepReadBuffer() // not resized by the pass (see `StepBuffers.swift`)
        let anyAsleep = sleep.sleepingCount > 0
        let awakeContacts = world.contacts.awakeCount
        world.contacts.withUnsafeMutableBufferPointer { contacts in
            for i in 0..<awakeContacts {
                let shapeA = contacts[i].shapeA
                let sb = Int(contacts[i].shapeB), ib = Int(contacts[i].itemB)
                // Nothing moved between sleeping items, or a sleeping item and a boundary: the
                // manifold stands. (Static items are measured: a script may have moved one.)
                if anyAsleep && asleep[ib] && (shapeA < 0 || asleep[Int(contacts[i].itemA)]) { continue }
                let xfB = placed[ib].transform
                var margin = base + placed[ib].margin
                let manifold: Manifold
                if shapeA < 0 {
                    let segment = segments[Int(-shapeA - 1)].segment
                    manifold = shapes.isCircle[sb]
                        ? collideSegmentAndCircle(segment, shapes.circles[sb], xfB, speculativeDistance: margin)
                        : collideSegmentAndPolygon(segment, shapes.polygon(sb), xfB, speculativeDistance: margin)
                } else {
                    let ia = Int(contacts[i].itemA)
                    margin += placed[ia].margin
                    manifold = shapes.collide(Int(shapeA), placed[ia].transform, sb, xfB, margin)
                }
                let wasTouching = contacts[i].touching
                let touching = manifold.pointCount > 0 && manifold.minSeparation <= touchingDistance
                if wasTouching && !touching {
                    // With the last point it had; a counted touch after the step's begins.
                    if world.touchIsCounted(contacts[i]) {
                        world.endingTouches.append(contacts[i])
                    } else if world.touchEnds(contacts[i]) {
                        emitEvent(contacts[i], began: false)
                    }
                }
                contacts[i].update(manifold)
                contacts[i].touching = touching
                if touching && !wasTouching && world.touchBegins(contacts[i]) { world.beganContacts.append(Int32(i)) }
            }
        }
        if !world.endingTouches.isEmpty {
            for c in world.endingTouches where world.touchEnds(c) { emitEvent(c, began: false) }
            world.endingTouches.removeAll(keepingCapacity: true)
        }
    }

    /// After the solve: the "began" events of the step, each with the point that took the
    /// largest normal impulse.
    func emitBeganEvents() {
        let world = collision
        for k in 0..<world.beganContacts.count {
            emitEvent(world.contacts[Int(world.beganContacts[k])], began: true)
        }
        world.beganContacts.clearKeepingCapacity()
    }
}

extension PolygonSpan {
    /// A view of the span's polygon in `points` (`CollisionWorld.polygonPoints`).
    @inline(__always)
    func view(_ points: UnsafeBufferPointer<Vec2>) -> PolygonView {
        let n = Int(count), start = Int(first)
        precondition(start >= 0 && start + 2 * n <= points.count, "polygon span out of the shape storage")
        let base = points.baseAddress! + start
        return PolygonView(vertices: base, normals: base + n, count: n, radius: radius)
    }
}

/// An item's transform and how far its shapes may move over the step (pt), for the narrowphase.
struct BodyPlacement {
    var transform: Transform
    var margin: Double
}

/// The item shapes split by kind, read in place by the narrowphase (see `CollisionWorld`).
struct ShapeBuffers {
    let polygons: UnsafePointer<Polygon>
    let points: UnsafeBufferPointer<Vec2>
    let spans: UnsafePointer<PolygonSpan>
    let circles: UnsafePointer<Circle>
    let isCircle: UnsafePointer<Bool>

    /// Shape i's polygon, from the compact storage.
    @inline(__always)
    func polygon(_ i: Int) -> PolygonView { spans[i].view(points) }

    /// The manifold of two item shapes, dispatched by kind to Geometry's pairwise functions.
    @inline(__always)
    func collide(_ ia: Int, _ xfA: Transform, _ ib: Int, _ xfB: Transform, _ margin: Double) -> Manifold {
        switch (isCircle[ia], isCircle[ib]) {
        case (false, false):
            let halfA = spans[ia].boxHalfExtents, halfB = spans[ib].boxHalfExtents
            if halfA.x > 0 && halfB.x > 0 {
                return collideBoxes(polygon(ia), halfA, xfA, polygon(ib), halfB, xfB, speculativeDistance: margin)
            }
            return collidePolygons(polygon(ia), xfA, polygon(ib), xfB, speculativeDistance: margin)
        case (false, true):
            return collidePolygonAndCircle(polygons[ia], xfA, circles[ib], xfB, speculativeDistance: margin)
        case (true, false):
            return collidePolygonAndCircle(polygons[ib], xfB, circles[ia], xfA, speculativeDistance: margin).swapped
        case (true, true):
            return collideCircles(circles[ia], xfA, circles[ib], xfB, speculativeDistance: margin)
        }
    }
}

extension Animator {
    /// The number of live contacts (pairs whose fat boxes overlap).
    public var contactCount: Int { collision.contacts.count }
    /// The number of contacts whose shapes touch.
    public var touchingContactCount: Int {
        var n = 0
        for c in collision.contacts.contacts where c.touching { n += 1 }
        return n
    }
}
