import Dynamics

/// Rest as it is observed (frames tell the truth; ARCHITECTURE.md): the scene is at rest
/// once, for at least 0.1 s of steps, no item moved faster than 1.2 pt/s (its center's
/// distance per step over the step's time; its size likewise), turned faster than 0.12 rad/s
/// or changed a visual value faster than 0.12 per second, and nothing was pending around
/// those steps (an animation running, a timer or input waiting, the scene changed between
/// steps — a REPL statement that turns gravity round wakes the animator). Both are a speed
/// and a time, so rest is the same at every step rate (a per-step distance was 1.2 pt/s at
/// 120 Hz but 0.6 pt/s at 60 Hz; at 120 Hz the limits are the old 0.01 pt, 0.001 rad and
/// 0.001 a step). What moves the items does not matter: physics, a behavior's `action`, a
/// handler, an animation. An `action` that moves nothing does not keep the scene awake.
///
/// `run` without a duration, `runUntilRest`, the `rest` metric of sweeps, fits and traces,
/// and the REPL's and viewer's `:set` all read this one rule through `Stage.isSettled`.
/// The Dynamics animator's own pause (UIKit's `onPause`: every body below 1 pt/s for 0.5 s,
/// never while an action-only composite or a continuous push is in the tree) is a separate
/// thing: it stops stepping the physics; it does not decide when the scene is at rest.
struct RestObserver {
    /// The speeds below which nothing counts as moving: pt/s (a center, a size), rad/s, and
    /// a visual value's units per second.
    static let speed = 1.2
    static let angularSpeed = 0.12
    static let visualSpeed = 0.12
    /// How long nothing may move or wait before the scene is at rest (s).
    static let duration = 0.1

    /// Steps of `duration` at `hz` (at least one): the first whole step count that lasts
    /// `duration` or longer.
    let requiredSteps: Int
    /// The limits of one step's change at `hz`: `speed / hz` (squared for a center's and a
    /// size's distance), `angularSpeed / hz`, `visualSpeed / hz`.
    private let distanceSquared: Double
    private let angleLimit: Double
    private let visualLimit: Double
    /// The visual values compared each step, read directly (a key path per value and item
    /// would cost more than the rest of the comparison): `ItemField.all`'s, which `init`
    /// checks.
    static let visualFields = ["alpha", "scale", "cornerRadius"]
    /// Per item: center x, y, angle, width, height, alpha, scale, corner radius, at the last
    /// step.
    private var last: ContiguousArray<Double> = []
    private let stride = 8
    /// Consecutive steps (up to now) in which nothing moved, and at whose end nothing waited.
    private(set) var stillSteps = 0
    private(set) var idleSteps = 0

    init(hz: Int) {
        requiredSteps = max(1, Int((Self.duration * Double(hz) - 1e-9).rounded(.up)))
        let dt = 1 / Double(hz)
        distanceSquared = (Self.speed * dt) * (Self.speed * dt)
        angleLimit = Self.angularSpeed * dt
        visualLimit = Self.visualSpeed * dt
        assert(ItemField.all.filter { $0.visual != nil }.map(\.name) == Self.visualFields,
               "a new visual item property: compare it in RestObserver.observe too")
    }

    /// Whether the last `requiredSteps` steps saw no motion and nothing pending at their end.
    var isQuiet: Bool { stillSteps >= requiredSteps && idleSteps >= requiredSteps }
    /// Whether something moved within the last `requiredSteps` steps.
    var sawMotion: Bool { stillSteps < requiredSteps }

    /// Takes one completed step into account: compares every item with the last step.
    /// - Complexity: O(items).
    mutating func observe(_ animator: Animator, pending: Bool) {
        idleSteps = pending ? 0 : idleSteps + 1
        let n = animator.itemCount
        let width = stride
        let distanceSquared = distanceSquared, angleLimit = angleLimit, visualLimit = visualLimit
        var moved = last.count != n * width
        if moved { last = ContiguousArray(repeating: .nan, count: n * width) }
        last.withUnsafeMutableBufferPointer { last in
            animator.bodies.withUnsafeBufferPointer { bodies in
                animator.records.withUnsafeBufferPointer { records in
                    for i in 0..<n {
                        let k = i * width
                        // The body's center of mass moves with the item's center (a turn about
                        // the center is caught by the angle).
                        let c = bodies[i].center, a = bodies[i].angle, size = records[i].size
                        let alpha = records[i].alpha, scale = records[i].scale, corner = records[i].cornerRadius
                        // Distances, not each axis: a step of 0.008 pt along x and along y moved
                        // 0.011 pt. (A NaN from a first step compares false: `moved` is set then.)
                        let dx = c.x - last[k], dy = c.y - last[k + 1]
                        let dw = size.x - last[k + 3], dh = size.y - last[k + 4]
                        if dx * dx + dy * dy > distanceSquared || dw * dw + dh * dh > distanceSquared
                            || abs(a - last[k + 2]) > angleLimit
                            || abs(alpha - last[k + 5]) > visualLimit || abs(scale - last[k + 6]) > visualLimit
                            || abs(corner - last[k + 7]) > visualLimit {
                            moved = true
                        }
                        last[k] = c.x; last[k + 1] = c.y; last[k + 2] = a
                        last[k + 3] = size.x; last[k + 4] = size.y
                        last[k + 5] = alpha; last[k + 6] = scale; last[k + 7] = corner
                    }
                }
            }
        }
        stillSteps = moved ? 0 : stillSteps + 1
    }
}
