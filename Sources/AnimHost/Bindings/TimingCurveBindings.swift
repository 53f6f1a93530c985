import CLuaShim
import Dynamics
import LuaKit

/// A timing curve as a script gives it, before the duration it will run over is known.
enum TimingSpec {
    /// A named or cubic curve.
    case curve(TimingCurve)
    /// `{dampingRatio=, initialVelocity=}`: a spring that settles in the animation's duration.
    case springRatio(dampingRatio: Double, initialVelocity: Double)
    /// `{mass=, stiffness=, damping=, initialVelocity=}`: a spring that takes its own time.
    case springCoefficients(SpringParameters, initialVelocity: Double)

    /// The curve for an animation of `duration` seconds.
    func curve(duration: Double) throws(AnimationError) -> TimingCurve {
        switch self {
        case .curve(let c): c
        case let .springRatio(zeta, v): try TimingCurve.spring(dampingRatio: zeta, initialVelocity: v, duration: duration)
        case let .springCoefficients(p, v): try TimingCurve.spring(p, initialVelocity: v)
        }
    }
}

extension Scene {
    static let springTimingFields = ["dampingRatio", "initialVelocity", "mass", "stiffness", "damping"]

    /// Reads a timing curve at stack index `i`: a name (`"linear"`, `"easeIn"`, `"easeOut"`,
    /// `"easeInOut"` or `"easeInEaseOut"`, `"default"`), a cubic `{x1, y1, x2, y2}`, or a
    /// spring `{dampingRatio=, initialVelocity=}` / `{mass=, stiffness=, damping=, initialVelocity=}`.
    func timingSpec(at i: Int32, field: String, function: String, _ call: LuaCall) -> Result<TimingSpec, LuaCallError> {
        let L = call.L
        func fail(_ what: String) -> Result<TimingSpec, LuaCallError> {
            .failure(LuaCallError("bad argument #1 to '\(function)' (field '\(field)': \(what))"))
        }
        switch lua_type(L, i) {
        case LUA_TSTRING:
            do throws(AnimationError) {
                return .success(.curve(try TimingCurve(named: lua.string(at: i) ?? "")))
            } catch { return fail(error.description) }
        case LUA_TTABLE:
            let t = lua_absindex(L, i)
            if lua_rawlen(L, t) > 0 {
                var p: [Double] = []
                for k in 1...4 {
                    lua_rawgeti(L, t, lua_Integer(k))
                    if lua_type(L, -1) == LUA_TNUMBER { p.append(lua_tonumberx(L, -1, nil)) }
                    lua.pop()
                }
                guard p.count == 4, lua_rawlen(L, t) == 4 else {
                    return fail("a cubic curve needs four numbers {x1, y1, x2, y2}")
                }
                do throws(AnimationError) {
                    return .success(.curve(try TimingCurve.cubic(p[0], p[1], p[2], p[3])))
                } catch { return fail(error.description) }
            }
            guard let r = TableReader(call, argument: t, function: function, kind: "spring timing", fields: Self.springTimingFields) else {
                return fail("timing curve expected")
            }
            do throws(LuaCallError) {
                try r.finish()
                let velocity = try r.finiteNumber("initialVelocity") ?? 0
                let zeta = try r.finiteNumber("dampingRatio")
                let mass = try r.finiteNumber("mass"), stiffness = try r.finiteNumber("stiffness"), damping = try r.finiteNumber("damping")
                if mass == nil && stiffness == nil && damping == nil {
                    guard let zeta else {
                        return fail("a spring curve needs dampingRatio = … or mass/stiffness/damping")
                    }
                    do throws(AnimationError) { try requireRatio(zeta) } catch { return fail(error.description) }
                    return .success(.springRatio(dampingRatio: zeta, initialVelocity: velocity))
                }
                if zeta != nil { return fail("give dampingRatio or mass/stiffness/damping, not both") }
                do throws(AnimationError) {
                    let p = try SpringParameters(mass: mass ?? 1, stiffness: stiffness ?? 100, damping: damping ?? 10)
                    return .success(.springCoefficients(p, initialVelocity: velocity))
                } catch { return fail(error.description) }
            } catch { return .failure(error) }
        default:
            return fail("timing curve expected (a name, {x1, y1, x2, y2} or a spring table), got \(call.typeName(at: i))")
        }
    }

    /// A timing field of a constructor table, or nil.
    func timingField(_ r: TableReader, _ field: String) throws(LuaCallError) -> TimingSpec? {
        let t = r.push(field)
        defer { lua.pop() }
        if t == LUA_TNIL { return nil }
        switch timingSpec(at: -1, field: field, function: r.function, r.call) {
        case .success(let s): return s
        case .failure(let e): throw e
        }
    }
}

/// A damping ratio for a spring timing curve must be > 0.
private func requireRatio(_ zeta: Double) throws(AnimationError) {
    guard zeta.isFinite, zeta > 0 else {
        throw .invalidParameter(name: "dampingRatio", value: zeta, expected: "a finite number > 0")
    }
}
