import Dynamics

extension Scene {
    /// Items whose center a running spring drives: a spring animation, or the end of a
    /// property animator's spring curve played out (`SpringTail`). A spring's end puts the
    /// value on its target within its rest threshold (0.005 pt by default, more when a script
    /// gives `restDelta`), which a frame check exempts.
    package var itemsWithCenterSprings: [ItemID] {
        animations.channels.compactMap { ch in
            guard ch.property == .center else { return nil }
            func isSpring(_ a: HostAnimation) -> Bool {
                guard a.isRunning, case .spring = a.motion else { return false }
                return true
            }
            let springing = ch.driver.map(isSpring) ?? false || ch.additive.contains(where: isSpring)
            return springing ? ch.item : nil
        }
    }
}
