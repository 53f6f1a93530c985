/// Named springs of the platforms a motion ships to, each with the values its source gives
/// (`animhost spring --preset NAME`, `--list-presets`; `springConvert{preset = NAME}`).
public struct SpringPreset: Sendable {
    public let name: String
    /// The values as the source writes them (`stiffness 700, dampingRatio 0.9`).
    public let given: String
    /// Where the values come from.
    public let source: String
    public let parameters: SpringParameters

    /// Every preset, in listing order.
    public static let all: [SpringPreset] = material3 + apple + others

    /// The preset called `name`, or nil.
    public static func named(_ name: String) -> SpringPreset? { all.first { $0.name == name } }

    /// Material 3 motion tokens (androidx compose material3 `tokens/*MotionTokens.kt`):
    /// stiffness and damping ratio, mass 1 (Compose has none).
    static let material3: [SpringPreset] = [
        ("m3.standard.spatial", 700, 0.9), ("m3.standard.spatial.fast", 1400, 0.9), ("m3.standard.spatial.slow", 300, 0.9),
        ("m3.standard.effects", 1600, 1), ("m3.standard.effects.fast", 3800, 1), ("m3.standard.effects.slow", 800, 1),
        ("m3.expressive.spatial", 380, 0.8), ("m3.expressive.spatial.fast", 800, 0.6), ("m3.expressive.spatial.slow", 200, 0.8),
    ].map { name, k, zeta in
        SpringPreset(name: name, given: "stiffness \(k), dampingRatio \(formatNumber(zeta))", source: "Material 3 motion tokens",
                     parameters: SpringParameters(uncheckedMass: 1, stiffness: Double(k), damping: 2 * zeta * Double(k).squareRoot()))
    }

    /// iOS: the system navigation push (read with LLDB, react-native PR #15322; ζ ≈ 4.56, which
    /// `UISpringTimingParameters()` documents), SwiftUI's named springs (WWDC23 "Animate with
    /// springs", SwiftUI docs) and Core Animation's defaults.
    static let apple: [SpringPreset] = [
        SpringPreset(name: "ios.navigation", given: "mass 3, stiffness 1000, damping 500", source: "iOS navigation push (system spring)",
                     parameters: SpringParameters(uncheckedMass: 3, stiffness: 1000, damping: 500)),
        response("swiftui.spring", 0.5, 0.825, "response 0.5, dampingFraction 0.825", "SwiftUI .spring"),
        response("swiftui.interactiveSpring", 0.15, 0.86, "response 0.15, dampingFraction 0.86", "SwiftUI .interactiveSpring"),
        response("swiftui.smooth", 0.5, 1, "duration 0.5, bounce 0", "SwiftUI .smooth"),
        response("swiftui.snappy", 0.5, 0.85, "duration 0.5, bounce 0.15", "SwiftUI .snappy"),
        response("swiftui.bouncy", 0.5, 0.7, "duration 0.5, bounce 0.3", "SwiftUI .bouncy"),
        SpringPreset(name: "ca.default", given: "mass 1, stiffness 100, damping 10", source: "CASpringAnimation defaults",
                     parameters: .coreAnimationDefault),
    ]

    /// The other platforms' defaults and presets.
    static let others: [SpringPreset] = [
        SpringPreset(name: "compose.default", given: "dampingRatio 1, stiffness 1500 (StiffnessMedium)", source: "Jetpack Compose spring()",
                     parameters: SpringParameters(uncheckedMass: 1, stiffness: 1500, damping: 2 * 1500.0.squareRoot())),
        SpringPreset(name: "motion.default", given: "stiffness 100, damping 10, mass 1", source: "Motion (framer-motion) physics spring",
                     parameters: .coreAnimationDefault),
        SpringPreset(name: "pop.default", given: "springSpeed 12, springBounciness 4", source: "POP POPSpringAnimation",
                     parameters: (try? SpringParameters.pop()) ?? SpringParameters(uncheckedMass: 1, stiffness: 342.100588, damping: 30.48698)),
    ] + [
        ("default", 170, 26), ("gentle", 120, 14), ("wobbly", 180, 12), ("stiff", 210, 20), ("slow", 280, 60), ("molasses", 280, 120),
    ].map { name, t, f in
        SpringPreset(name: "react-spring.\(name)", given: "tension \(t), friction \(f)", source: "react-spring config.\(name)",
                     parameters: SpringParameters(uncheckedMass: 1, stiffness: Double(t), damping: Double(f)))
    }

    private static func response(_ name: String, _ r: Double, _ zeta: Double, _ given: String, _ source: String) -> SpringPreset {
        let w = 2 * Double.pi / r
        return SpringPreset(name: name, given: given, source: source,
                            parameters: SpringParameters(uncheckedMass: 1, stiffness: w * w, damping: 2 * zeta * w))
    }
}
