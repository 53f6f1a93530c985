import Foundation

/// Text arriving from a child process, collected on a background queue.
public final class CollectedText: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var ended = false

    public init() {}

    /// Whether the reading reached the end of its file (every writer closed it).
    public var isFinished: Bool {
        lock.lock(); defer { lock.unlock() }
        return ended
    }

    func append(_ d: Data) { lock.lock(); data.append(d); lock.unlock() }

    /// Reads `fd` on a background thread until end of file or an error (EIO on a
    /// pseudo-terminal whose other side closed), appending what arrives.
    public func collect(from fd: Int32) {
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n > 0 {
                    append(Data(buffer[0..<n]))
                } else if n < 0 && errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            lock.lock(); ended = true; lock.unlock()
        }
        thread.start()
    }

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
    /// Kept open while the reader threads read them.
    private var outputs: (Pipe, Pipe)?

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
        try process.run()
        stdout.collect(from: out.fileHandleForReading.fileDescriptor)
        stderr.collect(from: err.fileHandleForReading.fileDescriptor)
        outputs = (out, err)
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
        // Let the reader threads drain the pipes (to their end, unless a child of the child
        // keeps them open: then what came within 2 s).
        poll(timeout: 2) { stdout.isFinished && stderr.isFinished }
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
