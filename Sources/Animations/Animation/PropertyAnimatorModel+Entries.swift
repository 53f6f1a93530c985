/// Animation entries (`addAnimations(_:delayFactor:)`) and their progress.
extension PropertyAnimatorModel {
    /// One block of animations: it starts when the animator's progress reaches `startProgress`
    /// and follows it from there to the end, rescaled to 0 → 1.
    ///
    /// Entry progress e = (p − p_s)/(1 − p_s) for p ≥ p_s, 0 before (p_s = `startProgress`; an
    /// entry added at the very start, p_s = 0, follows p exactly, overshoot included). Tying
    /// every entry to the one progress p keeps each of them continuous through pause, scrub,
    /// reverse and curve changes. A delayed entry therefore moves along the tail of the curve
    /// (UIKit applies a fresh copy of the curve over the shorter window; not modelled).
    public struct Entry: Hashable, Sendable {
        /// Identifies the entry in `progress(of:at:)`; 0, 1, 2 … in order of addition.
        public let id: Int
        /// The delay as a fraction of the remaining duration when added.
        public let delayFactor: Double
        /// p_s, the animator progress at which the entry starts.
        let startProgress: Double

        /// e(p) for animator progress p.
        public func progress(forAnimatorProgress p: Double) -> Double {
            if startProgress <= 0 { return p }
            if p <= startProgress { return 0 }
            let span = 1 - startProgress
            return span > 1e-12 ? (p - startProgress) / span : 1
        }
    }

    /// Adds an entry at time `t` that starts after `delayFactor` × the remaining duration
    /// (delayFactor in [0, 1]): when the animator, continuing as it would now, reaches
    /// τ_s = τ + delayFactor·(1 − τ). With factor 0 it starts at the current progress, so
    /// animations added mid-flight run from their current value over the remaining time.
    /// Throws when stopped or for a factor outside [0, 1].
    public mutating func addAnimations(delayFactor: Double = 0, at t: Double) throws(AnimationError) -> Entry {
        guard delayFactor.isFinite, delayFactor >= 0, delayFactor <= 1 else {
            throw .invalidParameter(name: "delayFactor", value: delayFactor, expected: "from 0 to 1")
        }
        catchUp(to: t)
        if state == .stopped {
            throw .invalidState(operation: "addAnimations", state: "stopped", requirement: "cannot add animations to a stopped animator")
        }
        var startProgress = progress(at: t)
        if delayFactor > 0 {
            let (projected, tau): (ProgressFrame, Double)
            if let s = segment {
                (projected, tau) = (frame, s.tau(at: t))
            } else if state == .inactive {
                (projected, tau) = (.full(timing, duration: duration), isReversed ? 1 : 0)
            } else {
                (projected, tau) = resumePlan(newTiming: nil)
            }
            startProgress = projected.progress(atFraction: tau + delayFactor * (1 - tau))
        }
        let entry = Entry(id: (entries.last?.id ?? -1) + 1, delayFactor: delayFactor, startProgress: startProgress)
        entries.append(entry)
        return entry
    }

    /// An entry's progress at time `t`.
    public func progress(of entry: Entry, at t: Double) -> Double {
        entry.progress(forAnimatorProgress: progress(at: t))
    }

    /// An entry's progress and its rate (1/s) at time `t`.
    public func sample(of entry: Entry, at t: Double) -> (progress: Double, velocity: Double) {
        let main = sample(at: t)
        let e = entry.progress(forAnimatorProgress: main.progress)
        if entry.startProgress <= 0 { return (e, main.velocity) }
        let span = 1 - entry.startProgress
        let active = main.progress > entry.startProgress && span > 1e-12
        return (e, active ? main.velocity / span : 0)
    }

    /// An entry's share of a completion's spring tail (nil for an entry that never started).
    public func tail(of entry: Entry, _ tail: SpringTail) -> SpringTail? {
        if entry.startProgress <= 0 { return tail }
        let span = 1 - entry.startProgress
        return span > 1e-12 ? tail.scaled(by: 1 / span) : nil
    }
}
