import LuaKit

/// The first word of animhost's command line when it is no command: a forgotten `run`
/// (`animhost behaviors/pane.lua`) or a misspelt command (`animhost rnu …`). animhost answers
/// these itself, with what to type instead, rather than handing them to animhost-cli, whose
/// ArgumentParser says only "Unexpected argument" (and which a fresh clone has not built yet).
public enum CommandWord {
    /// animhost-cli's commands in its `--help` order (CommandLineExecutableTests holds the two
    /// lists to each other).
    public static let commands = ["run", "repl", "test", "plot", "sweep", "fit", "spring", "velocity", "fuzz", "check", "handoff", "view"]

    /// The message for a list whose first word is neither a command, `help` nor an option;
    /// nil for every other list.
    public static func unknownCommandMessage(_ arguments: [String]) -> String? {
        guard let first = arguments.first, !first.isEmpty, !first.hasPrefix("-"), first != "help",
              !commands.contains(first) else { return nil }
        if isRegularFile(first) {
            return "'\(first)' is not a command; to run that scene: animhost run "
                + arguments.map(shellWord).joined(separator: " ")
        }
        if first.hasSuffix(".lua") {
            if let near = SimilarFiles.closest(to: first), isRegularFile(near) {
                return "'\(first)' is not a command, and there is no such file; did you mean: animhost run "
                    + ([near] + arguments.dropFirst()).map(shellWord).joined(separator: " ")
            }
            return "'\(first)' is not a command, and there is no such file; "
                + "to run a scene: animhost run SCRIPT (e.g. animhost run behaviors/pane.lua)"
        }
        let list = commands.joined(separator: ", ")
        guard let near = Suggestions.closest(to: first, in: commands) else {
            return "unknown command '\(first)'; the commands are \(list) (animhost --help says more)"
        }
        return "unknown command '\(first)'; did you mean '\(near)'? "
            + "(the commands: \(list); animhost --help says more)"
    }

    /// `word` as a shell reads it back: quoted when it holds anything but plain characters.
    private static func shellWord(_ word: String) -> String {
        let plain = !word.isEmpty && word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:,+@%".contains($0) }
        if plain { return word }
        return "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
