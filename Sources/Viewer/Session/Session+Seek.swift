import AnimHost
import Dynamics

/// Scrubbing and stepping: forward by stepping, back by a replay from t = 0 (deterministic
/// either way), both a slice at a time. A seek an hour ahead takes a while; meanwhile the
/// session answers every page (a slice is at most `seekSlice` of wall time), shows the
/// frames as it goes, and keeps only its recent frames. A later seek takes over; a touch,
/// `set`, `step`, `reset` or a reload stops it where it got to.
extension Session {
    enum SeekJob {
        /// Stepping the running version on to `target`.
        case forward(target: Int)
        /// A new version replaying from t = 0; the running one stays until it is done.
        case rewind(LiveScene.Rewind, recent: RecentFrames)
    }

    /// The longest a seek works before the session looks at its inbox again (s).
    static let seekSlice = 0.04

    /// Starts moving to `target` steps; the loop carries it on (`continueSeek`).
    func seek(toStep target: Int) {
        if case .rewind(let r, _)? = seekJob, target < stage.steps, live.retarget(r, toStep: target) { return }
        cancelSeek(showing: false)
        if target >= stage.steps {
            seekJob = .forward(target: target)
            return
        }
        let pending = recent.emptyCopy()
        live.rebuildObserver = { pending.recordDue($0, usefulFrom: target) }
        defer { live.rebuildObserver = nil }
        do throws(HostError) {
            seekJob = .rewind(try live.startRewind(toStep: target), recent: pending)
        } catch {
            halt(error)
        }
    }

    /// Drops the seek on its way: stepping forward stays where it got to (and pages are
    /// shown that frame), a replay back is thrown away (the running version never changed).
    func cancelSeek(showing: Bool = true) {
        guard let job = seekJob else { return }
        seekJob = nil
        if case .forward = job, showing {
            reanchor()
            broadcastFrame(force: true)
        }
    }

    /// One slice of the seek on its way; at its end the pages get the frame there.
    func continueSeek() {
        guard let job = seekJob else { return }
        let deadline = MonotonicClock.now() + Self.seekSlice
        do throws(HostError) {
            switch job {
            case .forward(let target):
                while stage.steps < target && MonotonicClock.now() < deadline {
                    try live.step()
                    recent.recordDue(stage, usefulFrom: target)
                }
                if stage.steps >= target { seekJob = nil } else { broadcastFrame() }
            case .rewind(let r, let pending):
                live.rebuildObserver = { pending.recordDue($0, usefulFrom: r.target) }
                defer { live.rebuildObserver = nil }
                while !r.isDone && MonotonicClock.now() < deadline { try live.advance(r, steps: 16) }
                if r.isDone {
                    live.finish(r)
                    recent = pending
                    seekJob = nil
                }
            }
        } catch {
            seekJob = nil
            halt(error)
            return
        }
        guard seekJob == nil else { return }
        halted = nil
        reanchor()
        broadcastFrame(force: true)
    }
}
