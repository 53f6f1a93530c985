/// UIViewPropertyAnimator's control calls: start, pause, scrub, reverse, continue, stop, finish.
extension PropertyAnimatorModel {
    /// `startAnimation()`: runs an inactive animator from the start (from the end when reversed)
    /// over the whole duration; resumes a paused one like `continue(timing: nil, durationFactor: 0)`;
    /// does nothing while running. Throws when stopped.
    public mutating func start(at t: Double) throws(AnimationError) {
        catchUp(to: t)
        switch state {
        case .stopped:
            throw .invalidState(operation: "startAnimation", state: "stopped",
                                requirement: "cannot restart a stopped animator; call finishAnimation first")
        case .inactive:
            resetForFreshRun()
            run(fromTau: heldTau, remaining: duration, at: t)
        case .active:
            if isPaused { try `continue`(timing: nil, durationFactor: 0, at: t) }
        }
    }

    /// `pauseAnimation()`: freezes a running animator; makes an inactive one active and paused at
    /// the start. Throws when stopped.
    public mutating func pause(at t: Double) throws(AnimationError) {
        catchUp(to: t)
        switch state {
        case .stopped:
            throw .invalidState(operation: "pauseAnimation", state: "stopped", requirement: "cannot pause a stopped animator")
        case .inactive:
            resetForFreshRun()
            state = .active
            isPaused = true
        case .active:
            if !isPaused {
                freeze(at: t)
                isPaused = true
            }
        }
    }

    /// Sets `fractionComplete` (clamped to [0, 1]) while paused; an inactive animator becomes
    /// active and paused first. Throws while running or stopped, or for a non-finite value.
    public mutating func setFractionComplete(_ fraction: Double, at t: Double) throws(AnimationError) {
        try requireFinite(fraction, "fractionComplete")
        catchUp(to: t)
        if state == .stopped {
            throw .invalidState(operation: "fractionComplete", state: "stopped",
                                requirement: "can be set only while the animator is paused")
        }
        if isRunning {
            throw .invalidState(operation: "fractionComplete", state: "running",
                                requirement: "can be set only while the animator is paused (call pauseAnimation first)")
        }
        if state == .inactive { try pause(at: t) }
        let fc = min(max(fraction, 0), 1)
        heldFraction = fc
        if scrubsLinearly {
            heldProgress = fc
            heldOnFrame = false
        } else {
            frame = .full(timing, duration: duration)
            heldTau = fc
            heldProgress = timing.progress(atTime: fc)
            heldOnFrame = true
        }
    }

    /// `isReversed`: while running, turns round at once and runs back at the same pace; while
    /// paused or inactive, takes effect on the next continue or start. Throws when stopped.
    public mutating func setReversed(_ reversed: Bool, at t: Double) throws(AnimationError) {
        catchUp(to: t)
        if state == .stopped {
            throw .invalidState(operation: "isReversed", state: "stopped", requirement: "cannot be changed on a stopped animator")
        }
        guard reversed != isReversed else { return }
        guard let s = segment else {
            isReversed = reversed
            return
        }
        freeze(at: t)
        isReversed = reversed
        let endTau = reversed ? 0.0 : 1.0
        // Back at the pace it ran, but never slower than the animator's own pace over the way
        // back (its spring's settling time, else its duration, for the whole way): a continue
        // near the end runs its short remainder slowly, and reversing it at that pace crawled
        // back for tens of seconds (behaviors/comments.lua, a drag then a tap).
        let own = timing.spring.map { abs(endTau - heldTau) / $0.settlingDuration } ?? 1 / duration
        let pace = max(abs(s.rate), own > 0 ? own : 1 / duration)
        if !frame.covers(endTau) {
            frame = ProgressFrame(curve: frame.curve, tauA: heldTau, tauB: endTau,
                                  progressA: heldProgress, progressB: endTau, pace: pace)
        }
        run(fromTau: heldTau, remaining: abs(endTau - heldTau) / pace, at: t)
    }

    /// `continueAnimation(withTimingParameters:durationFactor:)`: resumes an active animator,
    /// optionally on a new curve, without a jump in progress (see the type notes for the remap).
    /// `durationFactor` 0 means the remaining share of the original duration (for a spring curve:
    /// the spring's own settling time). Throws when
    /// inactive or stopped, or for a negative factor.
    public mutating func `continue`(timing newTiming: TimingCurve? = nil, durationFactor: Double = 0,
                                    at t: Double) throws(AnimationError) {
        try requireNonNegative(durationFactor, "durationFactor")
        catchUp(to: t)
        guard state == .active else {
            throw .invalidState(operation: "continueAnimation", state: state.rawValue,
                                requirement: "requires an active animator (start or pause it first)")
        }
        freeze(at: t)
        let plan = resumePlan(newTiming: newTiming)
        if let c = newTiming { timing = c }
        frame = plan.frame
        heldTau = plan.tau
        heldOnFrame = true
        run(fromTau: plan.tau, remaining: remainingTime(fromTau: plan.tau, durationFactor: durationFactor), at: t)
    }

    /// The frame and τ a continue would run from. Without a new curve and with the held state on
    /// the frame, that is the frame itself. Otherwise: a spring starts an anchored frame at the
    /// held progress; a cubic re-enters its full frame at τ = C⁻¹(p), or, for progress outside
    /// [0, 1], an anchored frame.
    func resumePlan(newTiming: TimingCurve?) -> (frame: ProgressFrame, tau: Double) {
        let endTau = isReversed ? 0.0 : 1.0
        if newTiming == nil, heldOnFrame, frame.covers(endTau), frame.covers(heldTau) {
            return (frame, heldTau)
        }
        let curve = newTiming ?? timing
        let p = heldProgress
        let tauNow = heldOnFrame ? heldTau : heldFraction
        if curve.spring != nil || p < 0 || p > 1 {
            let tauStart = min(max(tauNow, 0), 1)
            let span = abs(endTau - tauStart)
            let pace = curve.spring.map { span / $0.settlingDuration } ?? 1 / duration
            return (ProgressFrame(curve: curve, tauA: tauStart, tauB: endTau, progressA: p, progressB: endTau,
                                  pace: span == 0 ? .infinity : pace), tauStart)
        }
        return (.full(curve, duration: duration), curve.time(forProgress: p))
    }

    /// `stopAnimation(_:)`: freezes the animator where it is. `withoutFinishing: true` makes it
    /// inactive with no completion; false makes it stopped, awaiting `finish(at:time:)`.
    /// Throws unless active.
    public mutating func stop(withoutFinishing: Bool, at t: Double) throws(AnimationError) {
        catchUp(to: t)
        guard state == .active else {
            throw .invalidState(operation: "stopAnimation", state: state.rawValue, requirement: "requires an active animator")
        }
        freeze(at: t)
        isPaused = false
        state = withoutFinishing ? .inactive : .stopped
    }

    /// `finishAnimation(at:)`: moves a stopped animator to `.end` (p = 1), `.start` (p = 0) or
    /// leaves it at `.current`, makes it inactive and returns the completion. Throws unless stopped.
    public mutating func finish(at position: Position, time t: Double) throws(AnimationError) -> Completion {
        catchUp(to: t)
        guard state == .stopped else {
            throw .invalidState(operation: "finishAnimation", state: state.rawValue,
                                requirement: "requires a stopped animator (call stopAnimation(false) first)")
        }
        switch position {
        case .end: heldTau = 1; heldProgress = 1; heldFraction = 1
        case .start: heldTau = 0; heldProgress = 0; heldFraction = 0
        case .current: break
        }
        frame = .full(timing, duration: duration)
        heldOnFrame = position != .current
        state = .inactive
        return Completion(position: position, time: t)
    }
}
