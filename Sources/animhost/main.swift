import AnimHost
import ArgumentParser
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `animhost`: argument parsing only; everything else is in AnimHost.
struct AnimhostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "animhost",
        abstract: "A headless host for interactive, interruptible animations in the style of UIKit Dynamics.",
        subcommands: [Run.self, Repl.self, Test.self])
}

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Simulate a scene script and print its frames.")

    @Argument(help: "The scene script (.lua).") var script: String
    @Option(help: "Run exactly this many seconds (0…1000000).") var duration: String?
    @Option(help: "Simulation steps per second (1…10000).") var hz: String = "120"
    @Option(help: "Frames per second (positive, ≤ hz).") var fps: String = "60"
    @Option(help: "Frame format: csv, table, jsonl or ascii.") var format: String = "csv"
    @Option(help: "Comma-separated item names to include.") var items: String?
    @Option(help: "Comma-separated extra columns (width,height,alpha,scale,cornerRadius or custom props).") var columns: String?
    @Option(help: "Write frames to this file instead of stdout.") var output: String?
    @Option(help: "A touches CSV file (t,touch,phase,x,y).") var input: String?
    @Option(name: .customLong("set"), help: "Set a tunable: NAME=VALUE (repeatable).") var sets: [String] = []
    @Flag(help: "Re-run when the script or a file it requires changes.") var watch = false
    @Flag(help: "Pace frames to the wall clock and stream them (with --watch: reload by replay).") var realtime = false
    @Option(help: "Seed for math.random and noise fields (0…2^64−1).") var seed: String = "0"
    @Option(help: "Lua heap cap in MiB (1…1048576).") var memory: String = "256"
    @Flag(name: .customLong("allow-io"), help: "Give scripts the io library and file access.") var allowIO = false

    func run() throws {
        var o = RunOptions(script: script)
        o.duration = try duration.map { d throws(HostError) in try NumberOption.duration.parse(d) }
        o.hz = try NumberOption.hz.parseInteger(hz); o.fps = try NumberOption.fps.parse(fps)
        guard let f = FrameFormat(rawValue: format) else {
            throw HostError.usage("--format must be one of csv, table, jsonl, ascii; got '\(format)'")
        }
        o.format = f
        o.items = items.map { $0.split(separator: ",").map(String.init) }
        o.columns = columns.map { $0.split(separator: ",").map(String.init) } ?? []
        o.output = output; o.input = input
        o.sets = try sets.map { s throws(HostError) in try RunOptions.parseSet(s) }
        o.watch = watch; o.realtime = realtime; o.seed = try NumberOption.parseSeed(seed)
        o.memoryMiB = try NumberOption.memory.parseInteger(memory); o.allowIO = allowIO
        throw ExitCode(Host.run(o))
    }
}

struct Repl: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Tune a scene live: Lua and :commands in the running scene; the file reloads on save.")

    @Argument(help: "The scene script (.lua); without it, an empty scene.") var script: String?
    @Option(help: "Simulation steps per second (1…10000).") var hz: String = "120"
    @Option(help: "Frames per second recorded for :frames and :save (positive, ≤ hz).") var fps: String = "60"
    @Option(help: "Seed for math.random and noise fields (0…2^64−1).") var seed: String = "0"
    @Option(name: .customLong("set"), help: "Set a tunable: NAME=VALUE (repeatable).") var sets: [String] = []
    @Option(help: "Lua heap cap in MiB (1…1048576).") var memory: String = "256"
    @Flag(name: .customLong("allow-io"), help: "Give scripts the io library and file access.") var allowIO = false

    func run() throws {
        var o = ReplOptions()
        o.script = script; o.hz = try NumberOption.hz.parseInteger(hz); o.fps = try NumberOption.fps.parse(fps)
        o.seed = try NumberOption.parseSeed(seed); o.memoryMiB = try NumberOption.memory.parseInteger(memory); o.allowIO = allowIO
        o.sets = try sets.map { s throws(HostError) in try RunOptions.parseSet(s) }
        throw ExitCode(Host.repl(o))
    }
}

struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run scripted test suites (*_test.lua, *_spec.lua).")

    @Argument(help: "Files or directories (default: .busted's ROOT, else Tests/lua, else spec).") var paths: [String] = []
    @Option(help: "Run only tests whose full name contains this text.") var filter: String?
    @Option(help: "Report format: pretty, tap, junit or json.") var format: String?
    @Option(help: ArgumentHelp("The same as --format (kept for older scripts).", visibility: .hidden)) var output: String?
    @Flag(name: .customLong("update-snapshots"), help: "Write snapshots instead of comparing.") var updateSnapshots = false
    @Flag(help: "List the tests without running them.") var list = false
    @Option(help: "Seed for math.random and randomize() (0…2^64−1).") var seed: String = "0"
    @Flag(name: .customLong("allow-io"), help: "Let test files use the io library.") var allowIO = false
    @Option(help: "Run only tests tagged #TAG (comma-separated tags, busted's).") var tags: String?
    @Option(name: .customLong("exclude-tags"), help: "Skip tests and blocks tagged #TAG (comma-separated).") var excludeTags: String?

    func run() throws {
        var o = TestOptions()
        o.allowIO = allowIO
        func tagList(_ s: String?) -> [String] { (s ?? "").split(separator: ",").map { String($0) }.filter { !$0.isEmpty } }
        o.tags = tagList(tags); o.excludeTags = tagList(excludeTags)
        o.paths = paths
        o.filter = filter
        if let format, let output, format != output {
            throw HostError.usage("--format \(format) and --output \(output) disagree; --output is another name for --format, give one")
        }
        let option = format != nil ? "--format" : "--output"
        let name = format ?? output ?? "pretty"
        guard let chosen = TestReportFormat(rawValue: name) else {
            throw HostError.usage("\(option) must be one of pretty, tap, junit, json; got '\(name)'")
        }
        o.format = chosen
        o.updateSnapshots = updateSnapshots; o.list = list; o.seed = try NumberOption.parseSeed(seed)
        throw ExitCode(Host.test(o))
    }
}

// Usage errors exit 2 (DESIGN.md); ArgumentParser's own default is 64.
do {
    var command = try AnimhostCommand.parseAsRoot()
    try command.run()
} catch let e as HostError {
    fputs("animhost: \(e.description)\n", stderr)
    exit(e.exitCode)
} catch let code as ExitCode {
    exit(code.rawValue)
} catch {
    let status = AnimhostCommand.exitCode(for: error)
    if status == .success {
        print(AnimhostCommand.fullMessage(for: error))
        exit(0)
    }
    fputs(AnimhostCommand.fullMessage(for: error) + "\n", stderr)
    exit(2)
}
