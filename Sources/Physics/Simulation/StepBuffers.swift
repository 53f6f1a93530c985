// The step's arrays as pointers, taken once per phase of the step instead of through nested
// `withUnsafe…` closures (Swift's closures nest one level per array: seven to nine deep in the
// narrowphase and the substeps, and the same arrays were opened twice).
//
// The one invariant, audited at every place a handle below is made: while a handle lives,
// none of the arrays it points into is resized, reassigned, copied-then-written or
// deallocated; their elements are read and written only through the handle. The arrays
// stay owned where they were (the animator, its collision world, the solver scratch, or a
// local that outlives the handle), so the storage the pointers address stays alive. A handle
// is a plain struct of pointers and counts: it never outlives the function that made it.

extension ContiguousArray {
    /// The elements, for a step handle: valid while the array is neither resized nor written
    /// other than through the returned buffer (see the invariant above). The array is made
    /// unique first, as `withUnsafeMutableBufferPointer` does, so the writes reach its storage.
    @inline(__always)
    mutating func stepBuffer() -> UnsafeMutableBufferPointer<Element> {
        withUnsafeMutableBufferPointer { $0 }
    }

    /// `stepBuffer()` for an array that is often empty (the joints of a scene without joints,
    /// the field samples of one without fields): an empty array's storage may be the shared
    /// empty one, which is never unique, so making it unique calls out to make a new one
    /// (~70 instructions a step).
    @inline(__always)
    mutating func stepBufferOrEmpty() -> UnsafeMutableBufferPointer<Element> {
        if isEmpty { return UnsafeMutableBufferPointer(start: nil, count: 0) }
        return withUnsafeMutableBufferPointer { $0 }
    }

    /// Gives the array `count` elements, keeping its capacity, for a caller that then writes
    /// every one of them: nothing is done when it has that many already (the usual step: as
    /// many contacts as the last one), else it is emptied and filled with `value`.
    /// (`removeAll` and `append(contentsOf:)` cost ~200 instructions together even for a few
    /// elements, and a fill is not needed when every element is written.)
    @inline(__always)
    mutating func resize(to count: Int, filling value: Element) {
        if self.count != count {
            removeAll(keepingCapacity: true)
            append(contentsOf: repeatElement(value, count: count))
        }
    }

    /// Empties the array, keeping its capacity, when it holds anything: the step clears a few
    /// buffers that are usually empty already, and `removeAll(keepingCapacity:)` is a call to
    /// `replaceSubrange` and a uniqueness check (~60 instructions) even then.
    @inline(__always)
    mutating func clearKeepingCapacity() {
        if !isEmpty { removeAll(keepingCapacity: true) }
    }

    /// The elements, read only, for a step handle: valid while the array is neither resized
    /// nor written (see the invariant above).
    @inline(__always)
    func stepReadBuffer() -> UnsafeBufferPointer<Element> {
        withUnsafeBufferPointer { $0 }
    }
}

/// What the collide pass reads: the bodies, the collision world's per-item and per-shape
/// arrays and its boundary segments. Taken once per `collide` (nothing in the pass resizes
/// these arrays: new pairs and ended contacts change only `contacts`, which the narrowphase
/// opens on its own, and the proxy moves change only the broadphase).
struct CollideBuffers {
    let bodies: UnsafeBufferPointer<BodyState>
    let colliders: UnsafeBufferPointer<Collider>
    /// Each shape's broadphase proxy (−1: none) and item.
    let proxies: UnsafeBufferPointer<Int32>
    let items: UnsafeBufferPointer<Int32>
    let segments: UnsafeBufferPointer<BoundarySegment>
    let shapes: ShapeBuffers

    init(bodies: ContiguousArray<BodyState>, world: CollisionWorld) {
        self.bodies = bodies.stepReadBuffer()
        colliders = world.colliders.stepReadBuffer()
        proxies = world.shapeProxy.stepReadBuffer()
        items = world.shapeItem.stepReadBuffer()
        segments = world.segments.stepReadBuffer()
        let circles = world.circles.stepReadBuffer(), isCircle = world.isCircle.stepReadBuffer()
        precondition(proxies.count == items.count && circles.count == items.count && isCircle.count == items.count,
                     "collision shape arrays out of step")
        shapes = ShapeBuffers(polygons: world.polygons.stepReadBuffer().baseAddress!,
                              points: world.polygonPoints.stepReadBuffer(),
                              spans: world.polygonSpans.stepReadBuffer().baseAddress!,
                              circles: circles.baseAddress!, isCircle: isCircle.baseAddress!)
    }
}

/// What the substeps read and write: the solver bodies and their motion, the joints in solver
/// form, the step's contact constraints, the field samples, the moving anchors and the stored
/// contacts (for the impulses kept). Taken once per step after the constraints are prepared;
/// the substeps resize none of these arrays (nor the animator's `joints` and `bodies`, which
/// the step takes the same way).
struct SubstepBuffers {
    let states: UnsafeMutableBufferPointer<SolverBody>
    let motion: UnsafeMutableBufferPointer<SolverMotion>
    /// The joints in solver form (index k for the animator's `joints[k]`).
    let constraints: UnsafeMutableBufferPointer<JointConstraint>
    /// The step's contact constraints (`contactCount` of them).
    let contacts: UnsafeMutableBufferPointer<ContactConstraint>
    let samples: UnsafeMutableBufferPointer<FieldSample>
    let movingAnchors: UnsafeBufferPointer<Int32>
    let stored: UnsafeMutableBufferPointer<Contact>
    /// The bundles and batches of the contact passes.
    let lanes: ContactBatches.Buffers

    init(_ scratch: inout SolverScratch, joints: UnsafeMutableBufferPointer<Joint>,
         samples: inout ContiguousArray<FieldSample>, stored: UnsafeMutableBufferPointer<Contact>) {
        states = scratch.states.stepBuffer()
        motion = scratch.motion.stepBuffer()
        constraints = scratch.joints.stepBufferOrEmpty()
        precondition(constraints.count == joints.count, "joint constraints out of step")
        let allContacts = scratch.contacts.stepBuffer()
        contacts = UnsafeMutableBufferPointer(rebasing: allContacts[0..<scratch.contactCount])
        self.samples = samples.stepBufferOrEmpty()
        movingAnchors = scratch.movingAnchors.stepReadBuffer()
        self.stored = stored
        lanes = scratch.batches.stepBuffers()
    }
}
