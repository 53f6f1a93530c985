import Foundation

/// Text arriving from a child process, collected on a background queue.
public final class CollectedText: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    public init() {}

    func append(_ d: Data) { lock.lock(); data.append(d); lock.unlock() }

    /// Everything so far.
    public var text: String {
        lock.lock(); defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }

    /// Waits until `condition` holds for the text (polling every 10 ms) or `timeout` s pass.
    /// - Returns: whether it held.
    @discardableResult
    public func wait(timeout: Double, until condition: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(text) { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return condition(text)
    }
}

/// The built `animhost` running in the background, with its output streamed: for
/// commands that run until interrupted (`run --watch`) or read stdin as it comes.
public final class SpawnedAnimhost {
    public let process = Process()
    public let stdout = CollectedText()
    public let stderr = CollectedText()
    private let input = Pipe()

    /// Starts `animhost arguments` in the package root.
    public init(_ arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: packageRoot + "/.build/debug/animhost")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: packageRoot)
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        let o = stdout, e = stderr
        out.fileHandleForReading.readabilityHandler = { h in o.append(h.availableData) }
        err.fileHandleForReading.readabilityHandler = { h in e.append(h.availableData) }
        try process.run()
    }

    /// Writes to the child's stdin.
    public func send(_ text: String) { input.fileHandleForWriting.write(text.data(using: .utf8)!) }

    /// Closes the child's stdin (end of input).
    public func closeInput() { try? input.fileHandleForWriting.close() }

    /// Sends SIGINT (Ctrl-C).
    public func interrupt() { kill(process.processIdentifier, SIGINT) }

    /// Waits for the exit (killing the child after `timeout` s); returns the status, or nil
    /// when it had to be killed. Output that was still in the pipes is collected.
    public func wait(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        Thread.sleep(forTimeInterval: 0.05)   // let the readability handlers drain
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}

/// A new empty directory under the system's temporary directory.
public func makeTemporaryDirectory(_ label: String) throws -> String {
    let path = NSTemporaryDirectory() + "animhost-\(label)-\(getpid())-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
