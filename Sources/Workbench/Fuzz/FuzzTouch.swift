import AnimHost
import Dynamics

/// One generated finger: down at `start` at `from`, then a sample at each of `path`'s points
/// (times after the down, points relative to `from`), up at the last. A tap's path is one
/// point where it went down; a long press's a few within a point or two.
///
/// `anchor` names an item: the finger goes down on that item wherever it is at `start`
/// (`from` is then the offset from its center), so a touch catches a moving item. A run
/// resolves anchors to points (`resolved(at:)`), and what it writes and shrinks is resolved.
public struct FuzzTouch: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case tap
        case longPress = "long press"
        case drag = "slow drag"
        case flick
    }
    public var kind: Kind
    public var id: Int
    public var start: Double
    public var from: Vec2
    public var anchor: String?
    public var path: [(t: Double, p: Vec2)]
    /// With an anchor: the finger goes down on whichever item moves fastest at `start` (at
    /// 50 pt/s or more; else on the anchor), at the same place relative to its size — the
    /// interruptions the fuzz is for, aimed at what is in flight.
    public var catchesMoving = false

    public static func == (a: FuzzTouch, b: FuzzTouch) -> Bool {
        a.kind == b.kind && a.id == b.id && a.start == b.start && a.from == b.from && a.anchor == b.anchor
            && a.catchesMoving == b.catchesMoving
            && a.path.count == b.path.count && zip(a.path, b.path).allSatisfy { $0.t == $1.t && $0.p == $1.p }
    }

    /// When the finger lifts.
    public var end: Double { start + (path.last?.t ?? 0) }

    /// The touch with its anchor resolved: down at `center` + `from`.
    func resolved(at center: Vec2) -> FuzzTouch {
        var r = self
        r.from = FuzzTouch.round(center + from)
        r.anchor = nil
        r.catchesMoving = false
        return r
    }

    /// Its samples: began, moved at each path point but the last, ended at the last.
    public var events: [TouchEvent] {
        var out = [TouchEvent(time: start, touch: id, phase: .began, location: from)]
        for (k, s) in path.enumerated() {
            out.append(
                TouchEvent(
                    time: FuzzTouch.roundTime(start + s.t), touch: id,
                    phase: k == path.count - 1 ? .ended : .moved, location: from + s.p))
        }
        return out
    }

    /// The samples of several touches in time order (a stable sort: a touch's own order kept).
    public static func events(_ touches: [FuzzTouch]) -> [TouchEvent] {
        var all = touches.flatMap(\.events).enumerated().map { ($0.offset, $0.element) }
        all.sort { $0.1.time < $1.1.time || ($0.1.time == $1.1.time && $0.0 < $1.0) }
        return all.map(\.1)
    }

    /// Points to 0.01 pt and times to 1 µs, so the touches CSV replays exactly what ran.
    static func round(_ p: Vec2) -> Vec2 { Vec2((p.x * 100).rounded() / 100, (p.y * 100).rounded() / 100) }
    static func roundTime(_ t: Double) -> Double { (t * 1e6).rounded() / 1e6 }

    /// A touches CSV (`run --input`'s columns).
    public static func csv(_ touches: [FuzzTouch]) -> String {
        var s = TouchesCSV.header.joined(separator: ",") + "\n"
        for e in events(touches) {
            s +=
                "\(NumberFormat.string(e.time)),\(e.touch),\(e.phase.rawValue),\(NumberFormat.string(e.location.x)),\(NumberFormat.string(e.location.y))\n"
        }
        return s
    }
}

extension FuzzTouch {
    /// The touches of a touches file, each finger one touch (the inverse of `events`).
    public static func touches(from events: [TouchEvent]) -> [FuzzTouch] {
        var out: [FuzzTouch] = []
        var open: [Int: Int] = [:]  // finger → index in out; looked up only, never iterated
        for e in events {
            if e.phase == .began || open[e.touch] == nil {
                open[e.touch] = out.count
                out.append(FuzzTouch(kind: .tap, id: e.touch, start: e.time, from: e.location, anchor: nil, path: []))
                if e.phase == .began { continue }
            }
            let i = open[e.touch]!
            out[i].path.append((e.time - out[i].start, e.location - out[i].from))
            if e.phase == .ended || e.phase == .cancelled { open[e.touch] = nil }
        }
        for i in out.indices where out[i].path.isEmpty { out[i].path = [(0, Vec2(0, 0))] }
        for i in out.indices {
            let far = out[i].path.map { $0.p.length }.max() ?? 0
            out[i].kind = far < 3 ? (out[i].path.last!.t >= 0.5 ? .longPress : .tap) : .drag
        }
        return out
    }
}
