import AnimHost
import Dynamics

/// What the pages ask on `/live`. Every message is checked before it acts; a bad one gets
/// an `error` back (to that page only) and changes nothing.
extension Session {
    func receive(_ text: String, from client: Int) {
        let outcome = ClientMessage.parse(text).flatMap { perform($0, from: client) }
        if case .failure(let e) = outcome {
            clients.first { $0.id == client }?.outbox.yield(SceneJSON.message("error", e.text, extra: ["\"about\":\"message\""]))
        }
    }

    private func perform(_ m: ClientMessage, from client: Int) -> Result<Void, MessageError> {
        switch m {
        case .touch, .set, .step, .reset, .record, .estimator: cancelSeek()   // input acts where the scene is now
        case .seek, .play, .pause, .speed: break
        }
        switch m {
        case .touch, .set, .estimator, .speed: break
        case .play, .pause, .step, .seek, .reset, .record: waitingForTouch = false   // the clock is the user's again
        }
        switch m {
        case .touch(let id, let phase, let point):
            return touch(client: client, pageID: id, phase: phase, at: point)
        case .set(let name, let value):
            return set(name, value)
        case .estimator(let e):
            switch rebuilding(usefulFrom: stage.steps, { live.setEstimator(e) }) {
            case .success:
                halted = nil
                reanchor()
                broadcast(sceneMessage())
                broadcast(SceneJSON.message("reloaded", "estimator = \(e.rawValue)"))
                broadcastFrame(force: true)
            case .failure(let error):
                return .failure(MessageError("estimator \(e.rawValue): \(error.description)"))
            }
        case .play:
            playing = true
            reanchor()
            broadcast(sceneMessage())
        case .pause:
            playing = false
            broadcast(sceneMessage())
        case .step(let n):
            playing = false
            broadcast(sceneMessage())
            seek(toStep: stage.steps + n)
        case .seek(let t):
            seek(toStep: Int((t * Double(stage.hz)).rounded()))
        case .speed(let factor):
            speed = factor
            reanchor()
            broadcast(sceneMessage())
        case .reset:
            return restart(touches: initialTouches, what: "reset")
        case .record:
            if case .failure(let e) = restart(touches: [], what: "record") { return .failure(e) }
            // After the restart, so that turning the demo off replays nothing but t = 0.
            if case .failure(let e) = silenceDemo() { return .failure(e) }
            initialTouches = []
            playing = false
            waitingForTouch = true
            broadcast(sceneMessage())
        }
        return .success(())
    }

    /// A recording holds only the user's gesture: a scene that declares a `demo` tunable
    /// (the built-in examples gate their scripted `animhost.input` behind it) records with
    /// it at 0, which `/input.csv` and `/test.lua` then carry as `demo = 0`, so the test's
    /// `animhost.load` replays the same touches and nothing else.
    private func silenceDemo() -> Result<Void, MessageError> {
        guard let demo = live.scene.tunables.first(where: { $0.name == Self.demoTunable }), demo.value != 0,
              (demo.minimum ?? 0) <= 0, (demo.maximum ?? 0) >= 0 else { return .success(()) }
        switch rebuilding(usefulFrom: stage.steps, { live.set(demo.name, to: 0) }) {
        case .success: return .success(())
        case .failure(let e): return .failure(MessageError("record: setting \(demo.name) = 0 failed: \(e.description)"))
        }
    }

    /// Starts over at t = 0 with `touches` (fingers down are forgotten).
    private func restart(touches: [TouchEvent], what: String) -> Result<Void, MessageError> {
        do throws(HostError) {
            try rebuilding(usefulFrom: 0) { () throws(HostError) in try live.restart(touches: touches) }
        } catch {
            return .failure(MessageError("\(what) failed: \(error.description)"))
        }
        touchesDown.removeAll()
        halted = nil
        reanchor()
        broadcast(sceneMessage())
        broadcastFrame(force: true)
        return .success(())
    }

    /// A page's finger becomes a touch of the scene, due at the next step (the first
    /// boundary a touch arriving now can reach), with a location exactly as `/input.csv`
    /// writes it, so replaying that file delivers the same samples at the same steps.
    private func touch(client: Int, pageID: Int, phase: TouchPhase, at point: Vec2) -> Result<Void, MessageError> {
        if let halted { return .failure(MessageError("the scene is stopped on an error: \(halted)")) }
        if live.touches.count >= Self.maximumTouches && (phase == .began || phase == .moved) {
            return .failure(MessageError("the input log is full (\(Self.maximumTouches) touch samples, about an hour of dragging): "
                + "download /input.csv to keep it, then reset to start over"))
        }
        let index = touchesDown.firstIndex { $0.client == client && $0.pageID == pageID }
        switch (phase, index) {
        case (.began, .some): return .failure(MessageError("touch \(pageID) began twice while down"))
        case (.moved, nil), (.ended, nil), (.cancelled, nil):
            return .failure(MessageError("touch \(pageID) \(phase.rawValue) before it began"))
        default: break
        }
        let location = Vec2(InputCSV.representable(point.x), InputCSV.representable(point.y))
        let time = Double(stage.steps + 1) / Double(stage.hz)
        do throws(HostError) {
            // After scrubbing back, a new touch records over the old future.
            try rebuilding(usefulFrom: stage.steps) { () throws(HostError) in try live.forgetTouches(after: time, cancelTime: time) }
        } catch {
            return .failure(MessageError(error.description))
        }
        let sceneID: Int
        if let index {
            sceneID = touchesDown[index].sceneID
            if phase == .moved { touchesDown[index].location = location } else { touchesDown.remove(at: index) }
        } else {
            sceneID = nextTouchID
            nextTouchID += 1
            touchesDown.append(PageTouch(client: client, pageID: pageID, sceneID: sceneID, location: location))
        }
        live.touch(TouchEvent(time: time, touch: sceneID, phase: phase, location: location))
        if waitingForTouch && phase == .began {
            // Recording: the time line starts with the gesture.
            waitingForTouch = false
            playing = true
            reanchor()
            broadcast(sceneMessage())
        }
        return .success(())
    }

    /// A page that left with a finger down: its touches are cancelled where they were.
    func cancelTouches(of client: Int) {
        let time = Double(stage.steps + 1) / Double(stage.hz)
        for t in touchesDown where t.client == client {
            live.touch(TouchEvent(time: time, touch: t.sceneID, phase: .cancelled, location: t.location))
        }
        touchesDown.removeAll { $0.client == client }
    }

    /// A tunable's new value: the run replays with it and every page sees the comparison.
    private func set(_ name: String, _ value: Double) -> Result<Void, MessageError> {
        guard let t = live.scene.tunables.first(where: { $0.name == name }) else {
            let names = live.scene.tunables.map(\.name)
            return .failure(MessageError("no tunable named '\(name)'" + (names.isEmpty ? "; the script declares none" : "; tunables: " + names.joined(separator: ", "))))
        }
        if let m = t.minimum, value < m { return .failure(MessageError("\(name) = \(NumberFormat.string(value)) is below its min \(NumberFormat.string(m))")) }
        if let m = t.maximum, value > m { return .failure(MessageError("\(name) = \(NumberFormat.string(value)) is above its max \(NumberFormat.string(m))")) }
        if t.integer && value.rounded() != value {
            return .failure(MessageError("set \(name)=\(NumberFormat.string(value)): not a whole number; tunable '\(name)' takes \(t.takes)"))
        }
        switch rebuilding(usefulFrom: stage.steps, { live.set(name, to: value) }) {
        case .success(let lines):
            halted = nil
            reanchor()
            broadcast(sceneMessage())
            broadcast(SceneJSON.message("reloaded", "\(name) = \(NumberFormat.string(value))",
                                        extra: ["\"comparison\":[" + lines.map(jsonString).joined(separator: ",") + "]"]))
            broadcastFrame(force: true)
            return .success(())
        case .failure(let e):
            return .failure(MessageError(e.description))
        }
    }
}
