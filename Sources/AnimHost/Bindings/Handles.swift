import Dynamics
import LuaKit

/// The Lua classes of one scene.
package final class SceneAPI {
    init(lua: LuaState) { vectors = LuaVectors(lua: lua) }

    let item = LuaClassOf<ItemHandle>(name: "animhost.Item", kind: "item")
    let animator = LuaClassOf<AnimatorHandle>(name: "animhost.Animator", kind: "animator")
    let composite = LuaClassOf<LuaCompositeBehavior>(name: "animhost.Composite", kind: "behavior")
    /// The built-in behavior classes, each with the Swift type it binds (see `behaviorClass`).
    package var behaviorClasses: [(type: ObjectIdentifier, luaClass: LuaClass)] = []
    /// What the field bindings keep beside each field.
    let fieldStates = FieldStates()
    /// Vector conversion, with the prelude's vec metatable once it ran.
    @exclusivity(unchecked) var vectors: LuaVectors
    /// Animation classes (AnimationBindings.swift).
    let animation = AnimationClasses()
    var animatorHandle: AnimatorHandle?
    /// Where `animhost.animator{bounds = …}` set the bounds (`scene.lua:3`), so a second call
    /// with bounds is refused by naming the first instead of silently replacing them.
    var animatorBoundsSetAt: String?
    /// The strict metatable of gesture tables (GestureObject), made on the first gesture.
    var gestureMeta: LuaRef?
    /// The item class's fast fields (LuaKit holds it unretained).
    var itemFastPath: ItemFastPath?
    var items: [ItemHandle] = []
    /// `animhost.items`: the items in creation order, and by name.
    var itemList: LuaRef?
    /// `animhost.animators`: the animators in creation order.
    var animatorList: LuaRef?
}

/// A Lua handle to an item.
final class ItemHandle {
    let id: ItemID
    unowned let scene: Scene
    init(id: ItemID, scene: Scene) { self.id = id; self.scene = scene }
}

/// A Lua handle to the scene's animator.
final class AnimatorHandle {
    unowned let scene: Scene
    var onPause: LuaRef?
    var onResume: LuaRef?
    init(scene: Scene) { self.scene = scene }
}

/// A custom behavior made in Lua (`animhost.behavior(name)`): a composite whose `action`
/// calls the instance's `action(self, dt)` method after every step.
final class LuaCompositeBehavior: DynamicBehavior {
    let className: String
    /// The instance table.
    let instance: LuaRef
    override var kindName: String { className }

    init(className: String, instance: LuaRef) {
        self.className = className
        self.instance = instance
    }
}
