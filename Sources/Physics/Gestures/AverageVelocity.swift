import Vectors

/// animhost's estimator before the platforms' were modelled, kept as `average`: the
/// displacement from the newest sample at or before 100 ms back (the oldest sample when none
/// is; never the newest itself) to the newest, over their time span. The lift counts as a
/// sample at its time and place: a finger that lifts 15 ms after its last move reads that
/// 15 ms as no motion.
enum AverageVelocity {
    static let window = 0.1

    static func estimate(_ h: TouchHistory, lift: TouchSample?) -> Vec2 {
        // Sample k back from the newest, counting the lift (when there is one) as the newest.
        let extra = lift == nil ? 0 : 1
        let count = h.count + extra
        guard count >= 2 else { return .zero }
        func sample(_ k: Int) -> TouchSample { k < extra ? lift! : h[back: k - extra] }
        let newest = sample(0)
        var start = sample(count - 1)
        for k in 1..<count where sample(k).time <= newest.time - window + VelocityEstimator.slack {
            start = sample(k)
            break
        }
        guard newest.time > start.time else { return .zero }
        return (newest.location - start.location) / (newest.time - start.time)
    }
}
