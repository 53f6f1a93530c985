import Vectors

/// A rejected animation parameter, key-frame list, curve name or animator call.
///
/// Every case renders (through `description`) as one sentence that names the parameter or
/// operation, says what is valid and what was given, in the host's one shape (`stiffness must
/// be > 0, got -3`), so the host can put it in its own messages unchanged.
public enum AnimationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A numeric parameter outside its valid range; `expected` completes "must be …" (`> 0`,
    /// `from 0 to 1`).
    case invalidParameter(name: String, value: Double, expected: String)
    /// `values`, `keyTimes` or `timingFunctions` of a key-frame animation do not fit together.
    case invalidKeyframes(String)
    /// A name (timing curve, calculation mode, position …) that is not one of `valid`.
    case unknownName(kind: String, name: String, valid: [String])
    /// A property-animator call made in a state that does not allow it.
    case invalidState(operation: String, state: String, requirement: String)

    /// The message, e.g. `mass must be > 0, got 0`.
    public var description: String {
        switch self {
        case let .invalidParameter(name, _, _):
            return "\(name) \(detail)"
        case let .invalidKeyframes(message):
            return message
        case let .unknownName(kind, name, valid):
            return "unknown \(kind) '\(name)'; valid names: \(valid.joined(separator: ", "))"
        case let .invalidState(operation, state, requirement):
            return "\(operation) \(requirement) (the animator is \(state))"
        }
    }
}

extension AnimationError {
    /// The message without the parameter's name, for a place that names it already
    /// (`must be > 0, got 0`); other cases as `description`.
    public var detail: String {
        if case let .invalidParameter(_, value, expected) = self { return "must be \(expected), got \(formatNumber(value))" }
        return description
    }
}

/// Integral values print without a fractional part (`0`, `-3`), others as Swift prints them.
func formatNumber(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
}

// MARK: - Validation helpers shared by the initialisers of this folder.

/// Throws unless `value` is finite and > 0.
func requirePositive(_ value: Double, _ name: String) throws(AnimationError) {
    guard value.isFinite, value > 0 else {
        throw .invalidParameter(name: name, value: value, expected: "> 0")
    }
}

/// Throws unless `value` is finite and ≥ 0.
func requireNonNegative(_ value: Double, _ name: String) throws(AnimationError) {
    guard value.isFinite, value >= 0 else {
        throw .invalidParameter(name: name, value: value, expected: "≥ 0")
    }
}

/// Throws unless `value` is finite.
func requireFinite(_ value: Double, _ name: String) throws(AnimationError) {
    guard value.isFinite else {
        throw .invalidParameter(name: name, value: value, expected: "finite")
    }
}

/// Throws unless both components of `value` are finite.
func requireFinite(_ value: Vec2, _ name: String) throws(AnimationError) {
    try requireFinite(value.x, name + ".x")
    try requireFinite(value.y, name + ".y")
}
