import CLuaShim
import Dynamics
import LuaKit

/// The gesture-release kit: `animhost.project`, `animhost.rubberBand`, `animhost.nearest`,
/// each taking numbers or vectors. Pure (no scene): scene scripts and test files both get
/// it, so a test can compute the detent it expects the way the scene chose it.
package enum ReleaseKitBinding {
    /// A number or a vector argument, as read.
    enum Value {
        case number(Double)
        case vector(Vec2)

        var kind: String {
            switch self {
            case .number: return "number"
            case .vector: return "vector"
            }
        }
    }

    static let numberOrVector = "number or vector {x, y}"
    static let annotation = "number|animhost.Vec|number[]"
    static let rateType = "number in (0, 1), \"normal\" or \"fast\""

    /// Registers the three functions; `vectors` gives the state's vec reader and pusher when
    /// called (the vec metatable exists only after the prelude ran).
    package static func register(in module: LuaModule, vectors: @escaping () -> LuaVectors) {
        module.function("project", "Where a fling comes to rest: `position + velocity/1000 · rate/(1 − rate)`, the distance travelled by a velocity multiplied by `rate` every millisecond (UIScrollView's deceleration, as WWDC 2018 \"Designing Fluid Interfaces\" projects a release). `rate` is a number in (0, 1) or `\"normal\"` (0.998: 1000 pt/s travels 499 pt) or `\"fast\"` (0.99: 99 pt). Numbers, or vectors (each axis on its own); position and velocity of the same kind.",
                        [LuaParam("position", numberOrVector, annotation: annotation, "Where the release happens.", unit: "pt"),
                         LuaParam("velocity", numberOrVector, annotation: annotation, "The release velocity, the same kind as position.", unit: "pt/s"),
                         LuaParam("rate", rateType, annotation: "number|\"normal\"|\"fast\"", "The deceleration per millisecond.", optional: true, defaultValue: "\"normal\"")],
                        returns: LuaParam("rest", numberOrVector, annotation: "number|animhost.Vec"),
                        example: "local rest = animhost.project(300, -1000)  --> -199.0 (300 − 499)") { call throws(LuaCallError) in
            let position = try value(call, 1, vectors())
            let velocity = try value(call, 2, vectors(), like: position, named: "position")
            let rate = try readRate(call, 3)
            try noMore(call, 3)
            switch (position, velocity) {
            case (.number(let p), .number(let v)): call.push(ReleaseKit.project(p, velocity: v, rate: rate))
            case (.vector(let p), .vector(let v)): vectors().push(ReleaseKit.project(p, velocity: v, rate: rate), call.L)
            default: preconditionFailure("checked to be of one kind")
            }
            return .results(1)
        }

        module.function("rubberBand", "UIScrollView's resistance past an edge: how far content moves when the finger is `offset` past it, `(1 − 1/(|offset|·c/d + 1))·d` with the sign of `offset` (d = `dimension`, the view's size along the axis; c = `constant`, 0.55). It follows the finger at slope c at first and never reaches d: 100 pt past the edge of a 960 pt view shows as 52.0 pt. Numbers, or a vector offset with a number or vector dimension (each axis on its own).",
                        [LuaParam("offset", numberOrVector, annotation: annotation, "How far the finger is past the edge.", unit: "pt"),
                         LuaParam("dimension", numberOrVector, annotation: annotation, "The view's size along the axis, > 0.", unit: "pt"),
                         LuaParam("constant", "number", annotation: "number", "How stiff the band is, > 0.", optional: true, defaultValue: "0.55")],
                        returns: LuaParam("shown", numberOrVector, annotation: "number|animhost.Vec"),
                        example: "local y = animhost.rubberBand(100, 960)  --> 52.0") { call throws(LuaCallError) in
            let offset = try value(call, 1, vectors())
            let dimension = try value(call, 2, vectors())
            let constant = try call.optionalArgument(3, LuaType<Double>.above(0)) ?? ReleaseKit.rubberBandConstant
            try noMore(call, 3)
            switch (offset, dimension) {
            case (.number(let x), .number(let d)):
                guard d > 0 else { throw call.argumentFailure(2, "dimension must be > 0, got \(NumberFormat.string(d))") }
                call.push(ReleaseKit.rubberBand(x, dimension: d, constant: constant))
            case (.vector(let x), _):
                let d: Vec2
                if case .vector(let v) = dimension { d = v } else if case .number(let n) = dimension { d = Vec2(n, n) } else { d = .zero }
                guard d.x > 0 && d.y > 0 else {
                    throw call.argumentFailure(2, "dimension must be > 0 on both axes, got {\(NumberFormat.string(d.x)), \(NumberFormat.string(d.y))}")
                }
                vectors().push(ReleaseKit.rubberBand(x, dimension: d, constant: constant), call.L)
            case (.number, .vector):
                throw call.argumentFailure(2, "expected a number, as `offset` is, got a vector (give a vector offset for a vector dimension)")
            }
            return .results(1)
        }

        module.function("nearest", "The candidate nearest `value`, and its index: numbers by |difference|, vectors by distance; the first of equally near ones. With `project` it picks where a release goes: `animhost.nearest(detents, animhost.project(y, vy))`.",
                        [LuaParam("candidates", "list of numbers or of vectors", annotation: "number[]|animhost.Vec[]|number[][]", "A non-empty list, all of value's kind."),
                         LuaParam("value", numberOrVector, annotation: annotation, "The value to compare with.")],
                        // LuaLS reads `---@return T1 name1, T2 name2` as two results.
                        returns: LuaParam("index", "number or vec, integer", annotation: "number|animhost.Vec nearest, integer"),
                        example: "local y, i = animhost.nearest({100, 300, 600}, 420)  --> 300  2") { call throws(LuaCallError) in
            let vec = vectors()
            let target = try value(call, 2, vec)
            try noMore(call, 2)
            let L = call.L
            guard lua_type(L, 1) == LUA_TTABLE else {
                throw call.argumentFailure(1, "expected a list of \(target.kind)s, got \(call.typeName(at: 1))")
            }
            let n = Int(lua_rawlen(L, 1))
            guard n > 0 else { throw call.argumentFailure(1, "expected a non-empty list of \(target.kind)s, got an empty table") }
            guard n <= 1_000_000 else { throw call.argumentFailure(1, "at most 1000000 candidates, got \(n)") }
            var numbers: [Double] = [], points: [Vec2] = []
            for k in 1...n {
                lua_rawgeti(L, 1, lua_Integer(k))
                let slot = lua_gettop(L)
                defer { lua_settop(L, slot - 1) }
                let element: Value
                switch readValue(call, slot, vec) {
                case .success(let v): element = v
                case .failure(let e): throw call.argumentFailure(1, "[\(k)]: \(e.detail)")
                }
                switch (element, target) {
                case (.number(let x), .number): numbers.append(x)
                case (.vector(let p), .vector): points.append(p)
                default: throw call.argumentFailure(1, "[\(k)]: expected a \(target.kind), as `value` is, got a \(element.kind)")
                }
            }
            switch target {
            case .number(let x):
                let k = ReleaseKit.nearest(numbers, to: x)!
                lua_rawgeti(L, 1, lua_Integer(k + 1))   // the candidate as given: an integer stays an integer
                lua_pushinteger(L, lua_Integer(k + 1))
            case .vector(let p):
                let k = ReleaseKit.nearest(points, to: p)!
                vec.push(points[k], L)
                lua_pushinteger(L, lua_Integer(k + 1))
            }
            return .results(2)
        }
    }

    /// Argument `k` as a number or a vector; with `like`, it must be of that kind.
    static func value(_ call: LuaCall, _ k: Int32, _ vectors: LuaVectors, like other: Value? = nil, named otherName: String = "") throws(LuaCallError) -> Value {
        let read: Value
        switch readValue(call, k, vectors) {
        case .success(let v): read = v
        case .failure(let e): throw call.argumentFailure(k, e.detail)
        }
        if let other, other.kind != read.kind {
            throw call.argumentFailure(k, "expected a \(other.kind), as `\(otherName)` is, got a \(read.kind)")
        }
        return read
    }

    /// The value at stack index `i` as a number or a vector, finite and within ±1e9 like
    /// every number entering the simulation, or why not.
    static func readValue(_ call: LuaCall, _ i: Int32, _ vectors: LuaVectors) -> Result<Value, LuaValueError> {
        let L = call.L
        if lua_type(L, i) == LUA_TNUMBER {
            let x = lua_tonumberx(L, i, nil)
            guard x.isFinite && abs(x) <= 1e9 else {
                return .failure(.invalid(x.isFinite ? "must be within ±1e9, got \(NumberFormat.string(x))" : "must be finite, got \(NumberFormat.string(x))"))
            }
            return .success(.number(x))
        }
        if let v = vectors.read(at: i, L) {
            if let e = Scene.checkVector(v) { return .failure(e) }
            return .success(.vector(v))
        }
        return .failure(.type(expected: numberOrVector, got: describe(call, i)))
    }

    /// What a value that is neither a number nor a vector is, in the vec type's words.
    static func describe(_ call: LuaCall, _ i: Int32) -> String {
        lua_type(call.L, i) == LUA_TTABLE ? LuaVectors.describeNonVector(at: i, call) : call.typeName(at: i)
    }

    /// `rate`: a number in (0, 1), `"normal"` or `"fast"`; nil for normal.
    static func readRate(_ call: LuaCall, _ k: Int32) throws(LuaCallError) -> Double {
        let L = call.L
        switch lua_type(L, k) {
        case LUA_TNONE, LUA_TNIL: return ReleaseKit.normalRate
        case LUA_TSTRING:
            let name = try call.argument(k, LuaType<String>.choice(["normal", "fast"]))
            return name == "fast" ? ReleaseKit.fastRate : ReleaseKit.normalRate
        case LUA_TNUMBER:
            let r = lua_tonumberx(L, k, nil)
            guard r > 0 && r < 1 else {
                throw call.argumentFailure(k, "rate must be between 0 and 1 (the velocity kept per millisecond, 0.998 for UIScrollView's normal), got \(NumberFormat.string(r))")
            }
            return r
        default:
            throw call.argumentFailure(k, "expected \(rateType), got \(call.typeName(at: k))")
        }
    }

    /// At most `n` arguments.
    static func noMore(_ call: LuaCall, _ n: Int32) throws(LuaCallError) {
        if call.count > n { throw LuaCallError("bad argument #\(n + 1) to '\(call.name)' (at most \(n) arguments, got \(call.count))") }
    }
}
