import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Runs `body` for 0..<count over `jobs` threads and returns the results in index order.
/// Worker w takes indices w, w+jobs, …: which thread ran what never reaches the result.
func parallelMap<T: Sendable>(_ count: Int, jobs: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
    let jobs = max(1, min(jobs, count))
    if jobs == 1 { return (0..<count).map(body) }
    let slots = Slots<T>(count)
    DispatchQueue.concurrentPerform(iterations: jobs) { w in
        var i = w
        while i < count {
            slots.set(i, body(i))
            i += jobs
        }
    }
    return slots.take()
}

/// Result slots written by distinct workers at distinct indices (no two writers share one).
private final class Slots<T>: @unchecked Sendable {
    private let base: UnsafeMutablePointer<T?>
    private let count: Int
    init(_ count: Int) {
        self.count = count
        base = .allocate(capacity: count)
        base.initialize(repeating: nil, count: count)
    }
    func set(_ i: Int, _ v: T) { base[i] = v }
    func take() -> [T] { (0..<count).map { base[$0]! } }
    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }
}

/// The number of processors online (at least 1): `--jobs`' default.
func processorCount() -> Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
