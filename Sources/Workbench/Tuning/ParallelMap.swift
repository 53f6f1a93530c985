#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import AnimHost

/// Runs `body` for 0..<count on `jobs` threads and returns the results in index order.
/// Threads take the next index from a shared counter, so a slow run does not hold up the
/// others; which thread ran what never reaches the result.
///
/// Plain POSIX threads, not a dispatch pool: a pool on a busy machine may run every
/// iteration on the calling thread, and `--jobs 2` must mean two threads.
func parallelMap<T: Sendable>(_ count: Int, jobs: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
    let jobs = max(1, min(jobs, count))
    if jobs == 1 { return (0..<count).map(body) }
    let slots = Slots<T>(count)
    let work = WorkQueue(count: count) { i in slots.set(i, body(i)) }
    var threads: [pthread_t] = []
    for _ in 1..<jobs {
        var t = pthread_t()
        let context = Unmanaged.passRetained(work).toOpaque()
        if pthread_create(&t, nil, { p in
            Unmanaged<WorkQueue>.fromOpaque(p!).takeRetainedValue().drain()
            return nil
        }, context) == 0 {
            threads.append(t)
        } else {
            Unmanaged<WorkQueue>.fromOpaque(context).release()   // fewer threads; the caller drains
        }
    }
    work.drain()
    for t in threads { pthread_join(t, nil) }
    return slots.take()
}

/// Hands out indices 0..<count, each once, to whichever thread asks.
private final class WorkQueue: @unchecked Sendable {
    private var next = 0
    private let count: Int
    private var lock = pthread_mutex_t()
    private let run: @Sendable (Int) -> Void

    init(count: Int, run: @escaping @Sendable (Int) -> Void) {
        self.count = count
        self.run = run
        pthread_mutex_init(&lock, nil)
    }

    deinit { pthread_mutex_destroy(&lock) }

    func drain() {
        while true {
            pthread_mutex_lock(&lock)
            let i = next
            next += 1
            pthread_mutex_unlock(&lock)
            guard i < count else { return }
            run(i)
        }
    }
}

/// Result slots written by distinct threads at distinct indices (no two writers share one).
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

/// How many runs `sweep` and `fit` keep going at once. Each run holds its own scene and
/// Lua heap (up to `--memory`), so more runs than the machine can work on only multiply the
/// memory in use: `--jobs` above `jobsPerCore` × the cores is lowered to that, with a note.
/// - Throws: `HostError.usage` for a count below 1 or above 1024.
func runningJobs(_ requested: Int?) throws(HostError) -> Int {
    let cores = processorCount()
    guard let j = requested else { return cores }
    guard j >= 1 && j <= 1024 else { throw .usage("--jobs must be from 1 to 1024, got \(j)") }
    let cap = jobsPerCore * cores
    if j > cap {
        fputs("animhost: note: --jobs \(j) is more than \(jobsPerCore) × this machine's \(cores) core\(cores == 1 ? "" : "s"); running \(cap) at a time (each run holds its own scene and Lua heap)\n", stderr)
        return cap
    }
    return j
}

/// Runs per core `--jobs` may ask for; a few beyond one per core keep the cores busy
/// while a run loads its script.
let jobsPerCore = 4
