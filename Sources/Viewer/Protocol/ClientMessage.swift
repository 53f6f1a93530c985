import AnimHost
import Dynamics
import Foundation

/// A message from the page on `/live` (docs/view.md), checked whole
/// before anything happens: a malformed one becomes an error message and changes nothing.
enum ClientMessage: Equatable {
    /// A finger, pen or mouse sample in scene coordinates, at the current simulated time.
    case touch(id: Int, phase: TouchPhase, point: Vec2)
    case set(name: String, value: Double)
    case play
    case pause
    case step(Int)
    case seek(Double)
    case speed(Double)
    case reset
    /// Reset with no touches, the clock held at t = 0 until the first touch begins: a
    /// session that starts with the gesture, without an idle prefix.
    case record
    /// The release-velocity estimator of the scene's recognizers that name none.
    case estimator(VelocityEstimator)

    /// The longest time a seek goes to (s): an hour of simulation.
    static let maximumSeek = 3600.0
    static let types = ["touch", "set", "play", "pause", "step", "seek", "speed", "reset", "record", "estimator"]

    private struct Fields: Decodable {
        var type: String?
        var touch: Double?   // whole numbers, read as Double so 1.5 is reported by field
        var phase: String?
        var x: Double?
        var y: Double?
        var name: String?
        var value: Double?
        var n: Double?
        var t: Double?
        var factor: Double?
    }

    /// Parses one text message.
    /// - Returns: the message, or what is wrong with it (for the `error` reply).
    static func parse(_ text: String) -> Result<ClientMessage, MessageError> {
        let f: Fields
        do {
            f = try JSONDecoder().decode(Fields.self, from: Data(text.utf8))
        } catch DecodingError.typeMismatch(_, let context) where !context.codingPath.isEmpty {
            return .failure(wrongType(field: context.codingPath.last!.stringValue, in: text))
        } catch {
            return .failure(MessageError("not a JSON object: \(shortened(text))"))
        }
        guard let type = f.type else {
            return .failure(MessageError("a message needs a \"type\" (one of \(types.joined(separator: ", ")))"))
        }
        func need<T>(_ v: T?, _ name: String, _ what: String) -> Result<T, MessageError> {
            v.map { .success($0) } ?? .failure(MessageError("'\(type)' needs \"\(name)\" (\(what))"))
        }
        func finite(_ v: Double?, _ name: String) -> Result<Double, MessageError> {
            need(v, name, "a number").flatMap { $0.isFinite && abs($0) <= 1e9 ? .success($0) : .failure(MessageError("'\(type)': \"\(name)\" must be a finite number")) }
        }
        switch type {
        case "touch":
            return need(f.touch, "touch", "an integer id").flatMap { touch in
                guard let id = Int(exactly: touch) else { return .failure(wrongType(field: "touch", in: text)) }
                return need(f.phase.flatMap(TouchPhase.init(rawValue:)), "phase", "began, moved, ended or cancelled").flatMap { phase in
                    finite(f.x, "x").flatMap { x in finite(f.y, "y").map { y in .touch(id: id, phase: phase, point: Vec2(x, y)) } }
                }
            }
        case "set":
            return need(f.name, "name", "a tunable's name").flatMap { name in finite(f.value, "value").map { .set(name: name, value: $0) } }
        case "estimator":
            return need(f.name, "name", "one of \(VelocityEstimator.names)").flatMap { name in
                VelocityEstimator(rawValue: name).map { .success(.estimator($0)) }
                    ?? .failure(MessageError("'estimator': \"name\" must be one of \(VelocityEstimator.names), "
                                             + "got '\(shortened(name))'"))
            }
        case "play": return .success(.play)
        case "pause": return .success(.pause)
        case "reset": return .success(.reset)
        case "record": return .success(.record)
        case "step":
            guard let n = Int(exactly: f.n ?? 1) else { return .failure(wrongType(field: "n", in: text)) }
            guard n >= 1 && n <= 100_000 else { return .failure(MessageError("'step': \"n\" must be a number of steps from 1 to 100000, got \(n)")) }
            return .success(.step(n))
        case "seek":
            return finite(f.t, "t").flatMap { t in
                t >= 0 && t <= maximumSeek ? .success(.seek(t)) : .failure(MessageError("'seek': \"t\" must be a time from 0 to 3600 s, got \(NumberFormat.string(t))"))
            }
        case "speed":
            return finite(f.factor, "factor").flatMap { s in
                s > 0 && s <= 4 ? .success(.speed(s)) : .failure(MessageError("'speed': \"factor\" must be above 0 and at most 4 (1, 0.5, 0.25, 0.1), got \(NumberFormat.string(s))"))
            }
        default:
            return .failure(MessageError("unknown message type '\(shortened(type))'; expected one of \(types.joined(separator: ", "))"))
        }
    }

    /// What each field must be, in the words of a type mismatch.
    static let fieldMeanings: [(field: String, meaning: String)] = [
        ("type", "a string, one of " + types.joined(separator: ", ")),
        ("touch", "a whole number (the finger's id)"),
        ("phase", "one of began, moved, ended, cancelled"),
        ("x", "a number (scene points)"), ("y", "a number (scene points)"),
        ("name", "a string (a tunable's name, or an estimator's)"), ("value", "a number"),
        ("n", "a whole number of steps from 1 to 100000"),
        ("t", "a number of seconds from 0 to \(Int(maximumSeek))"),
        ("factor", "a number above 0 and at most 4"),
    ]

    /// `seek: field 't' must be a number of seconds from 0 to 3600, got a string`.
    static func wrongType(field: String, in text: String) -> MessageError {
        let object = try? JSONDecoder().decode([String: JSONKind].self, from: Data(text.utf8))
        var type = "message"
        if case .string(let s)? = object?["type"] { type = shortened(s) }
        let meaning = fieldMeanings.first { $0.field == field }?.meaning ?? "something else"
        return MessageError("\(type): field '\(field)' must be \(meaning), got \(object?[field]?.words ?? "null")")
    }

    /// A JSON value's kind, for saying what a field got: `a string`, `a fractional number`.
    enum JSONKind: Decodable {
        case null, boolean, number(Double), string(String), array, object

        init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if c.decodeNil() { self = .null }
            else if (try? c.decode(Bool.self)) != nil { self = .boolean }
            else if let d = try? c.decode(Double.self) { self = .number(d) }
            else if let s = try? c.decode(String.self) { self = .string(s) }
            else if (try? c.decode([JSONKind].self)) != nil { self = .array }
            else { self = .object }
        }

        var words: String {
            switch self {
            case .null: "null"
            case .boolean: "a boolean"
            case .number(let d): d.rounded() == d ? "the number \(NumberFormat.string(d))" : "a fractional number"
            case .string: "a string"
            case .array: "an array"
            case .object: "an object"
            }
        }
    }

    static func shortened(_ s: String) -> String { s.count > 60 ? String(s.prefix(59)) + "…" : s }
}

/// What is wrong with a page's message, for the `error` reply.
struct MessageError: Error, Equatable {
    var text: String
    init(_ text: String) { self.text = text }
}
