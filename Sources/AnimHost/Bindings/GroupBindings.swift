import Dynamics
import LuaKit

extension Scene {
    /// `animhost.group{items=, name=}` (UIDynamicItemGroup): an item made of other items that
    /// moves and collides as one rigid body. It returns an item, to be put in behaviors.
    func registerGroup(in module: LuaModule) {
        let fields = [LuaParam("items", itemListType, "the members"),
                      LuaParam("name", .string, "unique name", optional: true, defaultValue: "\"group<N>\"")]
        module.function("group", "Makes one rigid item of several (UIDynamicItemGroup); put the group, not its members, in behaviors.",
                        [LuaParam("fields", "table", annotation: "table", "items, name")],
                        returns: LuaParam("group", "item", annotation: "animhost.Item"),
                        example: "local body = animhost.group{items = {head, torso}, name = \"body\"}") { [unowned self] call throws(LuaCallError) in
            guard let r = LuaFields(call, function: "group") else { throw call.argumentFailure(1, "expected table, got \(call.typeName(at: 1))") }
            try r.checkNames(valid: fields.map(\.name), kind: "group")
            let animator = self.stage.animator
            let name = try r.optional("name", .string) ?? "group\(animator.itemCount + 1)"
            if animator.item(named: name) != nil {
                throw LuaCallError("an item named '\(name)' already exists; item names must be unique")
            }
            let items = try r.required("items", self.itemListType)
            let id: ItemID
            if let refusal = self.lua.chargeHostMemory(HostMemory.itemBytes) { throw LuaCallError(refusal) }
            do throws(DynamicsError) { id = try animator.addGroup(name: name, items: items) } catch {
                self.lua.creditHostMemory(HostMemory.itemBytes)
                throw LuaCallError(error.description)
            }
            _ = self.addHandle(id)
            self.push(id)
            return .results(1)
        }
        module.describeFields(of: "group", fields)
    }
}
