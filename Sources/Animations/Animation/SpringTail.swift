/// What a property animator's spring curve has left when the animator completes: the curve
/// ends at its settling time T, where the spring is still up to 0.1 % of the distance from the
/// target (½ pt of a 500 pt move) and moving. Cutting it there would be a jump the frames'
/// velocity does not explain, so the host plays this rest of the motion as a spring of its own
/// that ends, as every spring does, within the property's invisible `restDelta`/`restSpeed`.
///
/// Progress units: `progress` is p − p_end at the completion (p_end = 1 at the end, 0 when a
/// reversed spring frame ends at the start), `velocity` is dp/dt in 1/s, and `parameters` are the
/// curve's spring in simulated seconds (time-scaled by the pace the animator ran it at).
public struct SpringTail: Hashable, Sendable {
    public let parameters: SpringParameters
    public let progress: Double
    public let velocity: Double

    /// The tail as seen by an entry that maps animator progress p to (p − p_s)/(1 − p_s).
    func scaled(by factor: Double) -> SpringTail {
        SpringTail(parameters: parameters, progress: progress * factor, velocity: velocity * factor)
    }
}

extension ProgressFrame {
    /// The spring's unfinished motion when a run ends at τ running at dτ/dt = `tauRate`; nil
    /// unless the frame's curve is a spring that the run takes to its settling time.
    func springTail(endingAt tau: Double, tauRate: Double) -> SpringTail? {
        guard case .spring(let spring) = curve.storage else { return nil }
        let span = isFull ? 1 : tauB - tauA
        guard span != 0, abs((tau - (isFull ? 0 : tauA)) / span - 1) < 1e-9 else { return nil }
        // Curve seconds per simulated second: the spring runs k times its own speed.
        let k = tauRate / span * spring.settlingDuration
        guard k > 0, k.isFinite else { return nil }
        let scale = isFull ? 1 : progressB - progressA
        let residual = scale * (spring.progress(atTime: 1) - 1)
        let velocity = scale * spring.derivative(atTime: 1) * tauRate / span
        let p = spring.parameters
        guard let parameters = try? SpringParameters(mass: p.mass, stiffness: p.stiffness * k * k,
                                                     damping: p.damping * k) else { return nil }
        return SpringTail(parameters: parameters, progress: residual, velocity: velocity)
    }
}
