import AnimHost
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// `animhost`: the executable every command starts, made to start fast (5 ms for a small
// `run`). It links no ArgumentParser, and so no FoundationEssentials: that library's symbols
// and protocol-conformance records cost every start, used or not (the Swift runtime scans
// every conformance record of the image at its first lookups). It answers what its fast paths
// are sure of — `run` with an ordinary list, `--version` alone — starts `view`'s executable,
// and replaces itself with animhost-cli (the whole command line, ArgumentParser's) for
// everything else, with the same arguments: help, usage errors and the other commands are
// animhost-cli's, byte for byte.

let arguments = Array(CommandLine.arguments.dropFirst())

// `view` goes straight to its executable; its `--help` to animhost-cli, which reads the same
// options without the server (a first `view --help` need not build it).
if arguments.first == "view" {
    let options = arguments.dropFirst().prefix { $0 != "--" }
    if options.contains("--help") || options.contains("-h") { exit(SiblingCommand.commandLine(arguments)) }
    // A script that cannot be read is said here, as animhost-view would say it, before a first
    // `scripts/animhost view` builds the server (about a minute) only to say it.
    if let script = options.first, !script.hasPrefix("-"), let problem = Scene.scriptProblem(script) {
        writeError("animhost: \(problem.description)\n")
        exit(problem.exitCode)
    }
    exit(SiblingCommand.view(Array(arguments.dropFirst())))
}

if let version = versionFastPath(arguments) {
    print(version)
    exit(0)
}

// `run` with a list its fast path is sure of (see RunArguments.fastParse); its errors are
// reported as animhost-cli reports them (a HostError: "animhost: …", its own status).
if arguments.first == "run", let run = RunArguments.fastParse(Array(arguments.dropFirst())) {
    do throws(HostError) {
        exit(Host.run(try run.options()))
    } catch {
        writeError("animhost: \(error.description)\n")
        exit(error.exitCode)
    }
}

// A forgotten `run` or a misspelt command: said here, with what to type instead.
if let message = CommandWord.unknownCommandMessage(arguments) {
    writeError("animhost: \(message)\n")
    exit(2)
}

exit(SiblingCommand.commandLine(arguments))
