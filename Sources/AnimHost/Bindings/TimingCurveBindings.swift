import CLuaShim
import Dynamics
import LuaKit

/// A timing curve as a script gives it, before the duration it will run over is known.
enum TimingSpec {
    /// A cubic curve (or one built in code).
    case curve(TimingCurve)
    /// A curve the script gave by name: read back as that name.
    case named(String, TimingCurve)
    /// `{dampingRatio=, initialVelocity=}`: a spring that settles in the animation's duration.
    case springRatio(dampingRatio: Double, initialVelocity: Double)
    /// `{mass=, stiffness=, damping=, initialVelocity=}`: a spring that takes its own time.
    case springCoefficients(SpringParameters, initialVelocity: Double)

    /// The curve for an animation of `duration` seconds.
    func curve(duration: Double) throws(AnimationError) -> TimingCurve {
        switch self {
        case .curve(let c), .named(_, let c): c
        case let .springRatio(zeta, v): try TimingCurve.spring(dampingRatio: zeta, initialVelocity: v, duration: duration)
        case let .springCoefficients(p, v): try TimingCurve.spring(p, initialVelocity: v)
        }
    }
}

extension Scene {
    static let springTimingFields = ["dampingRatio", "initialVelocity", "mass", "stiffness", "damping"]

    /// The curve names every timing field takes, for its description: one list, the library's.
    static let timingNames = TimingCurve.names.map { "\"\($0)\"" }.joined(separator: ", ")
    /// What a timing field takes, for the reference.
    static let timingDoc = "a name (\(timingNames)), {x1, y1, x2, y2} or a spring table"

    /// A timing curve: a name (`"linear"`, `"easeIn"`, `"easeOut"`, `"easeInOut"` or
    /// `"easeInEaseOut"`, `"default"`), a cubic `{x1, y1, x2, y2}`, or a spring
    /// `{dampingRatio=, initialVelocity=}` / `{mass=, stiffness=, damping=, initialVelocity=}`.
    /// Pushed as a script could give it (a spring curve as its coefficients table).
    var timingType: LuaType<TimingSpec> {
        LuaType(name: "timing curve", annotation: "string|number[]|table", read: { call, i in Scene.readTiming(call, at: i) },
                push: { call, spec in
            switch spec {
            case .named(let name, _): call.push(name)
            case .curve(let c): Scene.pushTimingCurve(c, call)
            default: call.pushNil()
            }
        })
    }

    private static func readTiming(_ call: LuaCall, at i: Int32) -> Result<TimingSpec, LuaValueError> {
        let L = call.L
        func curve(_ make: () throws(AnimationError) -> TimingCurve) -> Result<TimingSpec, LuaValueError> {
            do throws(AnimationError) { return .success(.curve(try make())) } catch { return .failure(.invalid(error.description)) }
        }
        switch lua_type(L, i) {
        case LUA_TSTRING:
            let name = call.state.string(at: i) ?? ""
            do throws(AnimationError) { return .success(.named(name, try TimingCurve(named: name))) }
            catch { return .failure(.invalid(error.description)) }
        case LUA_TTABLE:
            let t = lua_absindex(L, i)
            if lua_rawlen(L, t) > 0 {
                var p: [Double] = []
                for k in 1...4 {
                    if lua_rawgeti(L, t, lua_Integer(k)) == LUA_TNUMBER { p.append(lua_tonumberx(L, -1, nil)) }
                    lua_settop(L, -2)
                }
                guard p.count == 4, lua_rawlen(L, t) == 4 else {
                    return .failure(.type(expected: "a cubic curve {x1, y1, x2, y2}", got: "a list without four numbers"))
                }
                return curve { () throws(AnimationError) in try TimingCurve.cubic(p[0], p[1], p[2], p[3]) }
            }
            return readSpringTiming(call, table: t)
        default:
            return .failure(.type(expected: "timing curve (a name, {x1, y1, x2, y2} or a spring table)", got: call.typeName(at: i)))
        }
    }

    /// `{dampingRatio=, initialVelocity=}` or `{mass=, stiffness=, damping=, initialVelocity=}`.
    private static func readSpringTiming(_ call: LuaCall, table t: Int32) -> Result<TimingSpec, LuaValueError> {
        let fields = LuaFields(call: call, index: t, function: "")
        do throws(LuaCallError) { try fields.checkNames(valid: springTimingFields, kind: "spring timing") }
        catch { return .failure(.invalid(error.description)) }
        var given: [String: Double] = [:]
        for name in springTimingFields {
            let type = fields.push(name)
            defer { lua_settop(call.L, -2) }
            if type == LUA_TNIL { continue }
            switch LuaType<Double>.number.read(call, -1) {
            case .success(let v): given[name] = v
            case .failure(let e): return .failure(.invalid("field '\(name)': \(e.detail)"))
            }
        }
        let velocity = given["initialVelocity"] ?? 0
        let mass = given["mass"], stiffness = given["stiffness"], damping = given["damping"]
        if mass == nil && stiffness == nil && damping == nil {
            guard let zeta = given["dampingRatio"] else {
                return .failure(.invalid("a spring curve needs dampingRatio = … or mass/stiffness/damping"))
            }
            guard zeta > 0 else {
                return .failure(.invalid("field 'dampingRatio': must be > 0, got \(NumberFormat.string(zeta)) (the animator fits the spring to its duration, and an undamped spring never settles; give mass/stiffness/damping for one that keeps its own time)"))
            }
            return .success(.springRatio(dampingRatio: zeta, initialVelocity: velocity))
        }
        if given["dampingRatio"] != nil { return .failure(.invalid("give dampingRatio or mass/stiffness/damping, not both")) }
        do throws(AnimationError) {
            let p = try SpringParameters(mass: mass ?? 1, stiffness: stiffness ?? 100, damping: damping ?? 10)
            return .success(.springCoefficients(p, initialVelocity: velocity))
        } catch { return .failure(.invalid(error.description)) }
    }

    /// Pushes a timing curve as a script could give it: `{x1, y1, x2, y2}` for a cubic, a
    /// `{mass=, stiffness=, damping=, initialVelocity=}` table for a spring.
    static func pushTimingCurve(_ c: TimingCurve, _ call: LuaCall) {
        let L = call.L
        if let p = c.controlPoints {
            lua_createtable(L, 4, 0)
            for (i, v) in [p.x1, p.y1, p.x2, p.y2].enumerated() { call.push(v); lua_rawseti(L, -2, lua_Integer(i + 1)) }
        } else if let s = c.spring {
            lua_createtable(L, 0, 4)
            for (name, v) in [("mass", s.parameters.mass), ("stiffness", s.parameters.stiffness), ("damping", s.parameters.damping),
                              ("initialVelocity", s.initialVelocity)] {
                call.push(v); lua_setfield(L, -2, name)
            }
        } else {
            call.pushNil()
        }
    }
}
