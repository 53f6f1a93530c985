#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Dynamics
import LuaKit

/// The entry points the `animhost` executable calls; each returns the exit status.
public enum Host {
    /// Writes an error the way every command does: one line (or a traceback) on stderr.
    package static func report(_ error: HostError) {
        fputs(error.description.hasPrefix("animhost:") ? error.description + "\n" : "animhost: " + error.description + "\n", stderr)
    }

    /// `animhost run`: load the scene, step it, write frames. Every frame produced before
    /// an error (or Ctrl-C) is written, and a file output committed, before the error is
    /// reported; a run that produces nothing leaves the `--output` target untouched.
    public static func run(_ options: RunOptions) -> Int32 {
        do throws(HostError) {
            try options.validate()
            // Checked before anything runs: '', a directory, the script itself are usage errors.
            let output = try options.output.map { p throws(HostError) in try TextOutput(path: p, protecting: options.readFiles) } ?? TextOutput()
            if options.format.isBinary && output.isTerminal {
                throw .usage("--output '\(options.output ?? "-")' is a terminal; "
                    + "--format \(options.format.rawValue) is binary: name a file")
            }
            if options.watch { return watch(options) }
            Interrupt.catchSignal()
            Interrupt.catchTermination()
            defer { Interrupt.restoreDefault() }
            // Streaming live (--realtime): Ctrl-C ends the run (exit 0) with every frame so
            // far written; otherwise Ctrl-C is exit 130.
            let status = try runOnce(options, output: output, pacer: options.realtime ? RealtimePacer() : nil)
            try output.commit()
            return status
        } catch {
            report(error)
            return error.exitCode
        }
    }

    /// Runs the scene once into `output`; reports a script error itself after committing
    /// the frames produced. Ctrl-C (or SIGTERM) stops it after the current frame: exit 130.
    /// `loaded` sees the scene once it is loaded (`run --watch` watches what it required).
    static func runOnce(_ options: RunOptions, output: TextOutput, pacer: RealtimePacer? = nil,
                        loaded: (Scene) -> Void = { _ in }) throws(HostError) -> Int32 {
        let touches = try options.input.map { p throws(HostError) in try readTouchesFile(p) }
        let scene: Scene
        do throws(HostError) {
            var so = options.sceneOptions
            if let touches { so.adopt(touches.settings) }
            scene = try Scene.load(so)
        } catch {
            // Ctrl-C while the main chunk ran (it stops that too): no frames yet.
            guard Interrupt.pending else { throw error }
            if pacer != nil { return 0 }
            fputs("animhost: interrupted while \(options.script) was loading; no frames were written\n", stderr)
            return 130
        }
        loaded(scene)
        // The modules the script requires are files this run reads: never the output, be
        // they required while loading (refused now) or later (refused before committing).
        try output.checkReads(scene.lua.requiredFiles)
        try output.checkModules(in: scene.lua.options.searchPaths)   // required later, or not this run
        output.reads = { scene.lua.requiredFiles }
        if let touches { scene.stage.schedule(touches.events) }
        var writer = try FrameRun(scene: scene, options: options, output: output)
        writer.pacer = pacer
        let end: FrameRun.End
        do throws(HostError) {
            end = try Interrupt.armed(scene.lua) { () throws(HostError) -> FrameRun.End in
                try scene.stage.settleBoundary()
                let end = try writer.run()
                if end == .finished, let touches { warnUnended(try scene.stage.endTouchesStillDown(), file: touches) }
                return end
            }
        } catch {
            output.close()
            if output.readerWentAway { return Self.readerGoneStatus }
            if Interrupt.pending {
                if pacer != nil { return 0 }
                reportInterrupted(at: scene.stage.time)
                return 130
            }
            report(error)
            return error.exitCode
        }
        switch end {
        case .finished:
            return 0
        case .interrupted(let t):
            output.close()
            if output.readerWentAway { return Self.readerGoneStatus }
            if pacer != nil { return 0 }   // streaming live: Ctrl-C is the normal end
            reportInterrupted(at: t)
            return 130
        }
    }

    /// The status of a run whose standard output's reader went away: 128 + SIGPIPE, what
    /// the shell reports for a command the closed pipe ended.
    static let readerGoneStatus: Int32 = 128 + 13

    static func reportInterrupted(at t: Double) {
        fputs("animhost: interrupted at t = \(NumberFormat.string(t)) s; the frames up to then were written\n", stderr)
    }

    /// A touch the file never ends is ended at the run's end, with a warning (docs/run.md).
    static func warnUnended(_ ended: [TouchEvent], file: TouchesFile) {
        for e in ended {
            let place = file.beganLine[e.touch].map { "\(file.path):\($0): " } ?? ""
            fputs("animhost: \(place)warning: touch \(e.touch) never ends; it was ended at the end of the run (t = \(NumberFormat.string(e.time)) s)\n", stderr)
        }
    }

    public static func readTouches(_ path: String) throws(HostError) -> [TouchEvent] { try readTouchesFile(path).events }

    package static func readTouchesFile(_ path: String) throws(HostError) -> TouchesFile {
        try TouchesCSV.read(try readInputText(path, what: "touches file"), path: path)
    }
}

/// Reads a whole text file, or nil (errno says why).
package func readTextFile(_ path: String) -> String? { LuaState.readFile(path) }

/// Reads a whole text file given to `option`, or a usage error saying why not
/// (`cannot read --match file 'x.csv': No such file or directory`).
package func readInputFile(_ path: String, option: String) throws(HostError) -> String {
    try readInputText(path, what: "\(option) file")
}

/// Whether a file exists and is a regular file.
package func isRegularFile(_ path: String) -> Bool { ScriptFiles.isRegularFile(path) }

/// The frames a moving picture keeps (all of them, up to `MotionSettings.maximumFrames`).
final class MotionFrames {
    var frames: [Frame] = []
}

/// Steps a loaded scene and writes its frames (docs/frames.md).
struct FrameRun {
    let scene: Scene
    let options: RunOptions
    let output: TextOutput
    let encoder: FrameEncoder
    let columns: [FrameColumn]
    let itemFilter: [String]?
    /// With `--realtime` (no `--watch`): frames wait for the wall clock and are flushed one by one.
    var pacer: RealtimePacer?

    init(scene: Scene, options: RunOptions, output: TextOutput) throws(HostError) {
        self.scene = scene
        self.options = options
        self.output = output
        collected = PictureFrames(byteLimit: scene.lua.options.memoryLimit / 4, account: scene.lua)
        // The ascii drawing needs each item's size.
        let format = options.format
        let drawn = format.isMotion ? MotionScene.extraColumns
            : format == .ascii || format == .svg ? ["width", "height"] : []
        columns = FrameColumn.list(extras: options.columns + drawn)
        let longest = options.duration ?? scene.runDuration ?? RunOptions.defaultMaximumDuration
        if format.isMotion, (longest * options.fps).rounded(.down) + 1 > Double(MotionSettings.maximumFrames) {
            throw .usage("--format \(format.rawValue) draws at most \(MotionSettings.maximumFrames) frames; "
                + "this run would have more at --fps \(NumberFormat.string(options.fps)): "
                + "lower --fps or --duration")
        }
        let animator = scene.stage.animator
        for c in columns {
            if case .custom(let name) = c, animator.existingPropertyIndex(named: name) == nil {
                throw .usage("unknown column '\(name)' for --columns; valid: \(FrameColumn.builtInNames.joined(separator: ", "))"
                    + (animator.propertyNames.isEmpty ? "" : ", " + animator.propertyNames.joined(separator: ", ")))
            }
        }
        if let names = options.items {
            let known = animator.records.map(\.name)
            for n in names where !known.contains(n) {
                throw .usage("unknown item '\(n)' for --items; items: \(known.joined(separator: ", "))")
            }
        }
        itemFilter = options.items
        var e = FrameEncoder(format: options.format, columns: columns)
        e.itemWidth = max(4, animator.records.map(\.name.count).max() ?? 4)
        if let b = animator.referenceBounds { e.bounds = (b.origin.x, b.origin.y, b.size.x, b.size.y) }
        e.asciiSize = options.asciiSize
        e.shapes = animator.itemIDs.map { (animator.name(of: $0), animator.shape(of: $0), animator.size(of: $0)) }
        encoder = e
    }

    /// The stop time: --duration, else the script's run{duration}, else nil (until rest, ≤ 10 s).
    var fixedDuration: Double? { options.duration ?? scene.runDuration }

    /// How a run ended.
    enum End: Equatable { case finished, interrupted(at: Double) }

    func run() throws(HostError) -> End {
        if options.format.isMotion {
            // One file: written even when the run stops on a script error, with the frames so far.
            let end: End
            do throws(HostError) { end = try step() } catch {
                try? writeMotion()
                throw error
            }
            try writeMotion()
            return end
        }
        if options.format == .svg {
            // One document: written even when the run stops on an error (or Ctrl-C), with
            // the frames so far.
            let end: End
            do throws(HostError) { end = try step() } catch {
                writePicture()
                throw error
            }
            writePicture()
            return end
        }
        return try step()
    }

    /// Frames collected for `--format svg`: thinned to a bounded number (a quarter of the
    /// memory cap at most, counted against it), however long the run.
    private let collected: PictureFrames

    private func writePicture() {
        let a = scene.stage.animator
        let series = FrameSeries(frames: collected.frames, columns: columns)
        let shapes = series.items.map { name in
            a.item(named: name).map { (a.shape(of: $0), a.size(of: $0)) } ?? (ItemShape.rectangle, Vec2(10, 10))
        }
        let bounds = a.referenceBounds.map { ($0.origin.x, $0.origin.y, $0.size.x, $0.size.y) }
        var picture = MotionPicture(title: scene.options.path, bounds: bounds, shapes: shapes, series: series)
        picture.chartColumns = ["x", "y", "angle"] + options.columns.filter { !["x", "y", "angle"].contains($0) }
        output.writeLine(String(picture.svg.dropLast()))
        output.flush()
    }

    /// Every frame of a moving picture (`--format gif…`), drawn at the end.
    private let motionFrames = MotionFrames()

    private func writeMotion() throws(HostError) {
        guard !motionFrames.frames.isEmpty else { return }
        let motion = MotionScene(animator: scene.stage.animator, columns: columns, frames: motionFrames.frames)
        let evenSize = options.format == .mp4 || options.format == .webm
        let painter = MotionPainter(scene: motion, settings: options.motion, evenSize: evenSize)
        if options.format == .svgAnimated {
            output.writeLine(String(AnimatedSVG(painter: painter, fps: options.fps).document.dropLast()))
        } else {
            output.write(bytes: try MotionEncoder(painter: painter, format: options.format, fps: options.fps).encode())
        }
        output.flush()
    }

    private func step() throws(HostError) -> End {
        if let h = encoder.header() { output.writeLine(h) }
        let stage = scene.stage
        let hz = Double(stage.hz)
        let limit = fixedDuration ?? RunOptions.defaultMaximumDuration
        write(time: 0)
        if limit <= 0 { output.flush(); return .finished }
        var k = 1
        var lastFrame = 0.0
        while true {
            if Interrupt.pending { output.flush(); return .interrupted(at: stage.time) }
            var t = Double(k) / options.fps
            // A duration within the print precision (1e-6 s) of a frame time is that frame:
            // `--duration 1.016667` (61/60 s as printed) ends on frame 61, written once.
            let isLast = t >= limit - 1e-6
            if isLast && t > limit + 1e-6 { t = limit }
            let targetStep = Int((t * hz + 1e-7).rounded(.down))
            while stage.steps < targetStep { try stage.step() }
            if let pacer {
                guard pacer.wait(until: t) else { break }
            }
            write(time: t)
            lastFrame = t
            if pacer != nil { output.flush() }
            if isLast {
                if fixedDuration == nil && !stage.isSettled { RunEndNotes.reportCap(limit, stage: stage) }
                break
            }
            if fixedDuration == nil && stage.isSettled { break }
            k += 1
        }
        output.flush()
        RunEndNotes.reportUndelivered(stage.pendingTouchEvents, end: stage.time, lastFrame: max(lastFrame, stage.time))
        return .finished
    }

    func write(time: Double) {
        var frame = scene.stage.captureFrame(columns: columns, items: selectedItems())
        frame.time = time
        if options.format == .svg { collected.append(frame); return }
        if options.format.isMotion { motionFrames.frames.append(frame); return }
        for line in encoder.lines(for: frame) { output.writeLine(line) }
    }

    private func selectedItems() -> [ItemID]? {
        guard let names = itemFilter else { return nil }
        return scene.stage.animator.itemIDs.filter { names.contains(scene.stage.animator.name(of: $0)) }
    }
}
