/// busted's command-line options that `animhost test` does not take. ArgumentParser would
/// answer `--repeat 3` with "did you mean '--seed'?" — a different option that a CI script
/// written for busted must not be steered to — so these are refused by name first, with the
/// options that are taken (docs/tests.md has the table).
public enum BustedOptions {
    /// busted 2.1.1's long options `animhost test` does not take (with and without `--no-`).
    static let unsupportedLong: Set<String> = [
        "--directory", "--config-file", "--coverage-config-file", "--name", "--exclude-names-from",
        "--log-success", "--repeat", "--lang", "--loaders", "--lua", "--ignore-lua", "--lazy", "--no-lazy",
        "--auto-insulate", "--no-auto-insulate", "--recursive", "--no-recursive", "--enable-sound",
        "--no-enable-sound", "--no-shuffle-files", "--no-shuffle-tests",
        "--no-shuffle", "--sort", "--no-sort", "--sort-files", "--no-sort-files", "--sort-tests", "--no-sort-tests",
        "--suppress-pending", "--defer-print", "--no-coverage", "--no-verbose",
    ]
    /// Its short options not taken: those with a value may have it glued on (`-Cspecs`).
    static let unsupportedShortWithValue: [String] = ["-e", "-C", "-f", "-X"]
    static let unsupportedShort: Set<String> = ["-s", "-R", "-k"]

    /// What `animhost test` takes of busted's options, for the message.
    public static let supported = "ROOT…, -p/--pattern, --exclude-pattern, -o/--output, -m/--lpath, --cpath, "
        + "--helper, -r/--run, -t/--tags, --exclude-tags, --filter, --filter-out, --shuffle, --shuffle-files, --shuffle-tests, --seed, -l/--list, "
        + "-v/--verbose, --keep-going/--no-keep-going, -c/--coverage"

    /// The usage error for the first busted option in `arguments` (what follows `animhost`)
    /// that `animhost test` does not take; nil when there is none or the command is not `test`.
    public static func refusal(_ arguments: [String]) -> String? {
        guard arguments.first == "test" else { return nil }
        for a in arguments.dropFirst() {
            if a == "--" { break }
            let name = a.hasPrefix("--") ? String(a.prefix { $0 != "=" }) : a
            let short = unsupportedShortWithValue.first { a.hasPrefix($0) && !a.hasPrefix("--") }
            guard unsupportedLong.contains(name) || unsupportedShort.contains(a) || short != nil else { continue }
            let option = short.map { $0 == "-X" ? String(a.prefix { $0 != "=" }) : $0 } ?? name
            return "busted option \(option) is not supported by animhost test; supported: \(supported) "
                + "(docs/tests.md)"
        }
        return nil
    }
}
