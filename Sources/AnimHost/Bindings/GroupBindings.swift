import CLuaShim
import Dynamics
import LuaKit

// animhost.group{items=, name=} — UIDynamicItemGroup: an item made of other items that
// moves and collides as one rigid body. It returns an item, to be put in behaviors.

extension Scene {
    func registerGroup(in t: Int32) {
        lua.register("group", in: t) { [unowned self] call in
            guard let r = TableReader(call, argument: 1, function: "group", kind: "group", fields: ["items", "name"]) else {
                return call.argumentError(1, "table expected, got \(call.typeName(at: 1))")
            }
            do throws(LuaCallError) {
                try r.finish()
                let animator = self.stage.animator
                let name = try r.string("name") ?? "group\(animator.itemCount + 1)"
                if animator.item(named: name) != nil {
                    return .error("an item named '\(name)' already exists; item names must be unique")
                }
                guard r.push("items") != LUA_TNIL else {
                    self.lua.pop()
                    return .error("bad argument #1 to 'group' (field 'items' is required: a list of items)")
                }
                var message: String?
                guard let items = self.itemList(at: -1, field: "items", function: "group", call).get(orStore: &message) else {
                    self.lua.pop(); return .error(message!)
                }
                self.lua.pop()
                let id: ItemID
                do throws(DynamicsError) { id = try animator.addGroup(name: name, items: items) } catch { return .error(error.description) }
                self.api.items.append(ItemHandle(id: id, scene: self))
                self.push(id)
                return .results(1)
            } catch { return .error(error.description) }
        }
    }
}
