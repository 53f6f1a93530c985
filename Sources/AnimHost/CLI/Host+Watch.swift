#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Dynamics

extension Host {
    /// `animhost run --watch`: until Ctrl-C (exit 0), re-run the whole scene on every
    /// change; with `--realtime`, stream frames paced to the wall clock and reload by replay.
    static func watch(_ options: RunOptions) -> Int32 {
        Interrupt.catchSignal()
        defer { Interrupt.restoreDefault() }
        return options.realtime ? watchRealtime(options) : watchRerunning(options)
    }

    /// Writes a reload outcome on stderr: the report line, or the error.
    package static func report(_ outcome: Result<ReloadReport, HostError>) {
        switch outcome {
        case .success(let r): fputs(r.line + "\n", stderr)
        case .failure(let e): report(.script(e.description + "\n(the previous version keeps running)"))
        }
    }

    /// Waits for a change of `watcher`'s files; nil when interrupted.
    static func waitForChange(_ watcher: FileWatcher) -> [String]? {
        while true {
            if Interrupt.take() { return nil }
            _ = waitReadable(watcher.descriptor.map { [$0] } ?? [], timeout: watcher.timeout(now: MonotonicClock.now()))
            let changed = watcher.changes(now: MonotonicClock.now())
            if !changed.isEmpty { return changed }
        }
    }

    // MARK: Re-running

    /// Each change runs the whole scene again and writes it out again, each run with its
    /// own header and an empty line before the second and later runs (on stdout; a file
    /// given with --output is rewritten whole).
    private static func watchRerunning(_ options: RunOptions) -> Int32 {
        var files = [options.script]
        let watcher = FileWatcher(paths: files)
        var first = true
        var written = false   // a run has written frames to stdout
        while true {
            do throws(HostError) {
                let output = try options.output.map { p throws(HostError) in try TextOutput(path: p, protecting: options.readFiles) } ?? TextOutput()
                defer { output.close() }
                _ = try runOnce(options, output: output) { scene in
                    files = [options.script] + scene.lua.requiredFiles.filter { $0 != options.script }
                    if options.output == nil {
                        if written { output.writeLine("") }
                        written = true
                    }
                }
            } catch {
                report(error)
                if first, case .usage = error { return error.exitCode }
            }
            fflush(stdout)
            first = false
            watcher.watch(files)
            guard let changed = waitForChange(watcher) else { return 0 }
            fputs("changed: \(changed.joined(separator: ", ")); running \(options.script) again\n", stderr)
        }
    }

    // MARK: Real time

    /// Streams frames paced to the wall clock until Ctrl-C or --duration; on a change the
    /// new version is replayed to the current time and frames continue from there (time on
    /// stdout never goes back). A runtime error stops the clock until a reload succeeds.
    private static func watchRealtime(_ options: RunOptions) -> Int32 {
        let output: TextOutput
        let live: LiveScene
        var frames: FrameRun
        do throws(HostError) {
            output = try options.output.map { p throws(HostError) in try TextOutput(path: p, protecting: options.readFiles) } ?? TextOutput()
            let file = try options.input.map { p throws(HostError) in try readTouchesFile(p) }
            var so = options.sceneOptions
            if let file { so.adopt(file.settings) }
            live = try LiveScene(options: so, loadTouches: file?.events ?? [])
            try output.checkReads(live.watchedFiles)
            try output.checkModules(in: live.scene.lua.options.searchPaths)
            output.reads = { live.watchedFiles }
            frames = try FrameRun(scene: live.scene, options: options, output: output)
        } catch {
            report(error)
            return error.exitCode
        }
        defer { output.close() }
        let watcher = FileWatcher(paths: live.watchedFiles)
        let clock = FrameClock(fps: options.fps, hz: options.hz)
        if let h = frames.encoder.header() { output.writeLine(h) }
        var k = 0
        var anchor = (wall: MonotonicClock.now(), frame: 0)
        var stopped = false   // the running version failed; frames wait for a reload
        while true {
            if Interrupt.take() { break }
            var t = clock.time(ofFrame: k)
            let isLast = options.duration.map { t >= $0 - 1e-9 } ?? false
            if isLast, let d = options.duration { t = d }
            let due = anchor.wall + (t - clock.time(ofFrame: anchor.frame))
            let now = MonotonicClock.now()
            var timeout = watcher.timeout(now: now) ?? (watcher.descriptor == nil ? 0.25 : .infinity)
            if !stopped { timeout = min(timeout, max(0, due - now)) }
            _ = waitReadable(watcher.descriptor.map { [$0] } ?? [], timeout: timeout.isFinite ? timeout : nil)
            let changed = watcher.changes(now: MonotonicClock.now())
            if !changed.isEmpty {
                let outcome = live.reload(changed: changed)
                if case .success = outcome {
                    do throws(HostError) {
                        frames = try FrameRun(scene: live.scene, options: options, output: output)
                        if stopped { stopped = false; anchor = (MonotonicClock.now(), k) }
                    } catch {
                        report(error)
                        stopped = true
                    }
                }
                report(outcome)
                watcher.watch(live.watchedFiles)
                continue
            }
            guard !stopped, MonotonicClock.now() >= due else { continue }
            do throws(HostError) {
                let target = clock.step(at: t)
                while live.stage.steps < target { try live.step() }
            } catch {
                output.flush()
                report(error)
                stopped = true
                continue
            }
            frames.write(time: t)
            output.flush()
            if isLast { break }
            k += 1
            // Far behind (a slow reload, a suspended process): pace from here instead of racing.
            if MonotonicClock.now() - (anchor.wall + clock.time(ofFrame: k) - clock.time(ofFrame: anchor.frame)) > 0.1 {
                anchor = (MonotonicClock.now(), k)
            }
        }
        output.flush()
        return 0
    }
}
