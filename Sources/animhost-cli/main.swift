import AnimHost
import ArgumentParser
import CommandOptions
import Dynamics
import Workbench
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `animhost-cli`: animhost's whole command line, read by ArgumentParser; everything else is
/// in AnimHost. The `animhost` executable answers `run` and `--version` with the lists its
/// fast paths read, and replaces itself with this one (same arguments) for everything else,
/// so help, usage errors and every other command are ArgumentParser's, byte for byte.
/// Every command names itself (`commandName`): ArgumentParser otherwise derives the name
/// from the type's name (`String(describing:)`, the runtime's demangler) several times per
/// parse, which was about 15 % of a whole `animhost run`.
struct AnimhostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "animhost",
        abstract: "A headless host for interactive, interruptible animations in the style of UIKit Dynamics.",
        version: animhostVersion,
        subcommands: [Run.self, Repl.self, Test.self, Plot.self, Sweep.self, Fit.self, Spring.self, Velocity.self,
                      Fuzz.self, Check.self, Handoff.self, View.self])
}

struct Repl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl",
        abstract: "Tune a scene live: Lua and :commands in the running scene; the file reloads on save.")

    @Argument(help: "The scene script (.lua); without it, an empty scene.") var script: String?
    @OptionGroup var shared: SharedOptions
    @Option(parsing: .unconditional, help: "Frames per second recorded for :frames and :save, a whole number from 1 to --hz (default: 60, or --hz when it is below 60).") var fps: String?
    @Flag(name: .customLong("allow-io"), help: "Give scripts the io library and file access.") var allowIO = false
    @Option(help: "An item :set compares (repeatable; default: the three that moved most).") var item: [String] = []

    func run() throws {
        var o = ReplOptions()
        let common = try shared.parsed()
        o.script = script; o.hz = common.hz; o.fps = try NumberOption.parseFPS(fps, hz: o.hz)
        o.seed = common.seed; o.memoryMiB = common.memoryMiB; o.allowIO = allowIO
        o.items = item
        o.sets = common.sets; o.estimator = try shared.parsedEstimator()
        throw ExitCode(Host.repl(o))
    }
}

/// `animhost view`: its options and help are read here (the same `ViewArguments` as
/// animhost-view's), so `animhost view --help` needs no server; the command itself is the
/// animhost-view executable beside this one (`SiblingCommand.view`), given the same list.
struct View: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "view",
        abstract: ViewArguments.abstract,
        discussion: "The server is its own executable, animhost-view, beside animhost: "
            + "scripts/animhost builds it on the first `view` (about a minute on a small machine).")

    @OptionGroup var arguments: ViewArguments

    func run() throws {
        let list = CommandLine.arguments.dropFirst().drop { $0 != "view" }.dropFirst()
        throw ExitCode(SiblingCommand.view(Array(list)))
    }
}

struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run scripted test suites (*_test.lua, *_spec.lua).")

    @Argument(help: "Files or directories (default: .busted's ROOT, else Tests/lua, else spec).") var paths: [String] = []
    @Option(help: "Run only tests whose full name contains this text.") var filter: String?
    @Option(help: "Report format: pretty, tap, junit or json.") var format: String?
    @Option(name: [.customShort("o"), .long],
            help: "busted's output handler: utfTerminal, plainTerminal (pretty), TAP, junit, json; or a --format.")
    var output: String?
    @Flag(name: .customLong("update-snapshots"), help: "Write snapshots instead of comparing.") var updateSnapshots = false
    @Flag(name: [.customShort("l"), .long], help: "List the tests without running them.") var list = false
    @Option(name: [.customShort("p"), .long],
            help: "Run test files whose name matches this Lua pattern (repeatable; busted's; replaces .busted's).")
    var pattern: [String] = []
    @Option(name: .customLong("exclude-pattern"),
            help: "Skip test files whose name matches this Lua pattern (repeatable; wins over --pattern).")
    var excludePattern: [String] = []
    @Option(name: .customLong("filter-out"),
            help: "Skip tests whose full name matches this Lua pattern (repeatable; wins over --filter).")
    var filterOut: [String] = []
    @Option(name: [.customShort("r"), .customLong("run")],
            help: "The .busted task to read (default: default).")
    var task: String?
    @Option(name: [.customShort("m"), .long],
            help: "Module path templates put in front of package.path (replaces .busted's lpath).")
    var lpath: String?
    @Option(help: "C module path templates (with --allow-io; replaces .busted's cpath).") var cpath: String?
    @Option(help: "A Lua file run in each test file's state before it (replaces .busted's helper).") var helper: String?
    @Flag(help: "Run the files and the tests in each block in an order drawn from --seed (both of the next two).")
    var shuffle = false
    @Flag(name: .customLong("shuffle-files"), help: "Run the files in an order drawn from --seed.")
    var shuffleFiles = false
    @Flag(name: .customLong("shuffle-tests"),
          help: "Run each block's tests and blocks in an order drawn from --seed, but where it says randomize(false).")
    var shuffleTests = false
    @Flag(name: [.customShort("v"), .long],
          help: "Verbose errors (busted's -v; animhost's reports always carry the traceback).")
    var verbose = false
    @Flag(name: .customLong("keep-going"), inversion: .prefixedNo,
          help: "Carry on after a failure or error (--no-keep-going stops at the first).")
    var keepGoing = true
    @Flag(name: [.customShort("c"), .long],
          help: "Accepted for busted's sake: no coverage is measured (a note says so).")
    var coverage = false
    @Option(parsing: .unconditional, help: "Seed for math.random and randomize() (0…2^64−1).") var seed: String = "0"
    @Flag(name: .customLong("allow-io"),
          help: "Run test files with stock Lua's powers, as busted does: full io, os and debug, installed and C modules, files outside the project.")
    var allowIO = false
    @Option(name: [.customShort("t"), .long],
            help: "Run only tests tagged #TAG (comma-separated tags, busted's).")
    var tags: String?
    @Option(name: .customLong("exclude-tags"),
            help: "Skip tests and blocks tagged #TAG (comma-separated).")
    var excludeTags: String?
    @Option(help: ArgumentHelp("Release-velocity estimator of every scene's recognizers that name none "
                               + "(animhost.load's default): \(VelocityEstimator.names).")) var estimator: String?

    func run() throws {
        var o = TestOptions()
        o.allowIO = allowIO
        func tagList(_ s: String?) -> [String] { (s ?? "").split(separator: ",").map { String($0) }.filter { !$0.isEmpty } }
        o.tags = tagList(tags); o.excludeTags = tagList(excludeTags)
        o.paths = paths
        o.filter = filter
        o.patterns = pattern; o.excludePatterns = excludePattern; o.filterOut = filterOut; o.task = task
        o.lpath = lpath; o.cpath = cpath; o.helper = helper
        o.shuffleFiles = shuffle || shuffleFiles; o.shuffleTests = shuffle || shuffleTests
        o.keepGoing = keepGoing; o.coverage = coverage
        // busted's output handlers by their names (-o TAP), else a --format name.
        let bustedOutputs = ["utfterminal": "pretty", "plainterminal": "pretty", "tap": "tap",
                             "junit": "junit", "json": "json"]
        let outputFormat = output.map { bustedOutputs[$0.lowercased()] ?? $0 }
        if let format, let outputFormat, format != outputFormat {
            throw HostError.usage("--format \(format) and --output \(output!) disagree; give one")
        }
        let option = format != nil ? "--format" : "--output"
        let name = format ?? outputFormat ?? "pretty"
        guard let chosen = TestReportFormat(rawValue: name) else {
            let also = format == nil ? " (or busted's utfTerminal, plainTerminal, TAP)" : ""
            throw HostError.usage("\(option) must be one of pretty, tap, junit, json\(also); got '\(output ?? name)'")
        }
        o.format = chosen
        o.updateSnapshots = updateSnapshots; o.list = list; o.seed = try NumberOption.parseSeed(seed)
        o.estimator = try SharedOptionValues.parseEstimator(estimator)
        throw ExitCode(Host.test(o))
    }
}

struct Velocity: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "velocity",
        abstract: "Each touch's release velocity as each platform measures it; "
            + "with --scene, where each item ends under each.")

    @Argument(help: "A touches CSV file (t,touch,phase,x,y).") var touches: String
    @Option(help: "One estimator (\(VelocityEstimator.names)) or all.") var estimator: String = "all"
    @Option(help: "Output format: table, csv or json.") var format: String = "table"
    @Option(help: "Run this scene once per estimator with the touches as its input and print where each item ends.")
    var scene: String?
    @Option(parsing: .unconditional, help: "Simulation steps per second of the --scene runs (1…10000).")
    var hz: String = "120"
    @Option(parsing: .unconditional, help: "Seed for math.random and noise fields in the --scene runs (0…2^64−1).")
    var seed: String = "0"
    @Option(parsing: .unconditional, help: "Lua heap cap in MiB of each --scene run (1…1048576).")
    var memory: String = "256"
    @Option(name: .customLong("set"), help: "Set a tunable of the --scene: NAME=VALUE (repeatable).")
    var sets: [String] = []
    @Flag(name: .customLong("allow-io"), help: "Give the --scene the io library and file access.") var allowIO = false

    func run() throws {
        var o = VelocityOptions(input: touches)
        o.estimator = estimator; o.format = format; o.scene = scene
        o.hz = hz; o.seed = seed; o.memory = memory; o.sets = sets; o.allowIO = allowIO
        throw ExitCode(Host.velocity(o))
    }
}

struct Handoff: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "handoff",
        abstract: "A scene's patterns (sheet, card, pip, carousel) as native code with a native test that replays "
            + "its gestures.")

    @Argument(help: "The scene (a .lua file built on patterns.sheet, card, pip or carousel).") var scene: String
    @Option(help: "The language: swift, kotlin, dart or typescript.") var to: String
    @Option(help: "The folder the files go to (default: SCENE-LANGUAGE).") var output: String?
    @Option(help: "A touches CSV (t,touch,phase,x,y) replayed with the scene's own input.") var input: String?
    @Option(name: .customLong("set"), help: "Set a tunable: NAME=VALUE (repeatable).") var sets: [String] = []
    @Option(parsing: .unconditional, help: "Simulation steps per second (1…10000).") var hz: String = "120"
    @Flag(name: .customLong("allow-io"), help: "Give the scene the io library and file access.") var allowIO = false

    func run() throws {
        var o = HandoffOptions(scene: scene)
        o.target = to; o.output = output; o.input = input; o.sets = sets; o.hz = hz; o.allowIO = allowIO
        throw ExitCode(Host.handoff(o))
    }
}

struct Plot: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Plot a `run` CSV as SVG: a chart per column, a line per item against t.")

    @Argument(help: "Frames CSV as `animhost run` writes it; - or nothing for stdin.") var frames: String?
    @Option(help: "Comma-separated item names to plot (default: all).") var items: String?
    @Option(help: "Comma-separated columns to plot (default: x, y, angle and every extra column whose value changes).") var columns: String?
    @Option(help: "Write the SVG to this file instead of stdout.") var output: String?

    func run() throws {
        throw ExitCode(Host.plot(input: frames, items: items.map { $0.split(separator: ",").map(String.init) },
                                 columns: columns.map { $0.split(separator: ",").map(String.init) }, output: output))
    }
}

struct Sweep: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sweep",
        abstract: "Run every combination of tunables (each in its own scene, in parallel) and print the motion metrics of each.")

    @Argument(help: "The scene script (.lua).") var script: String
    @Option(help: "A tunable and its values: NAME=FROM:TO:STEP (repeatable; the first varies slowest).") var vary: [String] = []
    @Option(help: "The item measured (default: the first created).") var item: String?
    @Option(parsing: .unconditional, help: "Settle tolerance in points.") var tolerance: Double = 0.5
    @Option(parsing: .unconditional, help: "Run each combination exactly this long (default: the script's, else until rest, at most 10 s).") var duration: Double?
    @Option(parsing: .unconditional, help: "Parallel runs (default: every core).") var jobs: Int?
    @Option(parsing: .unconditional, help: "Run only combinations K, K+N, K+2N, … (1-based): K/N.") var shard: String?
    @Option(help: "Output: csv, table or svg.") var format: String = "csv"
    @Option(help: "Write to this file instead of stdout.") var output: String?
    @Option(help: "A touches CSV file (t,touch,phase,x,y) given to every run.") var input: String?
    @OptionGroup var shared: SharedOptions
    @Option(name: .customLong("max-combinations"), parsing: .unconditional, help: "Refuse a sweep of more combinations than this (at most 1000000).") var maxCombinations: Int = 100_000
    @Flag(help: "Drop what the runs print (by default each line follows its run, marked [name=value …]).") var quiet = false

    func run() throws {
        var o = SweepOptions(script: script)
        o.quiet = quiet
        guard maxCombinations >= 1 else { throw HostError.usage("--max-combinations must be at least 1, got \(maxCombinations)") }
        o.maxCombinations = maxCombinations
        o.vary = vary; o.item = item; o.tolerance = tolerance; o.duration = duration; o.jobs = jobs; o.shard = shard
        let common = try shared.parsed()
        o.format = format; o.output = output; o.input = input; o.hz = common.hz; o.seed = common.seed
        o.memoryMiB = common.memoryMiB
        o.sets = common.sets; o.estimator = try shared.parsedEstimator()
        throw ExitCode(Host.sweep(o))
    }
}

struct Fuzz: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "Drive a scene with generated touches (taps, drags, flicks, interruptions) and check every run; a "
            + "failure is shrunk to a touches CSV and a _test.lua.")

    @Argument(help: "The scene script (.lua).") var script: String
    @Option(parsing: .unconditional, help: "Generated runs.") var runs: Int = 100
    @Option(parsing: .unconditional, help: "Seed of the touches and the scene's math.random (0…2^64−1).")
    var seed: String = "1"
    @Option(parsing: .unconditional, help: "Parallel runs (default: every core).") var jobs: Int?
    @Option(parsing: .unconditional,
            help: "K/N: only every Nth run from run K−1 (runs are numbered from 0: shard 1/2 runs 0, 2, 4, …).")
    var shard: String?
    @Option(parsing: .unconditional, help: "Step rates, comma-separated; end states must agree.")
    var hz: String = "120"
    @Option(name: .customLong("rest-within"), parsing: .unconditional,
            help: ArgumentHelp("Rest within this many seconds of the last touch (the scene's "
                + "animhost.fuzz{restWithin=}, else 10 s; 0: not required)."))
    var restWithin: Double?
    @Option(help: "Folder for a failure's touches CSV and _test.lua (default: SCENE.fuzz beside it).")
    var output: String?
    @Option(name: .customLong("set"), help: "Set a tunable: NAME=VALUE (repeatable).") var sets: [String] = []
    @Option(parsing: .unconditional, help: "Lua heap cap in MiB of each run (1…1048576).") var memory: String = "256"
    @Option(help: ArgumentHelp("Release-velocity estimator of every recognizer that names none: "
        + "\(VelocityEstimator.names).")) var estimator: String?

    func run() throws {
        var o = FuzzOptions(script: script)
        let common = try SharedOptionValues.parse(hz: "120", seed: seed, memory: memory, sets: sets)
        o.seed = common.seed; o.memoryMiB = common.memoryMiB; o.sets = common.sets
        o.estimator = try SharedOptionValues.parseEstimator(estimator)
        var rates: [Int] = []
        for part in hz.split(separator: ",", omittingEmptySubsequences: false) {
            guard let r = Int(part.filter { $0 != " " }), r >= 1, r <= 10000 else {
                throw HostError.usage("--hz takes whole step rates from 1 to 10000 separated by commas (e.g. "
                    + "60,120), got '\(hz)'")
            }
            if !rates.contains(r) { rates.append(r) }
        }
        o.rates = rates
        o.runs = runs; o.jobs = jobs; o.shard = shard; o.output = output
        if let restWithin {
            o.limits.restWithin = restWithin
            o.limits.restWithinGiven = true
        }
        throw ExitCode(Host.fuzz(o))
    }
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check that frames tell the truth: each pair's motion agrees with its reported velocities (exit 1 "
            + "when not).")

    @Argument(help: "A `run` CSV (t,item,x,y,angle,vx,vy,omega), or - for stdin.") var frames: String
    @Option(help: "A touches CSV (t,touch,phase,x,y): each touch's first and last frames are exempt.")
    var input: String?
    @Option(help: "A window with a contact or teleport: [ITEM@]FROM:TO in seconds (repeatable).")
    var exempt: [String] = []
    @Option(parsing: .unconditional, help: "Contradicting pairs listed.") var show: Int = 10

    func run() throws {
        var o = CheckOptions(frames: frames)
        o.input = input; o.exempt = exempt
        guard show >= 0 else { throw HostError.usage("--show must be 0 or more, got \(show)") }
        o.show = show
        throw ExitCode(Host.check(o))
    }
}

struct Fit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fit",
        abstract: "Search tunables (deterministically) for target metrics or for the path closest to a recorded run.")

    @Argument(help: "The scene script (.lua).") var script: String
    @Option(help: "A tunable to search: NAME (its min…max) or NAME=FROM:TO (repeatable).") var vary: [String] = []
    @Option(help: "Target metrics: settle=S,overshoot=PT,peakSpeed=PT/S,oscillations=N,rest=S.") var target: String?
    @Option(help: "A `run` CSV to match (RMS distance of the item's center over its times).") var match: String?
    @Option(help: "The item measured (default: the first created, or the first in --match).") var item: String?
    @Option(parsing: .unconditional, help: "Settle tolerance of the metrics, in points.") var tolerance: Double = 0.5
    @Option(name: .customLong("max-rms"), parsing: .unconditional, help: "With --match: the largest RMS distance in points that counts as a match.") var maxRMS: Double = 0.5
    @Option(parsing: .unconditional, help: "Run each try exactly this long (default: the script's, else until rest; with --match, the reference's length).") var duration: Double?
    @Option(parsing: .unconditional, help: "Parallel runs for the first coarse pass (default: every core).") var jobs: Int?
    @Option(help: "A touches CSV file (t,touch,phase,x,y) given to every run.") var input: String?
    @OptionGroup var shared: SharedOptions
    @Flag(help: "Drop what the runs print (by default the reported run's lines are shown, marked [name=value …]).") var quiet = false

    func run() throws {
        var o = FitOptions(script: script)
        o.quiet = quiet
        o.vary = vary; o.target = target; o.match = match; o.item = item; o.tolerance = tolerance; o.maxRMS = maxRMS
        let common = try shared.parsed()
        o.duration = duration; o.jobs = jobs; o.input = input; o.hz = common.hz; o.seed = common.seed
        o.memoryMiB = common.memoryMiB
        o.sets = common.sets; o.estimator = try shared.parsedEstimator()
        throw ExitCode(Host.fit(o))
    }
}

struct Spring: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spring",
        abstract: "Convert a spring between parameterisations; print its unit step and code for UIKit, SwiftUI, Core Animation and POP, or (--to) for any platform with a fidelity report.")

    @Option(parsing: .unconditional, help: "Mass (with --stiffness/--damping, --frequency or --response; default 1).") var mass: Double?
    @Option(parsing: .unconditional, help: "Stiffness k (with --damping, or with --damping-ratio as Compose's spring(dampingRatio, stiffness)).") var stiffness: Double?
    @Option(parsing: .unconditional, help: "Damping coefficient c.") var damping: Double?
    @Option(parsing: .unconditional, help: "Undamped frequency in Hz (with --damping-ratio).") var frequency: Double?
    @Option(name: .customLong("damping-ratio"), parsing: .unconditional, help: "Damping ratio ζ.") var dampingRatio: Double?
    @Option(parsing: .unconditional, help: "SwiftUI response in s (with --damping-ratio).") var response: Double?
    @Option(parsing: .unconditional, help: "SwiftUI/iOS 17 duration in s (with --bounce).") var duration: Double?
    @Option(parsing: .unconditional, help: "SwiftUI/iOS 17 bounce, greater than -1 and less than 1 (with --duration); Motion's (with --visual-duration).") var bounce: Double?
    @Option(name: .customLong("visual-duration"), parsing: .unconditional, help: "Motion's visualDuration in s (with --bounce).") var visualDuration: Double?
    @Option(parsing: .unconditional, help: "POP springSpeed (with --bounciness).") var speed: Double?
    @Option(parsing: .unconditional, help: "POP springBounciness.") var bounciness: Double?
    @Option(parsing: .unconditional, help: "Tension (with --friction), Origami's; POP's raw values are --pop-tension/--pop-friction.") var tension: Double?
    @Option(parsing: .unconditional, help: "Friction (with --tension), Origami's.") var friction: Double?
    @Option(name: .customLong("pop-tension"), parsing: .unconditional, help: "POP's raw dynamicsTension, k (with --pop-friction; --mass optional).") var popTension: Double?
    @Option(name: .customLong("pop-friction"), parsing: .unconditional, help: "POP's raw dynamicsFriction, c.") var popFriction: Double?
    @Option(parsing: .unconditional, help: "Release velocity in units/s, absolute (a pan's; with --distance).") var velocity: Double?
    @Option(parsing: .unconditional, help: "Units still to go at the release (with --velocity; UIKit's initialVelocity is velocity/distance).") var distance: Double?
    @Option(help: "A named spring (Material 3 tokens, iOS system springs, …; --list-presets).") var preset: String?
    @Flag(name: .customLong("list-presets"), help: "List the named springs and exit.") var listPresets = false
    @Option(help: "Code and fidelity report for: uikit, swiftui, ca, pop, compose, android, flutter, motion, react-spring, css, all (or a comma-separated list); tokens: W3C design tokens (alone: the token file only).") var to: String?
    @Option(name: .customLong("display-hz"), parsing: .unconditional, help: "The display rate the platforms play at, frames per second (default 60; 120 for ProMotion and high-rate Android).") var displayHz: Double?
    @Option(help: "Output: text or json.") var format: String = "text"
    @Option(help: "Read the spring from a design-token file (--to tokens), a Figma spring as JSON, or a Material 3 token name (md.sys.motion.spring.default.spatial).") var from: String?
    @Option(help: "Write each target's playback at the display's rate (with --to): target,form,t_ms,position,velocity.") var vectors: String?
    @Option(help: "Write a unit test per platform into this folder (with --to): XCTest, JUnit, flutter_test, node:test, holding the platform's own spring to the vectors.") var tests: String?

    func run() throws {
        guard format == "text" || format == "json" else { throw HostError.usage("--format must be text or json; got '\(format)'") }
        let given: [(String, Double?)] = [
            ("mass", mass), ("stiffness", stiffness), ("damping", damping), ("frequency", frequency),
            ("dampingRatio", dampingRatio), ("response", response), ("duration", duration), ("bounce", bounce),
            ("springSpeed", speed), ("springBounciness", bounciness), ("tension", popTension), ("friction", popFriction), ("origamiTension", tension),
            ("origamiFriction", friction), ("visualDuration", visualDuration), ("velocity", velocity), ("distance", distance),
        ]
        if listPresets { throw ExitCode(Host.springPresets(json: format == "json")) }
        // `--response 350`: milliseconds typed as seconds, noted on stderr (never an error).
        Host.noteSpringUnits(given.compactMap { n, v in v.map { (n, $0) } })
        throw ExitCode(Host.spring(given.compactMap { n, v in v.map { (n, $0) } }, preset: preset, targets: to, json: format == "json",
                                   displayHz: displayHz, vectors: vectors, tests: tests, from: from))
    }
}

// busted's options that `animhost test` lacks are named as such, before ArgumentParser would
// suggest an unrelated option of its own.
if let refusal = BustedOptions.refusal(Array(CommandLine.arguments.dropFirst())) {
    writeError("animhost: \(refusal)\n")
    exit(2)
}
runCommand(AnimhostCommand.self)
