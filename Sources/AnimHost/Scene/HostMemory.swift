import Dynamics

/// What the host keeps outside the Lua heap for a script, in bytes, counted against the
/// memory cap (`--memory`) with the heap itself (docs/security.md).
///
/// The per-item number is measured, not derived: `HostMemoryTests.testItemCostIsMeasured`
/// grows a scene by 10 000 items (apart on a grid, in a gravity and a collision behavior,
/// after one step) and compares the process's resident memory with the Lua heap's growth:
/// about 2.6 KiB of host memory per rectangle item on x86-64 Linux (the Animator's body
/// state, record, shape, collider and proxy, solver scratch, name and handle). A behavior is
/// a Swift object plus its place in the behavior tree. Both are rounded up; the charge is made
/// when the object is made and kept for the scene's life (items are never removed; a
/// behavior's charge is kept even once it is dropped, a conservative count). Contacts are
/// charged by the stage after each step, at their most (`contactBytes`).
package enum HostMemory {
    /// One item or group.
    static let itemBytes = 3072
    /// One behavior object (built-in or custom).
    static let behaviorBytes = 512

    /// One contact between two shapes whose boxes overlap: the contact (~250 bytes), its
    /// place in the index, its pair, its solver constraint and colour, and the slack of arrays
    /// that double. Measured: 2 000 items all overlapping (2 million contacts) reached 2.2 GB,
    /// about 1.1 KiB a contact; rounded up.
    static let contactBytes = 1280

    /// One touch sample a script scheduled: kept until delivered, then in the input log.
    static let touchSampleBytes = 2 * MemoryLayout<TouchEvent>.stride

    /// One frame of `itemCount` rows of `columnCount` values as `Frame` keeps it: the row
    /// array, and per row its name and an array of optional doubles (16 bytes each), with
    /// allocator overheads.
    package static func frameBytes(itemCount: Int, columnCount: Int) -> Int {
        64 + itemCount * (96 + 16 * columnCount)
    }
}

extension Frame {
    /// What this frame keeps in memory (see `HostMemory.frameBytes`).
    package var estimatedBytes: Int {
        HostMemory.frameBytes(itemCount: rows.count, columnCount: rows.first?.values.count ?? 0)
    }
}
