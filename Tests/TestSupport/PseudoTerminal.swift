import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The built `animhost` on a pseudo-terminal, for what only a terminal gets (libedit
/// line editing, history, completion). Keys are written to the master side; everything
/// the program draws is collected from it.
public final class TerminalSession {
    public let process = Process()
    public let output = CollectedText()
    private let master: FileHandle

    /// Starts `animhost arguments` on a new 100×30 pseudo-terminal.
    public init(_ arguments: [String], environment: [String: String] = [:]) throws {
        var m: Int32 = -1, s: Int32 = -1
        var size = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&m, &s, nil, nil, &size) == 0 else { throw POSIXError(.EIO) }
        master = FileHandle(fileDescriptor: m, closeOnDealloc: true)
        let slave = FileHandle(fileDescriptor: s, closeOnDealloc: true)
        process.executableURL = URL(fileURLWithPath: packageRoot + "/.build/debug/animhost")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: packageRoot)
        var env = ProcessInfo.processInfo.environment
        env["TERM"] = "xterm"
        for (k, v) in environment { env[k] = v }
        process.environment = env
        process.standardInput = slave
        process.standardOutput = slave
        process.standardError = slave
        try process.run()
        try slave.close()
        output.collect(from: m)
    }

    /// Types `keys` (control characters included: "\t" is Tab, "\u{04}" Ctrl-D, "\u{1b}[A" Up).
    public func type(_ keys: String) { master.write(keys.data(using: .utf8)!) }

    /// Waits for the exit (killing the child after `timeout` s); nil when it was killed.
    public func wait(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}
