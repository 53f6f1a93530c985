import AnimHost
import Dynamics
/// The report formats of `animhost test`.
public enum TestReportFormat: String, CaseIterable, Sendable {
    case pretty, tap, junit, json
}

/// Everything `animhost test` takes.
public struct TestOptions: Sendable {
    /// Files or folders; empty means the default (`.busted`'s ROOT, else Tests/lua, else spec/).
    public var paths: [String] = []
    /// A plain substring of the full test name.
    public var filter: String?
    /// busted's tags (`#name` in test names): run only tests tagged with one of `tags`
    /// (all when empty), none tagged with one of `excludeTags`.
    public var tags: [String] = []
    public var excludeTags: [String] = []
    public var format: TestReportFormat = .pretty
    public var updateSnapshots = false
    public var list = false
    public var seed: UInt64 = 0
    /// `--estimator`: every loaded scene's default velocity estimator (a load's own wins).
    public var estimator: VelocityEstimator?
    /// Gives test files stock Lua's powers (full `io`, `os`, `debug`, installed and C
    /// modules): a test suite is the user's own code, as under busted.
    public var allowIO = false
    /// busted's command-line options (docs/tests.md has the table): file name patterns
    /// (`-p`, `--exclude-pattern`; they replace `.busted`'s), test names not to run
    /// (`--filter-out`, Lua patterns), the `.busted` task (`-r`), module paths and helper
    /// (`--lpath`, `--cpath`, `--helper`, over `.busted`'s), `--shuffle` (files and tests, by
    /// `--seed`; `--shuffle-files`, `--shuffle-tests` one of them), `--no-keep-going`
    /// (stop after the first failure or error).
    public var patterns: [String] = []
    public var excludePatterns: [String] = []
    public var filterOut: [String] = []
    public var task: String?
    public var lpath: String?
    public var cpath: String?
    public var helper: String?
    /// busted's `--shuffle-files` (`--shuffle` is both): the files in an order drawn from `seed`.
    public var shuffleFiles = false
    /// busted's `--shuffle-tests`: every block's children in an order drawn from `seed`,
    /// except a block that calls `randomize(false)` (its own children only, as in busted).
    public var shuffleTests = false
    public var keepGoing = true
    /// `-c/--coverage`: accepted, with a note that no coverage is measured.
    public var coverage = false
    /// The command line, for the test files' global `arg` (busted's: `arg[0]` the program).
    public var commandLine: [String] = CommandLine.arguments
    public init() {}
}

/// The outcome of one test.
public struct TestResult: Sendable {
    public enum Status: String, Sendable { case passed, failed, error, pending, listed }
    public var name: String
    public var file: String
    public var line: Int
    public var status: Status
    public var message: String
    public var traceback: String
    public var seconds: Double
}
