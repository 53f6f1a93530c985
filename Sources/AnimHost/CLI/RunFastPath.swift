/// `animhost run`'s fast path: ArgumentParser's parse was about a third of a whole
/// `animhost run` of a small scene (its checks for completion scripts and help dumps walk
/// every command's declarations by reflection), and linking it brings FoundationEssentials,
/// whose ~22 000 symbols and conformance records every start paid for. So the `animhost`
/// executable links no ArgumentParser: the common argument lists — a script and options
/// spelled in full — are read here; anything else (help, a misspelling, a missing value,
/// `--`, short options, a repeated single option) is declined, and the whole list goes
/// unchanged to animhost-cli beside it, whose ArgumentParser prints every error and help
/// text. CommandOptionsTests holds this to ArgumentParser's reading of `Run` over many
/// lists, and checks that every option `animhost run --help` lists is one this path knows.
extension RunArguments {
    /// One option of `run`: its long name, whether it takes a value, whether that value is
    /// taken even when it starts with "-" (ArgumentParser's `parsing: .unconditional`), and
    /// whether it may be given more than once.
    public struct FastOption: Sendable {
        public let name: String
        public let takesValue: Bool
        public let unconditional: Bool
        public let repeatable: Bool
    }

    /// Every option of `run` the fast path reads (all of them but `--help`).
    public static let fastOptions: [FastOption] = [
        .init(name: "duration", takesValue: true, unconditional: true, repeatable: false),
        .init(name: "hz", takesValue: true, unconditional: true, repeatable: false),
        .init(name: "seed", takesValue: true, unconditional: true, repeatable: false),
        .init(name: "memory", takesValue: true, unconditional: true, repeatable: false),
        .init(name: "set", takesValue: true, unconditional: false, repeatable: true),
        .init(name: "estimator", takesValue: true, unconditional: false, repeatable: false),
        .init(name: "fps", takesValue: true, unconditional: true, repeatable: false),
        .init(name: "format", takesValue: true, unconditional: false, repeatable: false),
        .init(name: "items", takesValue: true, unconditional: false, repeatable: false),
        .init(name: "columns", takesValue: true, unconditional: false, repeatable: false),
        .init(name: "output", takesValue: true, unconditional: false, repeatable: false),
        .init(name: "size", takesValue: true, unconditional: true, repeatable: false),
        .init(name: "input", takesValue: true, unconditional: false, repeatable: false),
        .init(name: "watch", takesValue: false, unconditional: false, repeatable: false),
        .init(name: "realtime", takesValue: false, unconditional: false, repeatable: false),
        .init(name: "allow-io", takesValue: false, unconditional: false, repeatable: false),
        .init(name: "background", takesValue: true, unconditional: false, repeatable: false),
        .init(name: "trails", takesValue: false, unconditional: false, repeatable: false),
        .init(name: "velocity", takesValue: false, unconditional: false, repeatable: false),
    ]

    /// The arguments after `run`, read without ArgumentParser; nil when the list is not one
    /// this path is sure of (then animhost-cli's ArgumentParser reads it).
    public static func fastParse(_ arguments: [String]) -> RunArguments? {
        var result = RunArguments(script: "")
        var script: String?
        var seen: [String] = []
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            i += 1
            guard !argument.isEmpty else { return nil }
            guard argument.hasPrefix("-") else {
                // One script; "help" might be read as a request for help.
                guard script == nil, argument != "help" else { return nil }
                script = argument
                continue
            }
            guard argument.hasPrefix("--"), argument.count > 2 else { return nil }
            var name = argument.dropFirst(2)
            var inline: String?
            if let equals = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: equals)...])
                name = name[..<equals]
            }
            guard let option = fastOptions.first(where: { $0.name == name }) else { return nil }
            if !option.repeatable {
                guard !seen.contains(option.name) else { return nil }
                seen.append(option.name)
            }
            guard option.takesValue else {
                guard inline == nil else { return nil }
                result.setFlag(option.name)
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else {
                guard i < arguments.count else { return nil }
                value = arguments[i]
                i += 1
            }
            // ArgumentParser ends the options at "--" even where a value is due.
            guard !value.isEmpty, value != "--", option.unconditional || !value.hasPrefix("-") else { return nil }
            result.setValue(option.name, value)
        }
        guard let script else { return nil }
        result.script = script
        return result
    }

    private mutating func setFlag(_ name: String) {
        switch name {
        case "watch": watch = true
        case "realtime": realtime = true
        case "allow-io": allowIO = true
        case "trails": trails = true
        case "velocity": velocity = true
        default: preconditionFailure("run has no flag --\(name)")
        }
    }

    private mutating func setValue(_ name: String, _ value: String) {
        switch name {
        case "duration": duration = value
        case "hz": hz = value
        case "seed": seed = value
        case "memory": memory = value
        case "set": sets.append(value)
        case "estimator": estimator = value
        case "fps": fps = value
        case "format": format = value
        case "items": items = value
        case "columns": columns = value
        case "output": output = value
        case "size": size = value
        case "input": input = value
        case "background": background = value
        default: preconditionFailure("run has no option --\(name)")
        }
    }
}
