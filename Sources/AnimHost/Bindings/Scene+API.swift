import CLuaShim
import Dynamics
import LuaKit

extension Scene {
    /// Builds the `animhost` table: the prelude's Lua parts, then the Swift bindings.
    func installAPI() throws(HostError) {
        let L = lua.L
        lua_createtable(L, 0, 32)
        let t = lua.top
        let module = LuaModule(name: "animhost", state: lua, table: t)
        module.hidden("_num") { call in
            guard case .success(let v) = call.number(at: 1) else { call.push("?"); return .results(1) }
            call.push(NumberFormat.string(v)); return .results(1)
        }
        for (name, doc) in [("items", "The scene's items in creation order; also by name (`animhost.items.pane`)."),
                            ("animators", "The scene's animators, in creation order.")] {
            lua_createtable(L, 0, 0)
            lua_pushvalue(L, -1)
            if name == "items" { api.itemList = LuaRef(state: lua) } else { api.animatorList = LuaRef(state: lua) }
            lua.setField(name, in: t)
            module.value(name, type: name == "items" ? "list of items" : "list of animators",
                         annotation: name == "items" ? "table<integer|string, animhost.Item>" : "animhost.Animator[]", doc)
        }
        registerItems(in: module)
        registerAnimator(in: module)
        registerAttachment(in: module)
        registerItemBehavior(in: module)
        registerGravity(in: module)
        registerPush(in: module)
        registerSnap(in: module)
        registerFields(in: module)
        registerComposites(in: module)
        registerCollision(in: module)
        registerGroup(in: module)
        registerScene(in: module)
        registerInput(in: module)
        registerAnimations(in: module)
        module.document("vec", "A vector value: fields x and y (also [1] and [2]), arithmetic operators, :length(), :normalized(), :dot(v), :cross(v), :angle(), :unpack(). `animhost.vec(v)` copies any vector; `animhost.vec.length(v)` is the method as a function; a function assigned to `animhost.vec.name` becomes a method of every vec.",
                        [LuaParam("x", .number), LuaParam("y", .number)], returns: LuaParam("v", "vec", annotation: "animhost.Vec"),
                        example: "local v = animhost.vec(3, 4); print(v:length())  --> 5.0")
        module.document("behavior", "Makes a custom behavior class (like subclassing UIDynamicBehavior): define init(self, ...) and optionally action(self, dt), called after every step; instances have :addChild(b), :removeChild(b), .childBehaviors, .animator. Create with Class.new(...). As in UIKit, an item moves only while a built-in behavior holds it (gravity, collision, push, snap, attachment, field, itemBehavior): an action that sets the velocity of an item no built-in behavior holds changes the number, not the motion — add the item to one, e.g. self:addChild(animhost.itemBehavior{items = {item}}).",
                        [LuaParam("name", .string)], returns: LuaParam("class", "behavior class", annotation: "animhost.BehaviorClass"),
                        example: "local Drag = animhost.behavior(\"Drag\")\nfunction Drag:init(item) self:addChild(animhost.snap{item = item, to = {0, 0}}) end")
        SpringConvertBinding.register(in: module)
        // Global `animhost` and require "animhost".
        lua_pushvalue(L, t); lua.setGlobal("animhost")
        lua.pushGlobal("package"); lua.push("loaded"); lua_rawget(L, -2)
        lua_pushvalue(L, t); lua.setField("animhost", in: -2)
        lua.setTop(t)
        cl_pushvecconstructor(L); lua.setField("vec", in: t)
        // The prelude adds printing vecs and behavior classes to the table.
        do {
            try lua.load(.prelude)
            lua_pushvalue(L, t)
            cl_pushvecmeta(L)
            try lua.call(nargs: 2, nresults: 0)
        } catch { throw .script(error.description) }
        lua.enableStrictFields(ofTableAt: t, named: "animhost")
        cl_pushvecmeta(L)
        api.vectors.meta = LuaRef(state: lua)
        lua.setTop(t - 1)
    }

    /// Reads the item userdata at `i`.
    func item(at i: Int32, _ call: LuaCall) -> ItemHandle? {
        call.object(at: i, of: api.item) as? ItemHandle
    }

    /// Reads a behavior argument: a built-in behavior userdata or a custom behavior instance.
    func behavior(at i: Int32, _ call: LuaCall) -> DynamicBehavior? {
        for (_, c) in api.behaviorClasses {
            if let b = call.object(at: i, of: c) { return unsafeDowncast(b, to: DynamicBehavior.self) }
        }
        guard call.type(at: i) == LUA_TTABLE else { return nil }
        lua.push("__animhost_behavior")
        lua_rawget(lua.L, i < 0 ? i - 1 : i)
        defer { lua.pop() }
        return call.object(at: -1, of: api.composite) as? DynamicBehavior
    }

    /// Pushes the Lua value for a behavior (its userdata, or the instance table).
    func push(_ b: DynamicBehavior) {
        if let c = b as? LuaCompositeBehavior { c.instance.push(); return }
        let type = ObjectIdentifier(Swift.type(of: b))
        guard let c = api.behaviorClasses.first(where: { $0.type == type })?.luaClass else {
            preconditionFailure("\(Swift.type(of: b)) has no Lua class")
        }
        lua.push(b, as: c)
    }
}
