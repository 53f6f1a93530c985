import Vectors

/// Motion (framer-motion)'s pan velocity, `getVelocity(history, 0.1)` in its PanSession:
/// the history is the pointer-down point and every move (the up adds none). From the newest
/// point back it takes the first one more than 100 ms older (or the down point when none
/// is), and the velocity is the displacement to the newest over that time. When that is the
/// down point, the history has more than two points and the down lies more than 200 ms back,
/// the point after it is used instead (a stale down must not dilute a hold-then-flick).
/// There is no stopped-finger rule: a finger held still before lifting sends no moves, and
/// the release velocity is that of its last 100 ms of motion.
enum WebVelocity {
    static func estimate(_ h: TouchHistory) -> Vec2 {
        guard h.added >= 2, let last = h.newest else { return .zero }
        let window = 0.1
        var k = h.count - 1
        for back in 0..<h.count where last.time - h[back: back].time > window + VelocityEstimator.slack {
            k = back
            break
        }
        var chosen = h[back: k]
        let isDown = h.count == h.added && k == h.count - 1
        if isDown, h.added > 2, last.time - chosen.time > 2 * window + VelocityEstimator.slack, let next = h.afterDown {
            chosen = next
        }
        let dt = last.time - chosen.time
        guard dt > 0 else { return .zero }
        return (last.location - chosen.location) / dt
    }
}
