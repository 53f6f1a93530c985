/// A generated scene for the truth property test: items and a list of parts (behaviors,
/// scripted moves, teleports, animations, gestures), each a kind, the items it names and
/// its numbers by name. The model is plain data so the shrinker can drop parts and items and
/// simplify numbers without knowing what they mean; `TruthScene+Lua` turns it into the script
/// a user would write, and says which frame pairs are discontinuous by design.
struct TruthScene {
    struct Item: Equatable {
        enum Shape: Equatable { case rectangle, ellipse, triangle, hexagon }
        var name: String
        var shape: Shape
        var x: Double, y: Double, width: Double, height: Double, angle: Double
    }

    /// Every kind of part. Items are named in `Part.items` (the first is the item acted on;
    /// attachments and limits name their second item second).
    enum Kind: String, CaseIterable {
        // Physics behaviors.
        case gravity, collision, itemBehavior, push, field
        // Attachments and snap, whose anchor or snap point may move (`motion`).
        case attachment, fixed, pin, sliding, limit, snap
        // A free item moved by assigning center (and angle) every step.
        case move
        // One assignment of center to an item: a teleport.
        case teleport
        // Animations of center or angle.
        case spring, decay, basic, keyframes, propertyAnimator
        // Gestures (a screen-level recognizer acting on the part's item) with their input.
        case pan, tap
    }

    /// Numbers by name, in insertion order (the emitted script and the shrinker follow it).
    struct Numbers: Equatable {
        var entries: [(name: String, value: Double)] = []
        subscript(_ name: String) -> Double? {
            get { entries.first { $0.name == name }?.value }
            set {
                if let i = entries.firstIndex(where: { $0.name == name }) {
                    if let v = newValue { entries[i].value = v } else { entries.remove(at: i) }
                } else if let v = newValue {
                    entries.append((name, v))
                }
            }
        }
        static func == (a: Numbers, b: Numbers) -> Bool {
            a.entries.count == b.entries.count && zip(a.entries, b.entries).allSatisfy { $0.name == $1.name && $0.value == $1.value }
        }
    }

    struct Part: Equatable {
        var kind: Kind
        var items: [String]
        var n = Numbers()
        /// Choices that are words: a timing curve, a driver ("timer" or "action"), a handler style.
        var words: [String: String] = [:]
        init(_ kind: Kind, _ items: [String], _ numbers: [(String, Double)] = [], words: [String: String] = [:]) {
            self.kind = kind
            self.items = items
            for (k, v) in numbers { n[k] = v }
            self.words = words
        }
        /// The time it starts (s): a behavior added, an animation started, a touch down.
        var at: Double { n["at"] ?? 0 }
    }

    var seed: UInt64
    var items: [Item]
    var parts: [Part]
    /// Seconds simulated.
    var duration: Double
    /// Steps a second (`--hz`): 120 as `run`'s default, or 60.
    var hz = TruthScene.defaultHz

    /// Kinds that make their items physics bodies (built-in behaviors).
    static let physicsKinds: Set<Kind> = [.gravity, .collision, .itemBehavior, .push, .field,
                                          .attachment, .fixed, .pin, .sliding, .limit, .snap]

    /// The scene without the item and every part that names it.
    func removing(item name: String) -> TruthScene {
        var s = self
        s.items.removeAll { $0.name == name }
        s.parts = parts.compactMap { p in
            guard p.items.contains(name) else { return p }
            // Behaviors over a list keep their other items; anything else goes with the item.
            let listKinds: Set<Kind> = [.gravity, .collision, .itemBehavior, .push, .field]
            guard listKinds.contains(p.kind) else { return nil }
            var q = p
            q.items.removeAll { $0 == name }
            return q.items.isEmpty ? nil : q
        }
        return s
    }
}
