/// What a REPL needs to complete names: the classes behind userdata metatables.
extension LuaState {
    /// The class registered under the metatable name `name` (`animhost.Item`), if any.
    public func registeredClass(named name: String) -> LuaClass? { classes[name] }
}

extension LuaClass {
    /// The method names, in declaration order (what completes after `:`).
    public var methodList: [String] { methodNames }
}
