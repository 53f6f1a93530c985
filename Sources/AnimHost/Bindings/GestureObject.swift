import CLuaShim
import Dynamics
import LuaKit

/// The gesture object handed to `tap`/`pan`/`longPress`/`pinch` handlers, described once: the
/// handlers' table, its strictness ("did you mean") and the reference and LuaLS types all
/// read this list, so a field cannot be pushed without being documented.
package enum GestureObject {
    struct Field {
        let name: String
        let annotation: String
        let doc: String
    }

    /// Every field, in the order the reference lists them. Each is set on every call of a
    /// handler (every phase); `item` is nil for a screen-level recognizer.
    static let fields: [Field] = [
        Field(name: "state", annotation: "\"began\"|\"changed\"|\"ended\"|\"cancelled\"",
              doc: "The phase of this call: a pan's, long press's and pinch's handlers get `began`, `changed`, "
                  + "then `ended` or `cancelled`; a tap's function gets `ended` (on lift)."),
        Field(name: "location", annotation: "animhost.Vec",
              doc: "Where the touch is now (pt, in the animator's reference frame); "
                  + "a pinch's: the centroid of its two touches."),
        Field(name: "translation", annotation: "animhost.Vec",
              doc: "Movement since the touch went down (pt): `location` minus where it began; "
                  + "a pinch's: its centroid's, since the second touch went down."),
        Field(name: "delta", annotation: "animhost.Vec",
              doc: "Movement since the previous touch sample (pt); `{0, 0}` when a long press begins on a timer."),
        Field(name: "velocity", annotation: "animhost.Vec",
              doc: "The touch's velocity (pt/s), estimated from recent touch samples as `estimator`'s platform does; "
                  + "at `ended` it is the release velocity. A pinch's is a number: its scale's rate (1/s), "
                  + "the change of `scale` over the last step the touches moved (kept at `ended`)."),
        Field(name: "scale", annotation: "number",
              doc: "A pinch's distance between its two touches over their distance when the second went down "
                  + "(at `began` it already holds the change that started it); 1 for other gestures."),
        Field(name: "estimator", annotation: "string",
              doc: "Which platform's velocity estimator gave `velocity`: `uikit` (the default), `android`, `compose`, "
                  + "`flutter`, `web` or `average` (set by `animhost.pan(item, {estimator=})`, "
                  + "`animhost.gestures{estimator=}` or `--estimator`)."),
        Field(name: "item", annotation: "animhost.Item?",
              doc: "The item the recognizer is attached to; nil for a screen-level recognizer (`animhost.pan(nil, …)`)."),
    ]

    static var names: [String] { fields.map(\.name) }

    /// The metatable every gesture table shares: reading a field that is not in `fields`
    /// raises `gesture has no field 'locaton'; did you mean 'location'?` at the handler's line
    /// (a misspelling used to read nil and fail later as arithmetic on nil).
    static func makeMetatable(_ lua: LuaState) -> LuaRef {
        let L = lua.L
        lua_createtable(L, 0, 2)
        let known = names
        lua.pushFunction("__index") { call in
            guard lua_type(call.L, 2) == LUA_TSTRING, let key = call.state.string(at: 2) else {
                return .error("gesture fields are named by strings (\(known.joined(separator: ", "))), got \(call.typeName(at: 2))")
            }
            if known.contains(key) { return .none }   // item on a screen-level gesture: nil
            let hint = Suggestions.closest(to: key, in: known).map { "; did you mean '\($0)'?" } ?? ""
            return .error("gesture has no field '\(key)'\(hint) fields: \(known.joined(separator: ", "))")
        }
        lua.setField("__index", in: -2)
        lua.push("animhost.Gesture"); lua.setField("__name", in: -2)
        return LuaRef(state: lua)
    }

    /// The reference section (`docs/lua-api.md`).
    package static var markdown: String {
        var s = """
            ## The gesture object

            What `animhost.tap`, `animhost.pan`, `animhost.longPress` and `animhost.pinch` handlers get \
            (`function(g) … end`). \
            Every field is set on every call (every phase); reading a field not listed here is an error \
            that names the closest (`gesture has no field 'locaton'; did you mean 'location'?`). An error \
            in a handler says which handler and when: `(in pan changed at t = 0.41 s)`.


            """
        for f in fields { s += "- `\(f.name)` (`\(f.annotation)`): \(f.doc)\n" }
        return s
    }

    /// The LuaLS class.
    package static var luaLS: String {
        var s = "---What a gesture handler gets; every field is set in every phase, other names are errors.\n---@class animhost.Gesture\n"
        for f in fields { s += "---@field \(f.name) \(f.annotation) \(f.doc)\n" }
        s += "\n---What an `animhost.pinch` handler gets: a gesture whose `velocity` is the scale's rate (1/s).\n"
        s += "---@class animhost.PinchGesture: animhost.Gesture\n"
        s += "---@field velocity number The rate of change of `scale` (1/s) over the last step the touches moved.\n"
        return s
    }
}
