/// Paces frames to the wall clock for `run --realtime` without `--watch`: each frame is
/// written when its simulated time has passed on the wall clock since the run began.
struct RealtimePacer {
    private let start = MonotonicClock.now()
    /// Longest sleep between checks for Ctrl-C.
    private let slice = 0.05

    /// Waits until simulated time `t` is due; false when Ctrl-C arrived meanwhile.
    func wait(until t: Double) -> Bool {
        while true {
            if Interrupt.take() { return false }
            let left = start + t - MonotonicClock.now()
            if left <= 0 { return true }
            _ = waitReadable([], timeout: min(left, slice))
        }
    }
}
