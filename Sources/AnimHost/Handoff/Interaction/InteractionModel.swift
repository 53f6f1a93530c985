import Dynamics

/// A pattern's handoff, language-neutral: its type name, its tuned values as named constants,
/// its spring and the releases a native test replays. Each target's emitter writes it in its
/// language (`SwiftInteraction`, `TypeScriptInteraction`, `KotlinInteraction`, `DartInteraction`).
struct InteractionModel {
    /// The built-in patterns `handoff` can write, in the order messages list them.
    static let patterns = ["sheet", "card", "pip", "carousel"]

    /// A tuned value: its name in the emitted code, its numbers, and where it comes from.
    struct Constant {
        let name: String
        let values: [Double]
        let isList: Bool
        let note: String
    }

    /// A release replayed: the touch, what went in, and what animhost measured and decided.
    struct Case {
        let samples: [(t: Double, x: Double, y: Double)]
        let lift: (t: Double, x: Double, y: Double)
        let origin: [Double]
        /// The page at the touch-down, 0-based (carousels; 0 otherwise).
        let from: Int
        let velocity: (x: Double, y: Double)
        /// The detent, corner or page, 0-based; a card's side (−1 left, 1 right, 0 back home).
        let decision: Int
        /// Where the finger put the item at the lift (banded on a sheet or carousel).
        let position: [Double]
        let trajectory: [(dt: Double, position: [Double])]
    }

    let pattern: String
    let item: String
    let constants: [Constant]
    /// A sheet's detent at the start (0-based): where the adapters put it first.
    let initialDetent: Int
    let spring: SpringParameters
    /// The estimator that measured its releases: the emitted `VelocityTracker` is its algorithm.
    let estimator: VelocityEstimator
    let cases: [Case]
    let scene: String
    let command: String

    /// "Sheet", "Card", "Pip", "Carousel": the type the core declares.
    var typeName: String { pattern.prefix(1).uppercased() + pattern.dropFirst() }
    /// What the decision picks, for messages in the tests.
    var decisionName: String {
        switch pattern {
        case "sheet": "detent"
        case "pip": "corner"
        case "carousel": "page"
        default: "side"
        }
    }

    /// Tolerances the emitted tests state: the estimator and the spring are the same formulas
    /// animhost runs, so what is left is the 6 decimals the data are printed with.
    static let velocityTolerance = 0.001   // pt/s
    /// animhost ends a spring within 0.005 pt of its target and shows the target from then on.
    static let positionTolerance = 0.005   // pt

    init(_ record: PatternRecord, releases: [ReplayedRelease], estimator: VelocityEstimator, scene: String,
         command: String) throws(HostError) {
        pattern = record.pattern
        item = record.item
        self.scene = scene
        self.command = command
        do {
            spring = try SpringParameters(response: record.value("response"),
                                          dampingRatio: record.value("dampingRatio"))
        } catch {
            throw .script("\(record.pattern) '\(record.item)': its spring (response \(record.value("response")), "
                          + "dampingRatio \(record.value("dampingRatio"))) is not a spring: \(error)")
        }
        constants = Self.constants(record)
        initialDetent = Int(record.values["initialDetent"]?.first ?? 0)
        self.estimator = estimator
        cases = releases.map { r in Self.replayCase(record.pattern, r) }
    }

    private static func constants(_ r: PatternRecord) -> [Constant] {
        func c(_ name: String, _ key: String, _ note: String, list: Bool = false) -> Constant {
            Constant(name: name, values: r.values[key] ?? [], isList: list, note: note)
        }
        let rate = c("decelerationRate", "rate", "per ms: the fling's speed is multiplied by this each millisecond "
                     + "(UIScrollView: 0.998 normal, 0.99 fast)")
        let band = c("rubberBand", "rubberBand", "the band's constant: past an edge content moves at this fraction "
                     + "of the finger at first (UIScrollView's 0.55)")
        switch r.pattern {
        case "sheet":
            return [c("detents", "detents", "y of the sheet's top edge at each detent, pt", list: true), rate, band,
                    c("height", "height", "the sheet's height, pt: the band's dimension")]
        case "pip":
            return [c("bounds", "bounds", "the screen {x, y, width, height}, pt", list: true),
                    c("margin", "margin", "pt between the window and the screen's edges"),
                    c("size", "size", "the window's width and height, pt", list: true), rate]
        case "card":
            return [c("home", "home", "the card's center at rest, pt", list: true),
                    c("size", "size", "the card's width and height, pt", list: true),
                    c("distance", "distance", "thrown when dragged past this fraction of its width"),
                    c("speed", "speed", "or when released faster than this sideways, pt/s"),
                    c("screenWidth", "screenWidth", "a thrown card ends a card's width beyond this, pt")]
        default:
            return [c("pageWidth", "pageWidth", "a page's width, pt: each page is one further along the strip"),
                    c("pages", "pages", "how many pages"),
                    c("left", "left", "the strip's left edge on the first page, pt"),
                    c("maxStep", "maxStep", "pages one swipe may move"), rate, band]
        }
    }

    private static func replayCase(_ pattern: String, _ r: ReplayedRelease) -> Case {
        let f = r.facts
        func one(_ k: String) -> Double { f[k]?.first ?? 0 }
        let origin = f["origin"] ?? []
        let v = f["v"] ?? [0, 0]
        let down = r.samples.first ?? r.lift
        let translation = (x: r.lift.x - down.x, y: r.lift.y - down.y)
        switch pattern {
        case "sheet":
            return Case(samples: r.samples, lift: r.lift, origin: origin, from: 0, velocity: (v[0], v[1]),
                        decision: Int(one("detent")) - 1, position: [one("shown")], trajectory: r.trajectory)
        case "carousel":
            return Case(samples: r.samples, lift: r.lift, origin: origin, from: Int(one("from")) - 1,
                        velocity: (v[0], v[1]), decision: Int(one("page")) - 1, position: [one("shown")],
                        trajectory: r.trajectory)
        default:
            let position = origin.count == 2 ? [origin[0] + translation.x, origin[1] + translation.y] : []
            let decision = pattern == "pip" ? Int(one("corner")) - 1 : Int(one("side"))
            return Case(samples: r.samples, lift: r.lift, origin: origin, from: 0, velocity: (v[0], v[1]),
                        decision: decision, position: position, trajectory: r.trajectory)
        }
    }

    /// The spring as `animhost spring --to TARGET` prints it for the platform, as comment lines
    /// (`indent` before each): the same emitter, so the numbers are the ones that command gives.
    func springCode(_ target: HandoffTarget, indent: String = "") -> String {
        let code = SpringHandoff(spring: spring, release: SpringRelease()).handoff(target).code
        return "\(indent)// The spring as `animhost spring --to \(target.rawValue)` prints it:\n"
            + code.split(separator: "\n").map { "\(indent)//   \($0)" }.joined(separator: "\n")
    }

    /// A number as the emitted data print it: 6 decimals, enough for the stated tolerances.
    static func number(_ v: Double) -> String { NumberFormat.string((v * 1_000_000).rounded() / 1_000_000) }

    /// An input of the replay (a touch sample's time or place, an origin) with every digit animhost
    /// used: a velocity is a difference over 8 ms, so 6 decimals of time would move it by 0.01 %.
    static func exact(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? NumberFormat.string(v) : v.description
    }
}
