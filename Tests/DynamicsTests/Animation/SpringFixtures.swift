import Dynamics
@testable import Animations

/// Ten spring configurations S1–S10 with closed-form test vectors computed outside animhost,
/// each built through the parameterisation it was specified in, with its printed tables.
struct SpringFixture {
    let id: String
    let parameters: SpringParameters
    /// ζ, Hz, response, bounce as printed (4 decimals).
    let derived: (zeta: Double, hertz: Double, response: Double, bounce: Double)
    /// x(t) from 0 to 1 with v₀ = 0 at t = 0.1, 0.25, 0.5, 1.0 (6 decimals).
    let positions: [Double]
    /// v(t) at the same times (5 decimals).
    let velocities: [Double]
    /// Last time |x − 100| > 0.5 for 0 → 100 (4 decimals).
    let settleHalfPoint: Double
}

let tableTimes = [0.1, 0.25, 0.5, 1.0]

func springFixtures() throws -> [SpringFixture] {
    [
        SpringFixture(id: "S1", parameters: try SpringParameters(mass: 1, stiffness: 300, damping: 20),
                      derived: (0.5774, 2.7566, 0.3628, 0.4226),
                      positions: [0.685684, 1.098076, 0.991870, 0.999968],
                      velocities: [7.70843, -0.66836, 0.10132, 0.00096], settleHalfPoint: 0.5306),
        SpringFixture(id: "S2", parameters: try SpringParameters(frequency: 3.5, dampingRatio: 0.4),
                      derived: (0.4, 3.5, 0.2857, 0.6),
                      positions: [1.015032, 1.010285, 1.013031, 0.999897],
                      velocities: [8.98753, -2.52049, -0.17926, 0.00350], settleHalfPoint: 0.5386),
        SpringFixture(id: "S3", parameters: try SpringParameters(response: 0.5, dampingRatio: 0.825),
                      derived: (0.825, 2.0, 0.5, 0.175),
                      positions: [0.393608, 0.908178, 1.008402, 0.999945],
                      velocities: [5.14087, 1.63040, -0.04962, 0.00051], settleHalfPoint: 0.5657),
        SpringFixture(id: "S4", parameters: try SpringParameters(duration: 0.5, bounce: 0),
                      derived: (1, 2.0, 0.5, 0),
                      positions: [0.357740, 0.821026, 0.986399, 0.999953],
                      velocities: [4.49437, 1.70602, 0.14745, 0.00055], settleHalfPoint: 0.5913),
        SpringFixture(id: "S5", parameters: try SpringParameters(duration: 0.5, bounce: 0.3),
                      derived: (0.7, 2.0, 0.5, 0.3),
                      positions: [0.423302, 0.984087, 1.014498, 1.000072],
                      velocities: [5.70756, 1.52626, -0.21095, 0.00116], settleHalfPoint: 0.5562),
        SpringFixture(id: "S6", parameters: try SpringParameters(duration: 0.5, bounce: -0.5),
                      derived: (2.0, 2.0, 0.5, -0.5),
                      positions: [0.231362, 0.535728, 0.799926, 0.962845],
                      velocities: [2.55718, 1.56325, 0.67368, 0.12511], settleHalfPoint: 1.5957),
        SpringFixture(id: "S7", parameters: try SpringParameters.pop(springSpeed: 12, springBounciness: 4),
                      derived: (0.8242, 2.9437, 0.3397, 0.1758),
                      positions: [0.616705, 1.003098, 1.000371, 1.000000],
                      velocities: [6.16001, 0.36078, -0.01384, -0.00001], settleHalfPoint: 0.3847),
        SpringFixture(id: "S8", parameters: try SpringParameters.origami(tension: 40, friction: 7),
                      derived: (0.7250, 2.4148, 0.4141, 0.2750),
                      positions: [0.529865, 1.021218, 1.001745, 1.000024],
                      velocities: [6.34228, 0.71086, -0.07846, -0.00031], settleHalfPoint: 0.4679),
        SpringFixture(id: "S9", parameters: SpringParameters.coreAnimationDefault,
                      derived: (0.5, 1.5915, 0.6283, 0.5),
                      positions: [0.340300, 1.023360, 1.074591, 1.002170],
                      velocities: [5.33507, 2.74110, -0.87942, 0.05385], settleHalfPoint: 0.9168),
        SpringFixture(id: "S10", parameters: try SpringParameters(mass: 3, stiffness: 1000, damping: 500),
                      derived: (4.5644, 2.9058, 0.3441, -0.7809),
                      positions: [0.173112, 0.389682, 0.632093, 0.866309],
                      velocities: [1.67411, 1.23565, 0.74486, 0.27067], settleHalfPoint: 2.6231),
    ]
}

/// An independent re-derivation: classical RK4 on m·x″ = −k(x − T) − c·x′ with a fixed step,
/// sharing no code with the closed form. Returns (x, v) at each requested time (ascending).
func rk4Spring(_ p: SpringParameters, from x0: Double, to target: Double, velocity v0: Double,
               times: [Double], step h: Double = 1e-5) -> [(x: Double, v: Double)] {
    func accel(_ x: Double, _ v: Double) -> Double { (-p.stiffness * (x - target) - p.damping * v) / p.mass }
    var x = x0, v = v0, t = 0.0
    var out: [(Double, Double)] = []
    for target in times {
        // Whole steps up to the last one, then one partial step landing exactly on the time.
        while t < target {
            let dt = min(h, target - t)
            let k1x = v, k1v = accel(x, v)
            let k2x = v + k1v * dt / 2, k2v = accel(x + k1x * dt / 2, v + k1v * dt / 2)
            let k3x = v + k2v * dt / 2, k3v = accel(x + k2x * dt / 2, v + k2v * dt / 2)
            let k4x = v + k3v * dt, k4v = accel(x + k3x * dt, v + k3v * dt)
            x += (k1x + 2 * k2x + 2 * k3x + k4x) * dt / 6
            v += (k1v + 2 * k2v + 2 * k3v + k4v) * dt / 6
            t = dt == h ? t + h : target
        }
        out.append((x, v))
    }
    return out
}
