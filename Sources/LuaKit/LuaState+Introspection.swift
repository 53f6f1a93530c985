/// What a REPL and the reference need: the classes behind userdata metatables.
extension LuaState {
    /// The class registered under the metatable name `name` (`animhost.Item`), if any.
    public func registeredClass(named name: String) -> LuaClass? { classes[name] }

    /// Every registered class, in registration order.
    public var registeredClasses: [LuaClass] { classOrder }
}
