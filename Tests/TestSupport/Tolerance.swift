import Dynamics

/// |a − b| ≤ tolerance, for numeric checks against closed forms.
public func isNear(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool { abs(a - b) <= tolerance }

/// |a − b| ≤ relative · max(|a|, |b|, floor): a relative check that stays meaningful near zero.
public func isNearRelative(_ a: Double, _ b: Double, _ relative: Double, floor: Double = 1) -> Bool {
    abs(a - b) <= relative * max(abs(a), abs(b), floor)
}
