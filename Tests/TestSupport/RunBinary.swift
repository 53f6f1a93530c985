import Foundation

/// The result of running the built `animhost` binary.
public struct RunResult {
    public var stdout: String
    public var stderr: String
    public var status: Int32
}

/// The package root, found from this file's path.
public let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// Runs the debug build of `animhost` with `arguments`, in the package root.
public func runAnimhost(_ arguments: [String], stdin: String? = nil, directory: String? = nil) throws -> RunResult {
    try runProgram(packageRoot + "/.build/debug/animhost", arguments, stdin: stdin, directory: directory)
}

/// Runs a program to its end, in `directory` (the package root by default), with `stdin` as
/// its input (none: an empty one), and returns what it printed.
public func runProgram(_ path: String, _ arguments: [String], stdin: String? = nil,
                       directory: String? = nil) throws -> RunResult {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: path)
    p.arguments = arguments
    p.currentDirectoryURL = URL(fileURLWithPath: directory ?? packageRoot)
    let out = Pipe(), err = Pipe(), input = Pipe()
    p.standardOutput = out
    p.standardError = err
    p.standardInput = input
    try p.run()
    if let stdin { input.fileHandleForWriting.write(stdin.data(using: .utf8)!) }
    try input.fileHandleForWriting.close()
    let o = out.fileHandleForReading.readDataToEndOfFile()
    let e = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return RunResult(stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self), status: p.terminationStatus)
}

/// Writes a temporary file and returns its path.
public func temporaryFile(_ name: String, _ contents: String) throws -> String {
    let dir = NSTemporaryDirectory() + "animhost-tests-\(getpid())"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let path = dir + "/" + name
    try contents.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

/// The user-facing guide as one text: README.md, then the pages under docs/ in name order
/// (the README is the front door; what its examples show lives on those pages).
public func guideText() throws -> String {
    let docs = packageRoot + "/docs"
    let pages = try FileManager.default.contentsOfDirectory(atPath: docs).filter { $0.hasSuffix(".md") }.sorted()
    var text = try String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)
    for p in pages { text += "\n" + (try String(contentsOfFile: docs + "/" + p, encoding: .utf8)) }
    return text
}
