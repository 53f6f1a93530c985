import Foundation

/// Polls `condition` every 10 ms until it holds or `timeout` seconds pass — a wait on the
/// thing a test needs rather than a fixed sleep, which is too short on a loaded machine and
/// wasted on an idle one.
/// - Returns: whether it held.
@discardableResult
public func poll(timeout: Double, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if try condition() { return true }
        Thread.sleep(forTimeInterval: 0.01)
    }
    return try condition()
}

/// The CPU time (user + system) process `pid` has used so far, s, from /proc/PID/stat; nil
/// when it cannot be read (the process is gone, or no /proc).
public func cpuSeconds(of pid: Int32) -> Double? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return nil }
    // After the command name (in parentheses, possibly with spaces): state, … utime (12th), stime (13th).
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
}

/// Waits until process `pid` has spent `seconds` more of CPU time than when called: a chunk or
/// a run it was sent is under way (reading its input, it spends none). Whether it did within
/// `timeout` seconds.
@discardableResult
public func waitForWork(of pid: Int32, seconds: Double, timeout: Double = 30) -> Bool {
    guard let start = cpuSeconds(of: pid) else { return false }
    return poll(timeout: timeout) { (cpuSeconds(of: pid) ?? start) - start >= seconds }
}

/// The size of the file at `path` in bytes, 0 when there is none.
public func fileSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
}
