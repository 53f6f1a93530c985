/// The time model of `UIViewPropertyAnimator` (reference §5, "animhost model"), without any
/// properties: it turns simulated time into a progress p for the animator and for each of its
/// animation entries; the host maps progress onto item properties (value = from + (to − from)·p).
///
/// Model. The animator keeps a time fraction τ ∈ [0, 1] and shows progress p = C(τ) for its
/// timing curve C (see `ProgressFrame` for the anchored variants).
/// * Running, τ moves linearly towards 1 (towards 0 when reversed) and reaches it after the
///   remaining time; `fractionComplete` reports τ.
/// * `pause`: τ and p freeze. With `scrubsLinearly` (the default) `fractionComplete` becomes p,
///   so the view does not move, and setting it while paused sets p directly (linear scrubbing).
///   Without it, `fractionComplete` stays τ and setting it sets τ, with p = C(τ).
/// * `continue(timing:durationFactor:)` re-enters the (possibly new) curve where it has the
///   paused progress: τ := C⁻¹(p), so p never jumps when the curve changes. The remaining time is
///   durationFactor × duration, or with factor 0 the remaining share (1 − τ)·duration (τ·duration
///   reversed). A spring curve instead starts from the current progress and runs to the end
///   (UIKit seeding a spring from the current state): its initial velocity is relative to the
///   remaining distance, and with factor 0 it plays in its own settling time, at physical speed.
///   A continue without a new curve and without scrubbing resumes exactly where it paused, at the
///   pace it had.
/// * Natural completion sets p to exactly 1 (0 when reversed) and reports `.end` (`.start`),
///   unless `pausesOnCompletion`, which leaves it active and paused there with no completion.
///
/// Time. Every call takes the simulated time it happens at; times must not go backwards.
/// Natural completions are reported by `advance(to:)` (also those that fell due before a later
/// call); `finish(at:time:)` returns its completion directly.
public struct PropertyAnimatorModel: Sendable {
    /// `UIViewAnimatingState`.
    public enum State: String, CaseIterable, Hashable, Sendable {
        /// Not started, or finished: the initial state.
        case inactive
        /// Started, paused or scrubbed; running or paused.
        case active
        /// Stopped with `stop(withoutFinishing: false)`; awaiting `finish(at:time:)`.
        case stopped
    }

    /// `UIViewAnimatingPosition`: where the animation ended.
    public enum Position: String, CaseIterable, Hashable, Sendable {
        /// At the target values (p = 1).
        case end
        /// Back at the starting values (p = 0).
        case start
        /// Wherever it was stopped.
        case current

        /// A position by name ("end", "start", "current"); throws listing the valid names.
        public init(named name: String) throws(AnimationError) {
            guard let p = Position(rawValue: name) else {
                throw .unknownName(kind: "position", name: name, valid: Self.allCases.map(\.rawValue))
            }
            self = p
        }
    }

    /// A completion, as UIKit passes to completion blocks, with the simulated time it happened.
    public struct Completion: Hashable, Sendable {
        /// Where the animation ended.
        public let position: Position
        /// The simulated time of completion, s (exact, not rounded to a step).
        public let time: Double
        /// A natural completion of a spring curve: the spring's motion left at its settling
        /// time, for the host to play out (nil for other curves and for `finish`).
        public internal(set) var tail: SpringTail? = nil
    }

    /// A running segment: τ goes linearly from `startTau` at `startTime` to `endTau` at `endTime`.
    struct Segment: Hashable, Sendable {
        let startTime: Double, startTau: Double
        let endTime: Double, endTau: Double

        func tau(at t: Double) -> Double {
            if t >= endTime { return endTau }
            if t <= startTime { return startTau }
            return startTau + (endTau - startTau) * ((t - startTime) / (endTime - startTime))
        }

        /// dτ/dt, 1/s.
        var rate: Double { endTime > startTime ? (endTau - startTau) / (endTime - startTime) : 0 }
    }

    /// The duration of a full run from 0 to 1, s; fixed at creation (UIKit).
    public let duration: Double
    /// The current timing curve (replaced by `continue(timing:…)`).
    public internal(set) var timing: TimingCurve
    /// Inactive, active or stopped.
    public internal(set) var state: State = .inactive
    /// Whether an active animator is paused.
    var isPaused = false
    /// Whether it runs (or will run) back towards the start.
    public internal(set) var isReversed = false
    /// With true (UIKit's default), a paused `fractionComplete` is the progress itself; see the type notes.
    public var scrubsLinearly = true
    /// With true, natural completion leaves the animator active and paused at the end, with no completion.
    public var pausesOnCompletion = false
    /// The entries added with `addAnimations`, in order.
    public internal(set) var entries: [Entry] = []
    /// The latest simulated time the model has been brought to, s.
    public internal(set) var time: Double

    var frame: ProgressFrame
    var segment: Segment?
    var heldTau = 0.0
    var heldProgress = 0.0
    var heldFraction = 0.0
    /// Whether heldProgress = frame(heldTau) (false after a linear scrub or a curve change).
    var heldOnFrame = true
    var pending: [Completion] = []

    /// An inactive animator; throws unless duration > 0. For a spring curve given by its
    /// coefficients, UIKit uses the spring's own duration: pass `curve.spring!.settlingDuration`.
    public init(duration: Double, timing: TimingCurve = .easeInEaseOut, startTime: Double = 0) throws(AnimationError) {
        try requirePositive(duration, "duration")
        try requireFinite(startTime, "startTime")
        self.duration = duration
        self.timing = timing
        frame = .full(timing, duration: duration)
        time = startTime
    }

    // MARK: Queries

    /// Active and not paused.
    public var isRunning: Bool { state == .active && !isPaused && segment != nil }

    /// The animator's progress p at time `t` (≥ the last call's time): 0 → 1 as the curve gives.
    public func progress(at t: Double) -> Double { sample(at: t).progress }

    /// Progress and its rate dp/dt (1/s) at time `t`.
    public func sample(at t: Double) -> (progress: Double, velocity: Double) {
        guard let s = segment else { return (heldProgress, 0) }
        if t >= s.endTime { return (isReversed ? 0 : 1, 0) }
        let tau = s.tau(at: t)
        return (frame.progress(atFraction: tau), frame.rate(atFraction: tau) * s.rate)
    }

    /// UIKit's `fractionComplete` at time `t`: τ while running; while paused, the progress
    /// (clamped to [0, 1]) with `scrubsLinearly`, τ without.
    public func fractionComplete(at t: Double) -> Double {
        guard let s = segment else { return heldFraction }
        return s.tau(at: t)
    }

    /// The simulated time a running animator will complete, or nil when not running.
    var completionTime: Double? { segment?.endTime }

    // MARK: Driving

    /// Brings the model to time `t` and returns the completions since the last call, in order.
    public mutating func advance(to t: Double) -> [Completion] {
        catchUp(to: t)
        defer { pending.removeAll() }
        return pending
    }

    /// Processes a natural completion due at or before `t`.
    mutating func catchUp(to t: Double) {
        if let s = segment, s.endTime <= t { complete(segment: s) }
        time = max(time, t)
    }

    private mutating func complete(segment s: Segment) {
        segment = nil
        heldTau = s.endTau
        heldProgress = isReversed ? 0 : 1
        heldFraction = heldProgress
        heldOnFrame = true
        if pausesOnCompletion {
            isPaused = true
        } else {
            state = .inactive
            isPaused = false
            pending.append(Completion(position: isReversed ? .start : .end, time: s.endTime,
                                      tail: frame.springTail(endingAt: s.endTau, tauRate: s.rate)))
        }
    }

    /// Freezes a running animator at time `t` (τ and p stay where they are).
    mutating func freeze(at t: Double) {
        guard let s = segment else { return }
        heldTau = s.tau(at: t)
        heldProgress = frame.progress(atFraction: heldTau)
        heldFraction = scrubsLinearly ? min(max(heldProgress, 0), 1) : heldTau
        heldOnFrame = true
        segment = nil
    }

    /// Puts an inactive animator at the beginning of a fresh run (the end, when reversed).
    mutating func resetForFreshRun() {
        frame = .full(timing, duration: duration)
        heldTau = isReversed ? 1 : 0
        heldProgress = heldTau
        heldFraction = heldTau
        heldOnFrame = true
    }

    /// Runs from τ₀ towards the current end over `remaining` seconds.
    mutating func run(fromTau tau0: Double, remaining: Double, at t: Double) {
        state = .active
        isPaused = false
        segment = Segment(startTime: t, startTau: tau0, endTime: t + remaining, endTau: isReversed ? 0 : 1)
        catchUp(to: t)     // a zero remaining time completes at once
    }

    /// Seconds left for a run from τ: factor × duration, or with factor 0 the frame's natural
    /// remaining time: the remaining share (1 − τ)·duration (τ·duration reversed) for cubic curves,
    /// the rest of its settling time for a continued spring.
    func remainingTime(fromTau tau: Double, durationFactor: Double) -> Double {
        if durationFactor > 0 { return durationFactor * duration }
        return frame.naturalRemainingTime(fromTau: tau, to: isReversed ? 0 : 1)
    }
}
