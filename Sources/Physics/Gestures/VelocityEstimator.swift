import Vectors

/// How a platform turns a touch's samples into the velocity it reports, above all at the
/// lift (the release velocity that decides where a flick lands). Each case follows its
/// platform's published algorithm: its horizon, its rule for a finger that stopped before
/// lifting, and which samples it counts (docs/release-velocity.md says what each models and
/// where it is published).
public enum VelocityEstimator: String, CaseIterable, Sendable {
    /// iOS, as Flutter models a UIScrollView's release (`IOSScrollViewFlingVelocityTracker`).
    case uikit
    /// Android's `VelocityTracker`, default strategy for touch x/y: LSQ2.
    case android
    /// Jetpack Compose's `VelocityTracker` (its default, Lsq2, with its lift rule).
    case compose
    /// Flutter's `VelocityTracker` for touch: LSQ2 over 100 ms.
    case flutter
    /// Motion (framer-motion)'s pan velocity: displacement over the last 100 ms.
    case web
    /// animhost's estimator before these: displacement over the last 100 ms, the lift a sample.
    case average

    /// UIKit's, since animhost models UIKit.
    public static let `default` = VelocityEstimator.uikit

    /// The names, in order, for messages and help (`uikit, android, …`).
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// What the estimator models, in a line.
    public var summary: String {
        switch self {
        case .uikit: "iOS: Flutter's model of a UIScrollView at release (last three segments weighted 0.6/0.35/0.05)"
        case .android: "Android VelocityTracker, LSQ2: least-squares parabola over ≤ 100 ms, ≤ 20 samples"
        case .compose: "Compose VelocityTracker, Lsq2: as Android, the down sample left out"
        case .flutter: "Flutter VelocityTracker: least-squares parabola over ≤ 100 ms, at least 3 samples"
        case .web: "Motion (framer-motion) pan: displacement over the last 100 ms"
        case .average: "displacement over the last 100 ms, the lift a sample (animhost's estimator before these)"
        }
    }

    /// The velocity this platform reports (pt/s) from a touch's down and move samples; `lift`
    /// is the time of the lift when the touch has ended (the release velocity), nil while it
    /// is down (the velocity at the newest sample).
    public func velocity(_ h: TouchHistory, lift: TouchSample?) -> Vec2 {
        switch self {
        case .uikit: UIKitVelocity.estimate(h, lift: lift?.time)
        case .android: AndroidVelocity.estimate(h, lift: lift?.time)
        case .compose: ComposeVelocity.estimate(h, lift: lift?.time)
        case .flutter: FlutterVelocity.estimate(h, lift: lift?.time)
        case .web: WebVelocity.estimate(h)
        case .average: AverageVelocity.estimate(h, lift: lift)
        }
    }

    /// How long each platform waits (s) before a finger with no new sample counts as stopped
    /// (the 40 ms of AOSP's `ASSUME_POINTER_STOPPED_TIME`, Flutter's and Compose's
    /// `assumePointerMoveStoppedMilliseconds`).
    static let stoppedAfter = 0.040
    /// How far back the fits look (s): the platforms' 100 ms horizon.
    static let horizon = 0.100
    /// Samples the least-squares trackers hold (Android, Compose, Flutter: 20).
    static let historySize = 20
    /// Times here are seconds in Double, where the platforms count whole ns, µs or ms: a
    /// sample exactly on a limit (a horizon 100 ms back, built from step times) must fall on
    /// the platform's side of it whatever the last bit of a subtraction says.
    static let slack = 1e-9

    /// How many samples back from the newest form the recent run of continuous motion the
    /// Flutter and Compose trackers fit: none older than the horizon, no gap between two
    /// longer than `stoppedAfter`, at most `historySize`; the down sample only if `withDown`.
    static func recentRun(_ h: TouchHistory, withDown: Bool) -> Int {
        guard let newest = h.newest else { return 0 }
        var n = 0
        var previous = newest.time
        while n < min(h.count, historySize) {
            let s = h[back: n]
            if newest.time - s.time > horizon + slack || previous - s.time > stoppedAfter + slack { break }
            if s.isDown && !withDown { break }
            previous = s.time
            n += 1
        }
        return n
    }
}

/// A recognizer's velocity: its touch's samples and the estimator that reads them.
/// Switching the estimator keeps the samples, so the velocity of a touch under way is
/// re-read the new way at once (the viewer's switch).
struct VelocityTracker: Sendable {
    var estimator: VelocityEstimator
    private var history = TouchHistory()
    private var lift: TouchSample?

    init(estimator: VelocityEstimator = .default) { self.estimator = estimator }

    /// A new touch went down.
    mutating func begin(time: Double, location: Vec2) {
        history.reset(); lift = nil
        history.append(TouchSample(time: time, location: location, isDown: true))
    }

    mutating func move(time: Double, location: Vec2) {
        history.append(TouchSample(time: time, location: location))
    }

    /// The touch lifted (or was cancelled): `velocity` is now the release velocity.
    mutating func end(time: Double, location: Vec2) {
        lift = TouchSample(time: time, location: location)
    }

    /// pt/s, as the estimator's platform reports it now.
    var velocity: Vec2 { estimator.velocity(history, lift: lift) }
}
