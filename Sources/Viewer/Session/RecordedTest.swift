import AnimHost
import Dynamics

/// `/test.lua`: the session as a busted test for `animhost test`. The touches are written
/// into the test (one file to save beside the scene), the tunables as `set`, and the
/// assertions are filled in with what a replay of the session measures, the way the test
/// itself measures it: a fresh scene loaded as `animhost.load` loads it, the touches
/// scheduled after the script ran, a frame every 1/60 s, `runUntilRest`. So the test
/// passes as downloaded and fails when a change moves the release or the end.
struct RecordedTest {
    /// The scene's path as the test names it: the file name, the test saved beside it.
    var scriptName: String
    var options: SceneOptions
    var touches: [TouchEvent]
    var tunables: [(name: String, value: Double)]
    var hz: Int

    /// Tolerances written into the assertions (the user tightens or loosens them).
    static let positionTolerance = 0.5
    static let velocityTolerance = 1.0
    /// The longest session made into a test (s of touches): a gesture, not an afternoon.
    static let maximumSession = 120.0
    /// Seconds after the last touch the test waits for rest.
    static let restAllowance = 10.0
    /// The test loads its scene as `animhost.load` does: ids of `touches` entries move by this.
    static let touchIDOffset = 2_000_000
    /// Below this speed (pt/s) an item was not thrown: its release velocity is not asserted.
    static let thrownSpeed = 1.0

    /// What the replay measured for one item.
    struct Measured {
        var name: String
        var releaseVelocity: Vec2?
        var end: Vec2
    }

    /// The test's text, or the error the replay stopped on.
    func text() throws(HostError) -> String {
        let last = touches.last?.time ?? 0
        let maximum = (last + Self.restAllowance).rounded(.up)
        let (measured, atRest) = try measure(maximum: maximum)
        let base = scriptName.split(separator: "/").last.map(String.init) ?? scriptName
        var s = "-- Recorded in `animhost view \(scriptName)`: \(touches.count) touch samples, "
            + "the tunables as they were.\n"
        s += "-- Save it beside \(base) and run `animhost test` on it. The expected values are what the\n"
        s += "-- session measured (the item's velocity in the first frame after the finger lifted, where it\n"
        s += "-- came to rest); change the tolerances to what matters to you.\n"
        if hz != 120 { s += "-- The session ran at \(hz) Hz: run the test with --hz \(hz).\n" }
        s += "local touches = {\n"
        for e in touches {
            s += "  {t = \(InputCSV.time(e.time, hz: hz)), touch = \(e.touch), phase = \"\(e.phase.rawValue)\", "
                + "x = \(InputCSV.exact(e.location.x)), y = \(InputCSV.exact(e.location.y))},\n"
        }
        s += "}\n\n"
        s += "local function recorded()\n"
        s += "  return animhost.load(\(luaStringLiteral(base)), \(loadOptions))\n"
        s += "end\n\n"
        s += "describe(\(luaStringLiteral(base + ", as recorded in the viewer")), function()\n"
        let n = NumberFormat.string
        for m in measured {
            let name = luaStringLiteral(m.name)
            if let v = m.releaseVelocity {
                s += "  it(\(luaStringLiteral("releases " + m.name + " at the recorded velocity")), function()\n"
                s += "    local trace = recorded():runUntilRest(\(n(maximum))):trace()\n"
                s += "    local after = trace:release() + 1 / 60\n"
                s += "    assert.near({\(n(v.x)), \(n(v.y))},\n"
                s += "                {trace:value(\(name), \"vx\", after), trace:value(\(name), \"vy\", after)}, "
                    + "\(n(Self.velocityTolerance)))\n"
                s += "  end)\n"
            }
            let ending = (atRest ? "comes to rest with " : "leaves ") + m.name + " where it ended"
            s += "  it(\(luaStringLiteral(ending)), function()\n"
            s += "    local scene = recorded():runUntilRest(\(n(maximum)))\n"
            if atRest { s += "    assert.is_true(scene.atRest)\n" }
            s += "    assert.near({\(n(m.end.x)), \(n(m.end.y))}, scene:item(\(name)).center, "
                + "\(n(Self.positionTolerance)))\n"
            s += "  end)\n"
        }
        s += "end)\n"
        return s
    }

    /// `{set = {…}, estimator = …, seed = …, input = {{at = 0, touches = touches}}}`.
    private var loadOptions: String {
        var parts: [String] = []
        if !tunables.isEmpty {
            let values = tunables.map { "\(luaKey($0.name)) = \(InputCSV.exact($0.value))" }
            parts.append("set = {" + values.joined(separator: ", ") + "}")
        }
        if let e = options.estimator { parts.append("estimator = \"\(e.rawValue)\"") }
        if options.seed != 0 { parts.append("seed = \(options.seed)") }
        parts.append("input = {{at = 0, touches = touches}}")
        return "{" + parts.joined(separator: ", ") + "}"
    }

    /// Replays the session as the test will and reads what it asserts: per item that moved,
    /// its velocity at the first 60 Hz frame after the release and where it ends.
    private func measure(maximum: Double) throws(HostError) -> ([Measured], atRest: Bool) {
        var o = options
        o.print = { _ in }
        o.note = { _ in }
        o.input = []
        o.inputSets = []
        o.sets = tunables
        o.hz = hz
        let scene = try Scene.load(o)
        // As the test's table reads them: the times and places as written, the ids moved.
        let events = touches.map { e in
            TouchEvent(time: Double(InputCSV.time(e.time, hz: hz)) ?? e.time, touch: e.touch + Self.touchIDOffset,
                       phase: e.phase, location: e.location)
        }
        if !events.isEmpty, let refusal = scene.scheduleCounted(.touches(events)) { throw .script(refusal) }
        let stage = scene.stage
        let release = events.last { $0.phase == .ended || $0.phase == .cancelled }?.time
        var start: [String: Vec2] = [:]
        var velocity: [String: Vec2] = [:]
        let fps = 60.0
        var nextFrame = 0
        func recordDue() {
            while Int((Double(nextFrame) / fps * Double(stage.hz) + 1e-7).rounded(.down)) <= stage.steps {
                let t = Double(nextFrame) / fps
                // The last frame at or before release + 1/60 s: the first after the release.
                let firstAfter = release.map { t <= $0 + 1 / fps + Stage.boundaryTolerance } ?? false
                for row in stage.captureFrame(columns: FrameColumn.base).rows {
                    if start[row.item] == nil, let p = position(row) { start[row.item] = p }
                    if firstAfter, let vx = row.values[3], let vy = row.values[4] { velocity[row.item] = Vec2(vx, vy) }
                }
                nextFrame += 1
            }
        }
        try stage.settleBoundary()
        recordDue()
        let limit = stage.steps + Int((maximum * Double(stage.hz)).rounded())
        while stage.steps < limit && !stage.isSettled {
            try stage.step()
            recordDue()
        }
        var measured: [Measured] = []
        let names = stage.animator.itemIDs.map { stage.animator.name(of: $0) }
        let end = stage.captureFrame(columns: FrameColumn.base)
        for name in names {
            guard let p = end.rows.first(where: { $0.item == name }).flatMap(position) else { continue }
            let v = velocity[name].flatMap { length($0) >= Self.thrownSpeed ? $0 : nil }
            let moved = start[name].map { length(Vec2($0.x - p.x, $0.y - p.y)) > Self.positionTolerance } ?? false
            if moved || v != nil { measured.append(Measured(name: name, releaseVelocity: v, end: p)) }
        }
        // Nothing moved: the test still pins where everything is.
        if measured.isEmpty {
            for row in end.rows { if let p = position(row) { measured.append(Measured(name: row.item, end: p)) } }
        }
        return (measured, stage.isSettled)
    }

    private func position(_ row: FrameRow) -> Vec2? {
        guard let x = row.values[0], let y = row.values[1] else { return nil }
        return Vec2(x, y)
    }

    private func length(_ v: Vec2) -> Double { (v.x * v.x + v.y * v.y).squareRoot() }

    /// A table key: the name itself when it is an identifier, else `["name"]`.
    private func luaKey(_ name: String) -> String {
        let identifier = name.first.map { $0 == "_" || ($0.isASCII && $0.isLetter) } == true
            && name.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
        return identifier ? name : "[" + luaStringLiteral(name) + "]"
    }
}
