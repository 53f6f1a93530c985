import CLuaShim
import Dynamics
import LuaKit

/// A jump of items' motion the script makes on purpose (`animhost.declareJump`): a drop
/// restarted from its top, property animators reversed. The frame check and `animhost fuzz`
/// exempt those items' frame pairs around `time`, and name `why` where they say so.
public struct DeclaredJump: Sendable, Equatable {
    public var time: Double
    public var items: [String]
    public var why: String
    public var location: String?
}

extension Scene {
    /// `animhost.declareJump(items, why)` and `animhost.fuzz{restWithin=}`: what the scene says
    /// is by design, so that `animhost fuzz` does not report it — said in the script, where a
    /// reader sees it, rather than known silently to the checks.
    func registerFuzzDeclarations(in module: LuaModule) {
        module.function(
            "declareJump",
            "Declares that the items' motion jumps now on purpose (a restart from a fixed start, property "
                + "animators reversed, which flips their velocity as UIKit's `isReversed` does): `animhost fuzz` "
                + "and the frame check exempt these items' frame pairs within one step of now, and nothing else. "
                + "Call it where the jump is made, in the handler that makes it.",
            [
                LuaParam("items", itemListType, "the items that jump"),
                LuaParam(
                    "why", LuaType<String>.string, "what the jump is, for a reader of the script and of fuzz's report"),
            ],
            example:
                "animhost.tap(ball, function() animhost.declareJump({ball}, \"a tap restarts the drop\"); drop() end)"
        ) { [unowned self] call throws(LuaCallError) in
            let items = try call.argument(1, self.itemListType)
            let why = try call.argument(2, .string)
            if items.isEmpty { throw call.argumentFailure(1, "expected at least one item") }
            let a = self.stage.animator
            self.declaredJumps.append(
                DeclaredJump(time: self.stage.time, items: items.map { a.name(of: $0) }, why: why,
                             location: call.callerLocation))
            return .none
        }
        let fuzzFields = [
            LuaParam(
                "restWithin", LuaType<Double>.atLeast(0),
                "how long after the last touch the scene must be at rest (0: it never rests by design, such as a "
                    + "field that keeps things moving or a pendulum that swings for a minute); `--rest-within` "
                    + "overrides it", optional: true, unit: "s", defaultValue: "10"),
        ]
        module.function(
            "fuzz", "Settles how `animhost fuzz` treats this scene (the command line's options override it).",
            [LuaParam("fields", "table", annotation: "{restWithin: number?}", "restWithin")],
            example: "animhost.fuzz{restWithin = 0}   -- a field keeps the items moving"
        ) { [unowned self] call throws(LuaCallError) in
            guard let r = LuaFields(call, function: "fuzz") else {
                throw call.argumentFailure(1, "expected table, got \(call.typeName(at: 1))")
            }
            try r.checkNames(valid: fuzzFields.map(\.name), kind: "fuzz")
            if let w = try r.optional("restWithin", .atLeast(0)) {
                guard w <= 1000 else { throw call.argumentFailure(1, "restWithin must be from 0 to 1000 s, got \(w)") }
                self.fuzzRestWithin = w
            }
            return .none
        }
        module.describeFields(of: "fuzz", fuzzFields)
    }
}
