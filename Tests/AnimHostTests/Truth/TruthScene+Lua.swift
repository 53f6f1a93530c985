import TestSupport
import Workbench

/// The scene as the Lua script a user would write (runnable with `animhost run`), and the
/// frame pairs its parts make discontinuous by design.
extension TruthScene {
    static let defaultHz = 120.0
    static let bounds = (width: 400.0, height: 600.0)

    /// A number as Lua source: integers without a fraction, others in full precision but
    /// without the rounding noise of the generator's grid (0.35, not 0.35000000000000003).
    static func lua(_ v: Double) -> String {
        if v == v.rounded() && abs(v) < 1e15 { return String(Int(v)) }
        let tidy = (v * 1e9).rounded() / 1e9
        return abs(tidy - v) < 1e-12 ? "\(tidy)" : "\(v)"
    }

    func lua(_ v: Double) -> String { Self.lua(v) }
    func vec(_ x: Double, _ y: Double) -> String { "{\(lua(x)), \(lua(y))}" }

    /// The script.
    var luaScript: String {
        var out: [String] = []
        out.append("-- A generated truth scene (seed \(seed)): every frame's vx, vy, omega must describe the")
        out.append("-- motion its positions show. Run it with `animhost run <file>`.")
        out.append("local animator = animhost.animator{bounds = {0, 0, \(lua(Self.bounds.width)), \(lua(Self.bounds.height))}}")
        out.append("local h = 1 / \(lua(hz))")
        for it in items {
            var fields = "name = \"\(it.name)\", center = \(vec(it.x, it.y)), size = \(vec(it.width, it.height))"
            switch it.shape {
            case .rectangle: break
            case .ellipse: fields += ", shape = \"ellipse\""
            case .triangle:
                fields += ", shape = {\(vec(0, -it.height / 2)), \(vec(it.width / 2, it.height / 2)), \(vec(-it.width / 2, it.height / 2))}"
            case .hexagon:
                let w = it.width / 2, hh = it.height / 2
                fields += ", shape = {\(vec(-w / 2, -hh)), \(vec(w / 2, -hh)), \(vec(w, 0)), \(vec(w / 2, hh)), \(vec(-w / 2, hh)), \(vec(-w, 0))}"
            }
            if it.angle != 0 { fields += ", angle = \(lua(it.angle))" }
            out.append("local \(it.name) = animhost.item{\(fields)}")
        }
        var input: [String] = []
        for (k, p) in parts.enumerated() {
            out.append("")
            out.append(contentsOf: lines(for: p, index: k + 1, input: &input))
        }
        if !input.isEmpty {
            out.append("")
            out.append("animhost.input{")
            for i in input { out.append("  " + i + ",") }
            out.append("}")
        }
        out.append("animhost.run{duration = \(lua(duration))}")
        return out.joined(separator: "\n") + "\n"
    }

    /// `body` run at `at` seconds: inline at 0, else in `animhost.after`.
    private func atTime(_ at: Double, _ body: [String]) -> [String] {
        if at <= 0 { return body }
        return ["animhost.after(\(lua(at)), function()"] + body.map { "  " + $0 } + ["end)"]
    }

    /// The offset of a moving point after `t` seconds, as a Lua expression of `t`.
    private func motion(_ p: Part) -> String? {
        if let vx = p.n["mvx"], let vy = p.n["mvy"] { return "animhost.vec(\(lua(vx)) * t, \(lua(vy)) * t)" }
        if let ax = p.n["max"], let ay = p.n["may"], let f = p.n["mhz"] {
            return "animhost.vec(\(lua(ax)), \(lua(ay))) * math.sin(2 * math.pi * \(lua(f)) * t)"
        }
        return nil
    }

    /// Calls `place()` after every step from `at`: from a timer or a custom behavior's action.
    private func driver(_ p: Part, index: Int) -> [String] {
        if p.words["driver"] == "action" {
            return ["local Mover\(index) = animhost.behavior(\"Mover\(index)\")",
                    "function Mover\(index):action() place() end",
                    "animator:addBehavior(Mover\(index).new())"]
        }
        return ["animhost.every(h, place)"]
    }

    private func itemList(_ names: [String]) -> String { "{" + names.joined(separator: ", ") + "}" }

    private func lines(for p: Part, index k: Int, input: inout [String]) -> [String] {
        let a = p.items.first ?? "nil"
        let n = p.n
        switch p.kind {
        case .gravity:
            return atTime(p.at, ["animator:addBehavior(animhost.gravity{items = \(itemList(p.items)), magnitude = \(lua(n["magnitude"] ?? 1)), angle = \(lua(n["angle"] ?? 1.5707963267948966))})"])
        case .collision:
            var body = ["local c\(k) = animhost.collision{items = \(itemList(p.items)), translatesReferenceBoundsIntoBoundary = \((n["bounds"] ?? 1) != 0)}"]
            if let x1 = n["bx1"], let y1 = n["by1"], let x2 = n["bx2"], let y2 = n["by2"] {
                body.append("c\(k):addBoundary(\"wall\(k)\", \(vec(x1, y1)), \(vec(x2, y2)))")
            }
            body.append("animator:addBehavior(c\(k))")
            return ["do"] + atTime(p.at, body).map { "  " + $0 } + ["end"]
        case .itemBehavior:
            var f = "items = \(itemList(p.items))"
            for key in ["elasticity", "friction", "density", "resistance", "angularResistance"] {
                if let v = n[key] { f += ", \(key) = \(lua(v))" }
            }
            if n["fixedAngle"] == 1 { f += ", allowsRotation = false" }
            return atTime(p.at, ["animator:addBehavior(animhost.itemBehavior{\(f)})"])
        case .push:
            let mode = n["instantaneous"] == 1 ? "instantaneous" : "continuous"
            var body = ["local p = animhost.push{items = \(itemList(p.items)), mode = \"\(mode)\", angle = \(lua(n["angle"] ?? 0)), magnitude = \(lua(n["magnitude"] ?? 1))}"]
            if let ox = n["ox"], let oy = n["oy"] { body.append("p:setTargetOffsetFromCenter(\(a), \(vec(ox, oy)))") }
            body.append("animator:addBehavior(p)")
            return ["do"] + atTime(p.at, body).map { "  " + $0 } + ["end"]
        case .field:
            let kind = p.words["field"] ?? "radialGravity"
            var f = "kind = \"\(kind)\", items = \(itemList(p.items)), position = \(vec(n["fx"] ?? 200, n["fy"] ?? 300)), strength = \(lua(n["strength"] ?? 1))"
            if kind == "linearGravity" { f += ", direction = \(vec(n["dx"] ?? 0, n["dy"] ?? 1))" }
            return atTime(p.at, ["animator:addBehavior(animhost.field{\(f)})"])
        case .attachment, .fixed, .pin, .sliding, .limit, .snap:
            return jointLines(p, index: k)
        case .move:
            var body = ["local it, t0, t1, p0, a0 = \(a), \(lua(p.at)), \(lua(n["until"] ?? 1e9)), nil, nil",
                        "local function place()",
                        "  local t = animhost.time() - t0",
                        "  if t < 0 or t > t1 - t0 + 1e-9 then return end",
                        "  p0 = p0 or it.center; a0 = a0 or it.angle"]
            if let m = motion(p) { body.append("  it.center = p0 + \(m)") }
            if let w = n["spin"] { body.append("  it.angle = a0 + \(lua(w)) * t") }
            body.append("end")
            body += driver(p, index: k)
            return ["do"] + body.map { "  " + $0 } + ["end"]
        case .teleport:
            return atTime(p.at, ["\(a).center = \(a).center + \(vec(n["dx"] ?? 0, n["dy"] ?? 0))"])
        case .spring, .decay, .basic, .keyframes, .propertyAnimator:
            return atTime(p.at, animationLines(p))
        case .pan:
            return panLines(p, index: k, input: &input)
        case .tap:
            input.append("{at = \(lua(p.at)), tap = \(vec(n["x"] ?? 200, n["y"] ?? 300))}")
            let d = vec(n["dx"] ?? 0, n["dy"] ?? 0)
            let action: String
            switch p.words["action"] ?? "kick" {
            case "teleport": action = "\(a).center = \(a).center + \(d)"
            case "spring": action = "animhost.spring{item = \(a), property = \"center\", to = \(a).center + \(d), frequency = 2, dampingRatio = 0.7}"
            default: action = "animator:addBehavior(animhost.push{items = {\(a)}, mode = \"instantaneous\", angle = \(lua(n["angle"] ?? 0)), magnitude = \(lua(n["magnitude"] ?? 1))})"
            }
            return ["animhost.tap(nil, function(g) \(action) end)"]
        }
    }

    private func jointLines(_ p: Part, index k: Int) -> [String] {
        let n = p.n
        let a = p.items[0]
        let b = p.items.count > 1 ? p.items[1] : nil
        let anchor = vec(n["ax"] ?? 200, n["ay"] ?? 200)
        let other = b.map { "item2 = \($0)" } ?? "anchor = \(anchor)"
        var range = ""
        if let lo = n["rmin"], let hi = n["rmax"] { range = ", range = {\(lua(lo)), \(lua(hi))}" }
        let make: String
        switch p.kind {
        case .attachment:
            var f = "item = \(a), \(other), frequency = \(lua(n["frequency"] ?? 0)), damping = \(lua(n["damping"] ?? 0))"
            if let ox = n["ox"], let oy = n["oy"] { f += ", offset = \(vec(ox, oy))" }
            if let len = n["length"] { f += ", length = \(lua(len))" }
            make = "animhost.attachment{\(f)}"
        case .fixed: make = "animhost.attachment.fixed{item = \(a), \(b.map { "item2 = \($0)" } ?? "anchor = \(anchor)")}"
        case .pin:
            var f = "item = \(a), \(b.map { "item2 = \($0), anchor = \(anchor)" } ?? "anchor = \(anchor)")\(range)"
            if let ft = n["frictionTorque"] { f += ", frictionTorque = \(lua(ft))" }
            make = "animhost.attachment.pin{\(f)}"
        case .sliding:
            make = "animhost.attachment.sliding{item = \(a), \(b.map { "item2 = \($0), anchor = \(anchor)" } ?? "anchor = \(anchor)"), axis = \(vec(n["axx"] ?? 1, n["axy"] ?? 0))\(range)}"
        case .limit:
            make = "animhost.attachment.limit{item = \(a), item2 = \(b ?? a)\(n["length"].map { ", length = \(lua($0))" } ?? "")}"
        default:
            make = "animhost.snap{item = \(a), to = \(vec(n["ax"] ?? 200, n["ay"] ?? 200)), damping = \(lua(n["damping"] ?? 0.5))}"
        }
        let field = p.kind == .snap ? "snapPoint" : "anchorPoint"
        var body = ["local j, t0 = nil, \(lua(p.at))"]
        body += atTime(p.at, ["j = \(make)", "animator:addBehavior(j)"])
        if let r = n["removeAt"] { body += ["animhost.after(\(lua(r)), function() if j then animator:removeBehavior(j) end end)"] }
        if b == nil, let m = motion(p) {
            body += ["local p0 = animhost.vec\(anchor)",
                     "local function place()",
                     "  local t = animhost.time() - t0",
                     "  if j and t >= 0 then j.\(field) = p0 + \(m) end",
                     "end"]
            body += driver(p, index: k)
        }
        return ["do"] + body.map { "  " + $0 } + ["end"]
    }

    private func animationLines(_ p: Part) -> [String] {
        let n = p.n
        let a = p.items[0]
        let angle = p.words["property"] == "angle"
        let property = angle ? "angle" : "center"
        let delta = angle ? lua(n["da"] ?? 0) : vec(n["dx"] ?? 0, n["dy"] ?? 0)
        let to = "\(a).\(property) + \(delta)"
        switch p.kind {
        case .spring:
            var f = "item = \(a), property = \"\(property)\", to = \(to), frequency = \(lua(n["frequency"] ?? 2)), dampingRatio = \(lua(n["dampingRatio"] ?? 0.7))"
            if angle, let w = n["w"] { f += ", velocity = \(lua(w))" }
            if !angle, let vx = n["vx"], let vy = n["vy"] { f += ", velocity = \(vec(vx, vy))" }
            return ["animhost.spring{\(f)}"]
        case .decay:
            var f = "item = \(a), property = \"\(property)\", deceleration = \(lua(n["deceleration"] ?? 0.998))"
            if angle, let w = n["w"] { f += ", velocity = \(lua(w))" }
            if !angle, let vx = n["vx"], let vy = n["vy"] { f += ", velocity = \(vec(vx, vy))" }
            return ["animhost.decay{\(f)}"]
        case .basic:
            return ["animhost.basic{item = \(a), property = \"\(property)\", to = \(to), duration = \(lua(n["duration"] ?? 0.4)), timing = \"\(p.words["timing"] ?? "default")\"}"]
        case .keyframes:
            let values = angle
                ? "{0, \(lua(n["k1"] ?? 0)), \(lua(n["k2"] ?? 0)), 0}"
                : "{{0, 0}, \(vec(n["k1x"] ?? 0, n["k1y"] ?? 0)), \(vec(n["k2x"] ?? 0, n["k2y"] ?? 0)), {0, 0}}"
            return ["animhost.keyframes{item = \(a), property = \"\(property)\", values = \(values), duration = \(lua(n["duration"] ?? 0.5)), calculationMode = \"\(p.words["mode"] ?? "linear")\", additive = true}"]
        default:
            return ["animhost.propertyAnimator{duration = \(lua(n["duration"] ?? 0.4)), curve = \"\(p.words["timing"] ?? "easeInOut")\", animations = function() \(a).\(property) = \(to) end}:startAnimation()"]
        }
    }

    private func panLines(_ p: Part, index k: Int, input: inout [String]) -> [String] {
        let n = p.n
        let a = p.items[0]
        input.append(panInput(p))
        var began = ["off = \(a).center - g.location"], changed: [String], ended: [String] = []
        // `ended` carries the finger's last location: an item the handlers move is set there
        // again (as a scene written for a lift that moves would), before the release.
        switch p.words["style"] ?? "offset" {
        case "follow":
            began = ["\(a).center = g.location"]
            changed = ["\(a).center = g.location"]
            ended = changed
        case "anchor":
            began += ["j = animhost.attachment{item = \(a), anchor = \(a).center, length = 0, frequency = \(lua(n["frequency"] ?? 0)), damping = 0.7}",
                      "animator:addBehavior(j)"]
            changed = ["j.anchorPoint = g.location + off"]
            ended = ["animator:removeBehavior(j)"]
        case "snap":
            began += ["j = animhost.snap{item = \(a), to = \(a).center}", "animator:addBehavior(j)"]
            changed = ["j.snapPoint = g.location + off"]
            ended = ["animator:removeBehavior(j)"]
        default:
            changed = ["\(a).center = g.location + off"]
            ended = changed
        }
        switch p.words["release"] ?? "none" {
        case "spring": ended.append("animhost.spring{item = \(a), property = \"center\", to = \(a).center + \(vec(n["rx"] ?? 0, n["ry"] ?? 0)), frequency = 2, dampingRatio = 0.7}")
        case "decay": ended.append("animhost.decay{item = \(a), property = \"center\"}")
        default: break
        }
        func handler(_ name: String, _ body: [String]) -> String {
            body.isEmpty ? "  \(name) = function(g) end," : "  \(name) = function(g) \(body.joined(separator: "; ")) end,"
        }
        return ["do",
                "  local off, j",
                "  animhost.pan(nil, {",
                "  " + handler("began", began),
                "  " + handler("changed", changed),
                "  " + handler("ended", ended),
                "  })",
                "end"]
    }

    /// A pan's input: a synthetic pan (a sample every step), or with `stream` the samples a
    /// real device sends, at their own times between the steps: "60hz" every 1/60 s, "jitter"
    /// 8 to 42 ms apart (a real mouse), drawn from `jseed`. The finger moves along the line at
    /// constant speed, reaches `to` at `at + duration` and lifts there one sample later.
    func panInput(_ p: Part) -> String {
        let n = p.n
        let from = (x: n["fx"] ?? 200, y: n["fy"] ?? 300), to = (x: n["tx"] ?? 250, y: n["ty"] ?? 300)
        let duration = n["duration"] ?? 0.3
        guard let stream = p.words["stream"] else {
            let pan = "from = \(vec(from.x, from.y)), to = \(vec(to.x, to.y)), duration = \(lua(duration))"
            return "{at = \(lua(p.at)), pan = {\(pan)}}"
        }
        var times: [Double] = [0]
        var r = TruthSceneGenerator.Random(state: UInt64(max(0, n["jseed"] ?? 0)))
        func interval() -> Double { stream == "60hz" ? 1.0 / 60 : r.number(0.008, 0.042, step: 0.0005) }
        if stream == "60hz" {
            while times.last! + 1.0 / 60 < duration - 1e-9 { times.append(Double(times.count) / 60) }
        } else {
            while true {
                let next = times.last! + interval()
                if next >= duration - 1e-9 { break }
                times.append(next)
            }
        }
        times.append(duration)
        // The lift comes one more sample interval after the last move, where that move left
        // the finger: as in UIKit, `ended` carries the last location and adds no move.
        times.append(duration + interval())
        var samples: [String] = []
        for (k, t) in times.enumerated() {
            let f = min(1, t / duration)
            let phase = k == 0 ? "began" : k == times.count - 1 ? "ended" : "moved"
            let x = from.x + (to.x - from.x) * f, y = from.y + (to.y - from.y) * f
            samples.append("{t = \(lua(t)), phase = \"\(phase)\", x = \(lua(x)), y = \(lua(y))}")
        }
        return "{at = \(lua(p.at)), touches = {" + samples.joined(separator: ", ") + "}}"
    }

    // MARK: Discontinuities by design

    /// The frame pairs this scene makes discontinuous on purpose, with the reason: a
    /// teleport (one assignment of center), a velocity kick (an instantaneous push, an
    /// animation started with its own velocity — the change lands between two samples, so
    /// the pair's mean is half old, half new), and the corners of timing curves (a basic,
    /// key-frame or property-animator animation starts at its curve's slope, not at the
    /// item's velocity, and ends at the curve's end slope; a linear or paced key frame turns
    /// at its key times). An animation that replaces another keeps its velocity, so is NOT
    /// exempt; nor is a spring or decay started from the item's own velocity, a release, or
    /// an attachment removed.
    func knownExemptions() -> [MotionTruth.Exemption] {
        let h = 1 / hz
        var out: [MotionTruth.Exemption] = []
        func add(_ item: String, _ from: Double, _ to: Double, _ r: MotionTruth.Reason) {
            out.append(.init(item: item, from: from, to: to, reason: r))
        }
        for p in parts {
            let n = p.n
            switch p.kind {
            case .teleport:
                // A teleport tears the item from whatever attachments join it to others; they
                // pull the items together again within two steps (the rigid joints' drift
                // correction, ≈ 80/s), an impulse as a collision's, felt by every linked item.
                let group = linked(to: p.items[0])
                for i in group { add(i, p.at, group.count > 1 ? p.at + 2 * h : p.at, .teleport) }
            case .fixed, .pin, .sliding, .attachment:
                // A rigid attachment's anchor that starts moving at full speed (a constant
                // velocity, or a sine through zero) is a velocity step by design: the item is
                // yanked to the anchor's speed within a step, as a finger grabbing it would,
                // and so is whatever hangs from it. The first move lands in the step after
                // the joint's (a timer's first call, or an action after the step), hence
                // [t0, t0 + 2h], for every item linked to it by attachments.
                if p.items.count == 1, motion(p) != nil, p.kind != .attachment || (n["frequency"] ?? 0) == 0 {
                    for i in linked(to: p.items[0]) { add(i, p.at, p.at + 2 * h, .kick) }
                }
                // A rigid attachment added between two items that move relative to each other
                // joins them as a perfectly inelastic collision does: their velocities meet
                // within the step.
                if p.items.count == 2, p.at > 0, p.kind != .attachment || (n["frequency"] ?? 0) == 0 {
                    for i in linked(to: p.items[0]) { add(i, p.at, p.at + 2 * h, .kick) }
                }
            case .push where n["instantaneous"] == 1:
                for i in p.items { add(i, p.at, p.at + h, .kick) }
            case .spring, .decay:
                if n["vx"] != nil || n["w"] != nil { add(p.items[0], p.at, p.at + h, .kick) }
            case .basic, .propertyAnimator:
                let d = n["duration"] ?? 0.4
                add(p.items[0], p.at, p.at, .curveCorner)
                add(p.items[0], p.at + d, p.at + d, .curveCorner)
            case .keyframes:
                let d = n["duration"] ?? 0.5
                for f in keyframeCorners(p) { add(p.items[0], p.at + f * d, p.at + f * d, .curveCorner) }
            case .tap:
                // The handler runs at the lift, one step after the touch-down.
                switch p.words["action"] ?? "kick" {
                case "teleport":
                    let group = linked(to: p.items[0])
                    for i in group { add(i, p.at + h, group.count > 1 ? p.at + 3 * h : p.at + h, .teleport) }
                case "spring": break
                default: add(p.items[0], p.at + h, p.at + 2 * h, .kick)
                }
            default: break
            }
        }
        return out
    }

    /// `exemptions` with every collision's also given to the items rigidly joined to the
    /// colliding one (a fixed, pin or sliding attachment, a rod, a limit): the contact's
    /// impulse reaches them through the joint within the same step.
    func spreadingCollisions(_ exemptions: [MotionTruth.Exemption]) -> [MotionTruth.Exemption] {
        var out = exemptions
        for e in exemptions where e.reason == .collision {
            guard let name = e.item else { continue }
            for i in linked(to: name, rigidOnly: true) where i != name {
                out.append(.init(item: i, from: e.from, to: e.to, reason: .collision))
            }
        }
        return out
    }

    /// The items joined to `name` by attachments between two items (limits included), and
    /// `name` itself: a kick to one reaches all of them within the step.
    private static let joints: Set<Kind> = [.attachment, .fixed, .pin, .sliding, .limit]

    private func linked(to name: String, rigidOnly: Bool = false) -> [String] {
        var out = [name], k = 0
        while k < out.count {
            for p in parts where p.items.count == 2 && p.items.contains(out[k]) && Self.joints.contains(p.kind)
                && (!rigidOnly || p.kind != .attachment || (p.n["frequency"] ?? 0) == 0) {
                for i in p.items where !out.contains(i) { out.append(i) }
            }
            k += 1
        }
        return out
    }

    /// The fractions of a key-frame animation's duration where its velocity may jump: the
    /// start and end, and for linear and paced modes the key values between (cubic is smooth).
    private func keyframeCorners(_ p: Part) -> [Double] {
        let mode = p.words["mode"] ?? "linear"
        guard mode != "cubic" else { return [0, 1] }
        if mode == "linear" { return [0, 1.0 / 3, 2.0 / 3, 1] }
        // Paced: time in proportion to the distance travelled.
        let n = p.n
        let pts: [(Double, Double)] = p.words["property"] == "angle"
            ? [(0, 0), (n["k1"] ?? 0, 0), (n["k2"] ?? 0, 0), (0, 0)]
            : [(0, 0), (n["k1x"] ?? 0, n["k1y"] ?? 0), (n["k2x"] ?? 0, n["k2y"] ?? 0), (0, 0)]
        var lengths: [Double] = []
        for i in 1..<pts.count { lengths.append(((pts[i].0 - pts[i - 1].0) * (pts[i].0 - pts[i - 1].0) + (pts[i].1 - pts[i - 1].1) * (pts[i].1 - pts[i - 1].1)).squareRoot()) }
        let total = lengths.reduce(0, +)
        guard total > 0 else { return [0, 1] }
        var out = [0.0], acc = 0.0
        for l in lengths { acc += l; out.append(acc / total) }
        return out
    }
}
