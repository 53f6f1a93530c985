import Dynamics

extension Scene {
    /// Items whose center a running spring animation drives: a spring's end puts the value
    /// on its target in one jump of at most ½ pt (POP's rest rule), which a frame check exempts.
    package var itemsWithCenterSprings: [ItemID] {
        animations.channels.compactMap { ch in
            guard ch.property == .center, let d = ch.driver, d.isRunning, case .spring = d.motion else { return nil }
            return ch.item
        }
    }
}
