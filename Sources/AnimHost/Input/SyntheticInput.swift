import Glibc
import Dynamics

/// One entry of a scripted input timeline (`animhost.input{…}`, `scene:tap`, REPL `:pan`).
public enum SyntheticInput: Sendable, Equatable {
    /// Touches down at `at` and lifts one step later at the same point.
    case tap(at: Double, point: Vec2)
    /// Touches down at `from` at `at`, moves along `path` (or straight to `to`) with one
    /// sample per step, the last at `to` at `at + duration`, and lifts there at that time: as
    /// in UIKit, `ended` carries the last move's location and adds no move of its own.
    case pan(at: Double, from: Vec2, to: Vec2, duration: Double, path: [Vec2])
    /// Two fingers down at `at`, `from` pt apart on a line through `center` at `angle`
    /// radians (0: side by side), moving apart (or together) at constant speed to `to` pt
    /// apart, one sample each per step; both lift where they are at `at + duration`.
    case pinch(at: Double, center: Vec2, from: Double, to: Double, angle: Double, duration: Double)
    /// Raw samples, with times already absolute.
    case touches([TouchEvent])

    /// How many touch ids the entry uses, from `touchID` up.
    public var fingerCount: Int {
        if case .pinch = self { 2 } else { 1 }
    }

    /// The touch samples this entry produces, for a clock of `hz` steps per second.
    /// `touchID` identifies the finger (distinct per entry).
    public func events(hz: Int, touchID: Int) -> [TouchEvent] {
        let h = 1 / Double(hz)
        switch self {
        case .tap(let at, let p):
            return [TouchEvent(time: at, touch: touchID, phase: .began, location: p),
                    TouchEvent(time: at + h, touch: touchID, phase: .ended, location: p)]
        case .pan(let at, let from, let to, let duration, let path):
            let points = [from] + path + [to]
            var events = [TouchEvent(time: at, touch: touchID, phase: .began, location: from)]
            let steps = Int(Self.moveCount(duration: duration, hz: hz))
            for k in 1...steps {
                let f = Double(k) / Double(steps)
                let p = Self.point(along: points, fraction: f)
                events.append(TouchEvent(time: at + duration * f, touch: touchID, phase: .moved, location: p))
            }
            var lift = events[events.count - 1]
            lift.phase = .ended
            events.append(lift)
            return events
        case .pinch(let at, let center, let from, let to, let angle, let duration):
            let direction = Vec2(cos(angle), sin(angle)) * 0.5
            /// Both fingers at time `t`, `d` pt apart.
            func fingers(_ t: Double, _ phase: TouchPhase, _ d: Double) -> [TouchEvent] {
                [TouchEvent(time: t, touch: touchID, phase: phase, location: center - direction * d),
                 TouchEvent(time: t, touch: touchID + 1, phase: phase, location: center + direction * d)]
            }
            var events = fingers(at, .began, from)
            let steps = Int(Self.moveCount(duration: duration, hz: hz))
            for k in 1...steps {
                let f = Double(k) / Double(steps)
                events += fingers(at + duration * f, .moved, from + (to - from) * f)
            }
            return events + fingers(at + duration, .ended, to)
        case .touches(let list):
            return list
        }
    }

    /// How many samples `events(hz:touchID:)` makes, computed without making them (a pan of
    /// 1e6 s is 1.2·10⁸ samples at 120 Hz: counted against the memory cap first).
    public func sampleCount(hz: Int) -> Double {
        switch self {
        case .tap: 2
        case .pan(_, _, _, let duration, _): 2 + Self.moveCount(duration: duration, hz: hz)
        case .pinch(_, _, _, _, _, let duration): 4 + 2 * Self.moveCount(duration: duration, hz: hz)
        case .touches(let list): Double(list.count)
        }
    }

    /// A pan's moves: one per step, at least one.
    private static func moveCount(duration: Double, hz: Int) -> Double {
        max(1, (duration * Double(hz)).rounded())
    }

    /// The point a fraction of the way along a polyline, by arc length.
    static func point(along points: [Vec2], fraction: Double) -> Vec2 {
        var total = 0.0
        for i in 1..<points.count { total += (points[i] - points[i - 1]).length }
        guard total > 0 else { return points.last! }
        var remaining = fraction * total
        for i in 1..<points.count {
            let seg = (points[i] - points[i - 1]).length
            if remaining <= seg || i == points.count - 1 {
                let f = seg > 0 ? min(1, remaining / seg) : 1
                return points[i - 1] + (points[i] - points[i - 1]) * f
            }
            remaining -= seg
        }
        return points.last!
    }
}
