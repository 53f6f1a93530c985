/// Graph colouring of the contacts (Box2D v3's constraint graph), recomputed each step:
/// every contact with manifold points gets the lowest colour in which neither of its
/// dynamic bodies appears yet; static bodies (boundaries, anchored items) do not count, and
/// contacts with a static body skip colour 0. What does not fit in the 11 colours goes to
/// an overflow colour solved last.
///
/// The solver then visits the contacts colour by colour. Within a colour no body appears
/// twice, so the Gauss–Seidel sweep behaves like Box2D's (red–black-like ordering): in a
/// stack, alternate contacts are solved first, which keeps a tall stack from creeping
/// sideways (measured on stack-10: 2.3 pt of drift in creation order, 0.1 pt coloured).
/// It is also what would let a colour be solved in parallel or in SIMD bundles.
///
/// Each body keeps a mask of the colours it is in (bit c: colour c), reused between steps: a
/// contact's colour is the lowest bit clear in both its bodies' masks, found in a few
/// instructions (the first version kept a bit set of bodies per colour and tried the colours
/// one by one, two memory reads per colour tried: 3 % of pyramid-20's step).
struct ContactGraph {
    /// Colours with a body set, plus the overflow colour (the last index).
    static let colorCount = 12
    static let overflow = colorCount - 1
    /// The colours a dynamic body can take: 0 ..< overflow.
    private static let colorBits: UInt16 = (1 << UInt16(overflow)) - 1

    /// The colours each body is in (a body index's entry; static bodies stay 0).
    private var bodyColors: ContiguousArray<UInt16> = []
    /// Contacts per colour in the last colouring (empty before the first: an unused graph,
    /// such as the placeholder the step swaps in for the animator's, allocates nothing).
    private(set) var counts = ContiguousArray<Int>()

    /// Empties every colour for `bodyCount` bodies.
    mutating func reset(bodyCount: Int) {
        if bodyColors.count != bodyCount {
            bodyColors = ContiguousArray(repeating: 0, count: bodyCount)
        } else if counts.contains(where: { $0 > 0 }) {
            // Masks are set only by contacts, which count: after a colouring of none (a scene
            // of joints only, such as springs-10000) they are still clear, and the fill is skipped.
            bodyColors.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        }
        if counts.count != Self.colorCount { counts = ContiguousArray(repeating: 0, count: Self.colorCount) }
        for c in 0..<Self.colorCount { counts[c] = 0 }
    }

    /// `body` with the colouring's arrays held as buffers for the whole loop (one uniqueness
    /// check, not one per contact and array).
    @inline(__always)
    mutating func coloring<Result>(_ body: (Coloring) -> Result) -> Result {
        bodyColors.withUnsafeMutableBufferPointer { colors in
            counts.withUnsafeMutableBufferPointer { counts in
                body(Coloring(colors: colors, counts: counts))
            }
        }
    }

    /// The colouring in progress (valid inside `coloring`).
    struct Coloring {
        let colors: UnsafeMutableBufferPointer<UInt16>
        let counts: UnsafeMutableBufferPointer<Int>

        /// The colour of a contact between bodies `a` and `b` (−1 or `isStatic` for static ones).
        @inline(__always)
        func assign(_ a: Int, staticA: Bool, _ b: Int, staticB: Bool) -> Int {
            let color = find(a, staticA: staticA, b, staticB: staticB)
            counts[color] += 1
            return color
        }

        /// The lowest colour neither dynamic body is in; no static contacts in colour 0 (Box2D:
        /// they then follow the dynamic ones); the overflow colour when all are taken.
        @inline(__always)
        private func find(_ a: Int, staticA: Bool, _ b: Int, staticB: Bool) -> Int {
            let dynamicA = !staticA && a >= 0, dynamicB = !staticB && b >= 0
            if dynamicA && dynamicB {
                let free = ~(colors[a] | colors[b]) & ContactGraph.colorBits
                if free == 0 { return ContactGraph.overflow }
                let c = free.trailingZeroBitCount
                colors[a] |= 1 << UInt16(c)
                colors[b] |= 1 << UInt16(c)
                return c
            } else if dynamicA || dynamicB {
                let i = dynamicA ? a : b
                let free = ~(colors[i] | 1) & ContactGraph.colorBits
                if free == 0 { return ContactGraph.overflow }
                let c = free.trailingZeroBitCount
                colors[i] |= 1 << UInt16(c)
                return c
            }
            return ContactGraph.overflow
        }
    }
}
