#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Each platform's spring as its runtime plays it, frame by frame at the display's rate: the
/// curve (closed form or integrator, with its step), what ends it (its rest rule with the
/// defaults its source gives) and what it shows then. Restated from each platform's published
/// source, cited per model, so the handoff's report, vectors and native tests say what will
/// really be on screen. Every model starts at 0, moves towards `distance` (units: px, pt — the
/// rest rules are in them) and takes the release velocity `velocity` in units/s; frame 0 is
/// the release.
public enum PlatformRuntime {
    /// The ideal closed form, never ending: the reference every platform is measured against.
    public static func closedForm(_ p: SpringParameters, velocity: Double, distance: Double,
                                  hz: Double, horizon: Double) -> PlayedSpring {
        let s = SpringSolution(parameters: p, from: 0, to: distance, velocity: velocity)
        var played = PlayedSpring(hz: hz, distance: distance, capacity: PlayedSpring.frameCount(horizon, hz: hz))
        for i in 0..<PlayedSpring.frameCount(horizon, hz: hz) {
            let t = Double(i) / hz
            played.append(s.position(at: t), s.velocity(at: t))
        }
        return played
    }

    /// animhost's own spring animation (`animhost.spring`): the closed form, exactly the
    /// target from its rest time on (`SpringAnimation`, with its default thresholds for points).
    public static func animhost(_ p: SpringParameters, velocity: Double, distance: Double,
                                hz: Double, horizon: Double) -> PlayedSpring {
        var played = PlayedSpring(hz: hz, distance: distance, capacity: PlayedSpring.frameCount(horizon, hz: hz))
        guard let a = try? SpringAnimation(parameters: p, from: .zero, to: .init(distance, 0),
            velocity: .init(velocity, 0),
                                           dimensions: 1) else { return closedForm(p, velocity: velocity,
                                               distance: distance, hz: hz, horizon: horizon) }
        for i in 0..<PlayedSpring.frameCount(horizon, hz: hz) {
            let t = Double(i) / hz
            let s = a.sample(at: t)
            played.append(s.value.x, s.velocity.x)
            if a.isAtRest(at: t) { played.markRest() }
        }
        return played
    }

    /// animhost's rest rule for a spring animation of points, as the report states it
    /// ("within 0.5 pt and 5 pt/s"): read from `SpringAnimation`'s default threshold.
    public static var animhostRestRule: String {
        let a = try? SpringAnimation(parameters: .coreAnimationDefault, from: .zero, to: .init(1, 0), dimensions: 1)
        let t = a?.threshold ?? .points
        func n(_ v: Double) -> String { formatNumber((v * 1_000_000).rounded() / 1_000_000) }
        return "within \(n(t.displacement)) pt and \(n(t.speed)) pt/s"
    }

    /// A closed form that ends by a rule: frames follow the closed form until `done(t, x, v)`
    /// holds at a frame; that frame and every later one show `shown(x)` at rest.
    static func closedForm(_ p: SpringParameters, velocity: Double, distance: Double, hz: Double, horizon: Double,
                           done: (Double, Double, Double) -> Bool, shown: (Double) -> Double) -> PlayedSpring {
        let s = SpringSolution(parameters: p, from: 0, to: distance, velocity: velocity)
        var played = PlayedSpring(hz: hz, distance: distance, capacity: PlayedSpring.frameCount(horizon, hz: hz))
        var rest: Double?
        for i in 0..<PlayedSpring.frameCount(horizon, hz: hz) {
            if let r = rest { played.append(r, 0); continue }
            let t = Double(i) / hz
            let x = s.position(at: t), v = s.velocity(at: t)
            if done(t, x, v) {
                rest = shown(x)
                played.append(rest!, 0)
                played.markRest()
            } else {
                played.append(x, v)
            }
        }
        return played
    }

    // MARK: Android

    /// Android's `SpringAnimation` on a pixel property (androidx dynamicanimation): each frame
    /// `SpringForce.updateValues` advances the closed form from the last state by the frame
    /// time, then `isAtEquilibrium` ends the animation once |x − final| < 0.75 px and
    /// |v| < 46.875 px/s — `MIN_VISIBLE_CHANGE_PIXELS` 1 × `THRESHOLD_MULTIPLIER` 0.75
    /// (DynamicAnimation.java), speed = that × `VELOCITY_THRESHOLD_MULTIPLIER` 1000/16
    /// (SpringForce.java) — and sets the value to the final position.
    static let androidValueThreshold = 0.75
    static let androidVelocityThreshold = 0.75 * 1000 / 16

    public static func android(stiffness: Double, dampingRatio: Double, velocity: Double, distance: Double,
                               hz: Double, horizon: Double) -> PlayedSpring {
        let p = SpringParameters(uncheckedMass: 1, stiffness: stiffness,
            damping: 2 * dampingRatio * stiffness.squareRoot())
        return closedForm(p, velocity: velocity, distance: distance, hz: hz, horizon: horizon,
                          done: { t, x,
                              v in t > 0 && abs(x - distance) < androidValueThreshold && abs(v) < androidVelocityThreshold },
                          shown: { _ in distance })
    }

    // MARK: Compose

    /// Compose's `spring()` (androidx compose animation-core `FloatSpringSpec`): the closed
    /// form, played for the duration `estimateAnimationDurationMillis` gives (SpringEstimation.kt:
    /// for ζ < 1 the time the envelope √(c₁² + c₂²)·e^(−ζω₀t) falls to the visibility threshold,
    /// otherwise the last time |x − target| reaches it), truncated to whole ms; from then on
    /// the target. The threshold is the `Animatable`'s visibility threshold, 0.01 for a Float
    /// (`Spring.DefaultDisplacementThreshold`).
    public static let composeVisibilityThreshold = 0.01

    public static func compose(stiffness: Double, dampingRatio: Double, velocity: Double, distance: Double,
                               hz: Double, horizon: Double) -> PlayedSpring {
        let p = SpringParameters(uncheckedMass: 1, stiffness: stiffness,
            damping: 2 * dampingRatio * stiffness.squareRoot())
        let end = composeDuration(p, velocity: velocity, distance: distance)
        return closedForm(p, velocity: velocity, distance: distance, hz: hz, horizon: horizon,
                          done: { t, _, _ in t >= end }, shown: { _ in distance })
    }

    /// Compose's estimated duration (s, whole ms), in units of the visibility threshold.
    static func composeDuration(_ p: SpringParameters, velocity: Double, distance: Double) -> Double {
        let delta = composeVisibilityThreshold
        let p0 = abs(distance) / delta, v0 = (distance < 0 ? velocity : -velocity) / delta   // displacement −D → |p0|
        let zeta = p.dampingRatio, w0 = p.naturalFrequency
        let seconds: Double
        if zeta < 1 {
            let r = -zeta * w0, wd = w0 * (1 - zeta * zeta).squareRoot()
            let c2 = (v0 - r * p0) / wd
            seconds = log(1 / (p0 * p0 + c2 * c2).squareRoot()) / r
        } else {
            // The same crossing Compose's Newton iteration looks for, found by animhost's rest
            // search on the exact motion (the last time |x − target| > the threshold).
            let threshold = SpringRestThreshold(unchecked: delta / abs(distance), speed: .infinity)
            seconds = springRestDuration(modes: SpringModes(p), u0: .init(-1, 0), v0: .init(velocity / distance, 0),
                                         dimensions: 1, threshold: threshold)
        }
        return max(0, (seconds * 1000).rounded(.towardZero)) / 1000
    }

    // MARK: Flutter

    /// Flutter's `SpringSimulation` driven by an `AnimationController.unbounded` (flutter
    /// `spring_simulation.dart`, `animation_controller.dart`): the closed form each frame,
    /// done once |x − end| < 1e-3 and |v| < 1e-3 (the default `Tolerance`, in the simulation's
    /// units); the controller then stops where it is — no snap. A default (0…1) controller
    /// would also clamp every value into its bounds: `clampedTo` gives that.
    static let flutterTolerance = 1e-3

    public static func flutter(_ p: SpringParameters, velocity: Double, distance: Double, hz: Double, horizon: Double,
                               clampedTo bounds: ClosedRange<Double>? = nil) -> PlayedSpring {
        var played = closedForm(p, velocity: velocity, distance: distance, hz: hz, horizon: horizon,
                                done: { t, x,
                                    v in t > 0 && abs(x - distance) < flutterTolerance && abs(v) < flutterTolerance },
                                shown: { $0 })
        if let b = bounds { played.clamp(to: b) }
        return played
    }

    // MARK: Motion

    /// Motion's physics spring (motion-dom `spring/index.ts`): the closed form at each frame's
    /// elapsed time, done once |target − x| ≤ `restDelta` and |v| ≤ `restSpeed` — defaults
    /// 0.5 px and 2 px/s, or 0.005 and 0.01 when the move is under 5 px — where v is, for
    /// ζ < 1, a 5 ms backward difference (`calcGeneratorVelocity`) and, for ζ ≥ 1, taken as 0
    /// (Motion reasons such springs cannot overshoot); then it shows the target. `{visualDuration,
    /// bounce}` goes through the same rule with the velocity dropped.
    public static func motionRest(distance: Double) -> (delta: Double, speed: Double) {
        abs(distance) < 5 ? (0.005, 0.01) : (0.5, 2)
    }

    public static func motion(_ p: SpringParameters, velocity: Double, distance: Double, hz: Double,
        horizon: Double) -> PlayedSpring {
        let rest = motionRest(distance: distance)
        let s = SpringSolution(parameters: p, from: 0, to: distance, velocity: velocity)
        let underdamped = p.dampingRatio < 1
        return closedForm(p, velocity: velocity, distance: distance, hz: hz, horizon: horizon,
                          done: { t, x, _ in
                              let ms = t * 1000
                              var speed = 0.0
                              // At t = 0 Motion compares its initial velocity: px/s when ζ < 1, and (a
                              // quirk of its source) the same per ms otherwise.
                              if ms == 0 { speed = underdamped ? velocity : velocity / 1000 } else if underdamped {
                                  let previous = max(ms - 5, 0)
                                  speed = (x - s.position(at: previous / 1000)) * 1000 / (ms - previous)
                              }
                              return abs(speed) <= rest.speed && abs(distance - x) <= rest.delta
                          },
                          shown: { _ in distance })
    }

    /// Motion's `{duration, bounce}`: the spring `findSpring` solved, from rest, ending at the
    /// duration (whole ms as printed) on the target.
    public static func motionDuration(_ p: SpringParameters, duration: Double, distance: Double,
                                      hz: Double, horizon: Double) -> PlayedSpring {
        closedForm(p, velocity: 0, distance: distance, hz: hz, horizon: horizon,
                   done: { t, _, _ in t >= duration }, shown: { _ in distance })
    }

    // MARK: react-spring

    /// react-spring (pmndrs `SpringValue.advance`, rafz's frame loop): each frame is handed
    /// dt = the frame's length in ms (at most 64) and integrates ⌈dt⌉ semi-implicit Euler steps
    /// of 1 ms — 17 steps per 16.67 ms frame at 60 Hz (2 % fast), 9 per 8.33 ms at 120 Hz
    /// (8 % fast) — in units per ms:
    ///
    ///     a = (−tension·1e-6·(x − to) − friction·1e-3·v) / mass;  v += a;  x += v
    ///
    /// Before each step, once |v| ≤ restVelocity (precision/10 per ms) and |to − x| ≤ precision
    /// (default min(1, |to − from|·0.001)), it is finished and shows `to`.
    public static func reactSpring(tension: Double, friction: Double, mass: Double, velocity: Double, distance: Double,
                                   hz: Double, horizon: Double) -> PlayedSpring {
        let precision = min(1, abs(distance) * 0.001), restVelocity = precision / 10
        let stepsPerFrame = Int(min(64, 1000 / hz).rounded(.up))
        let frames = PlayedSpring.frameCount(horizon, hz: hz)
        var played = PlayedSpring(hz: hz, distance: distance, capacity: frames)
        var x = 0.0, v = velocity / 1000, finished = false
        played.append(x, velocity)
        for _ in 1..<frames {
            if !finished {
                for _ in 0..<stepsPerFrame {
                    if abs(v) <= restVelocity, abs(distance - x) <= precision { finished = true; break }
                    let a = (-tension * 1e-6 * (x - distance) - friction * 1e-3 * v) / mass
                    v += a
                    x += v
                }
                if !x.isFinite { finished = true }
            }
            if finished {
                played.append(x.isFinite ? distance : x, 0)
                played.markRest()
            } else {
                played.append(x, v * 1000)
            }
        }
        return played
    }

    // MARK: POP

    /// POP (facebookarchive/pop `POPSpringSolver.h`, `POPSpringAnimationInternal.h`): each frame
    /// `advance` adds the frame's length to an accumulator and runs RK4 steps of `0.001f`
    /// (1.0000000475 ms) while it holds a step, then interpolates the state between the last two
    /// steps by the leftover fraction and feeds that back as the next frame's start (the leftover
    /// stays in the accumulator). Done when the solver has converged (|x − to| < 0.5,
    /// |v| < 5/s, |a| < 25/s², for `kPOPThresholdPoint` 1) or the last two frames are within
    /// 0.2 (threshold/5) of each other and of the target; then it shows the target.
    public static func pop(_ p: SpringParameters, velocity: Double, distance: Double, hz: Double,
        horizon: Double) -> PlayedSpring {
        let h = Double(Float(0.001)), threshold = 1.0
        let k = p.stiffness / p.mass, b = p.damping / p.mass
        func accel(_ x: Double, _ v: Double) -> Double { -k * x - b * v }   // solver space: x = to − value
        var x = distance, v = -velocity, accumulated = 0.0, lastAcceleration = 0.0
        let frames = PlayedSpring.frameCount(horizon, hz: hz)
        var played = PlayedSpring(hz: hz, distance: distance, capacity: frames)
        played.append(0, velocity)
        var finished = false
        for i in 1..<frames {
            if finished { played.append(distance, 0); continue }
            accumulated += 1 / hz
            var previous = (x, v), current = (x, v)
            while accumulated >= h {
                previous = current
                let (cx, cv) = current
                let ax = cv, av = accel(cx, cv)
                let bx = cv + av * h / 2, bv = accel(cx + ax * h / 2, cv + av * h / 2)
                let qx = cv + bv * h / 2, qv = accel(cx + bx * h / 2, cv + bv * h / 2)
                let dx = cv + qv * h, dv = accel(cx + qx * h, cv + qv * h)
                let dvdt = (av + 2 * (bv + qv) + dv) / 6
                current = (cx + (ax + 2 * (bx + qx) + dx) / 6 * h, cv + dvdt * h)
                lastAcceleration = dvdt
                accumulated -= h
            }
            let alpha = accumulated / h
            x = current.0 * alpha + previous.0 * (1 - alpha)
            v = current.1 * alpha + previous.1 * (1 - alpha)
            let value = distance - x
            let solverDone = abs(x) < threshold / 2 && v * v < 25 * threshold && lastAcceleration * lastAcceleration < 625 * threshold * threshold
            let framesDone = i >= 2 && abs(distance - played.positions[i - 1]) < threshold / 5
                && abs(played.positions[i - 1] - played.positions[i - 2]) < threshold / 5
            if solverDone || framesDone || !value.isFinite {
                finished = true
                played.append(value.isFinite ? distance : value, 0)
                played.markRest()
            } else {
                played.append(value, -v)
            }
        }
        return played
    }

    // MARK: CSS

    /// A `linear()` easing over `duration` s, as a browser plays it: the polyline at each
    /// frame's time, the target from the duration on.
    public static func css(_ easing: CSSLinearEasing, distance: Double, hz: Double, horizon: Double) -> PlayedSpring {
        self.easing(easing.value, duration: easing.duration, distance: distance, hz: hz, horizon: horizon)
    }

    /// Any easing `value(τ)` (τ in 0…1, 1 beyond) over `duration` s, at each frame's time.
    public static func easing(_ value: (Double) -> Double, duration: Double, distance: Double, hz: Double,
        horizon: Double) -> PlayedSpring {
        let frames = PlayedSpring.frameCount(horizon, hz: hz)
        var played = PlayedSpring(hz: hz, distance: distance, capacity: frames)
        let dt = 1 / hz
        for i in 0..<frames {
            let t = Double(i) / hz
            let tau = t / duration
            let slope = (value(tau + dt / duration / 2) - value(max(0, tau - dt / duration / 2))) / dt * distance
            played.append(distance * value(tau), tau >= 1 ? 0 : slope)
            if tau >= 1 { played.markRest() }
        }
        return played
    }
}
