@testable import AnimHost
import Dynamics
import Foundation
import LuaKit
import TestSupport
@testable import Workbench
import XCTest

/// Host memory a script causes counts against `--memory` with its Lua heap
/// (docs/security.md): items and behaviors when they are made, and the frames the host
/// keeps for the REPL, an SVG run and a test's traces. Past the cap the script ends with the
/// heap's own uncatchable memory error, or the request is refused and the session goes on.
final class HostMemoryTests: XCTestCase {
    private func scene(_ source: String, memoryMiB: Int = 256) throws -> Scene {
        var o = SceneOptions(path: "host.lua")
        o.source = source
        o.memoryMiB = memoryMiB
        o.print = { _ in }
        return try Scene.load(o)
    }

    /// Resident memory of this process in bytes (/proc/self/statm, pages).
    private func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        return (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The number behind `HostMemory.itemBytes`: what 10 000 items (apart on a grid, in a
    /// gravity and a collision behavior, after one step) add to the process beyond the Lua
    /// heap, per item. The estimate must not undercount by more than a quarter (allocator
    /// slack makes single runs noisy).
    func testItemCostIsMeasured() throws {
        let s = try scene("animhost.animator{bounds = {0, 0, 400, 400}}\nanimhost.item{name = 'first', center = {1, 1}}")
        let n = 10_000
        let heapBefore = s.lua.memoryInUse
        let rssBefore = residentBytes()
        try s.lua.doString("""
            local list = {}
            for i = 1, \(n) do list[i] = animhost.item{center = {(i % 200) * 20, (i // 200) * 20}, size = {10, 10}} end
            animhost.animators[1]:addBehavior(animhost.gravity{items = list})
            animhost.animators[1]:addBehavior(animhost.collision{items = list})
            list = nil
            collectgarbage()
            """, chunkName: "=host.lua")
        try s.stage.step()
        let heapGrowth = s.lua.memoryInUse - heapBefore        // the Lua heap and the charges
        let charged = n * HostMemory.itemBytes
        let hostGrowth = residentBytes() - rssBefore - (heapGrowth - charged)
        let perItem = Double(hostGrowth) / Double(n)
        print("host memory per item (gravity, collision, one step): \(Int(perItem)) bytes; charged \(HostMemory.itemBytes)")
        XCTAssertLessThan(perItem, Double(HostMemory.itemBytes) * 1.25,
                          "items cost more host memory than HostMemory.itemBytes charges: raise it")
        XCTAssertGreaterThan(heapGrowth, charged, "every item is charged")
    }

    /// The report's case: a loop making items stopped at the cap with the heap's message,
    /// at the line that made the item, and a pcall around it cannot carry on.
    func testItemsStopAtTheMemoryCapWithTheHeapsError() throws {
        let path = try temporaryFile("items_hog.lua", """
            animhost.animator{bounds = {0, 0, 400, 400}}
            local ok = pcall(function()
              for i = 1, 1e7 do animhost.item{center = {0, 0}} end
            end)
            print("carried on", ok)
            """)
        let r = try runAnimhost(["run", path, "--memory", "16", "--duration", "0"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("items_hog.lua:3: not enough memory (memory limit 16 MiB reached; raise it with --memory)"), r.stderr)
        XCTAssertFalse(r.stderr.contains("carried on") || r.stdout.contains("carried on"), r.stderr)
    }

    func testBehaviorsCountToo() throws {
        let s = try scene("")
        let before = s.lua.memoryInUse
        try s.lua.doString("keep = {animhost.gravity{}, animhost.attachment.pin{item = animhost.item{center = {0, 0}}, anchor = {1, 1}}}",
                           chunkName: "=host.lua")
        XCTAssertGreaterThanOrEqual(s.lua.memoryInUse - before, 2 * HostMemory.behaviorBytes + HostMemory.itemBytes)
    }

    /// A charge refused outside a script (the host's own frames) refuses only that charge:
    /// the next script call runs normally.
    func testARefusedHostChargeLeavesTheStateUsable() throws {
        let s = try scene("", memoryMiB: 4)
        XCTAssertNotNil(s.lua.chargeHostMemory(8 << 20))
        XCTAssertNil(s.lua.chargeHostMemory(1 << 20))
        try s.lua.doString("x = {} for i = 1, 1000 do x[i] = i end", chunkName: "=host.lua")
        s.lua.creditHostMemory(1 << 20)
    }

    /// A synthetic pan makes one touch sample per step, all scheduled at once: `duration =
    /// 1e6` under `--memory 16` allocated 2.75 GB and aborted. The samples are counted before
    /// any is made, and the call ends with the memory error at its line.
    func testALongSyntheticPanStopsAtTheCap() throws {
        let path = try temporaryFile("long_pan.lua", """
            animhost.item{name = "a", center = {0, 0}}
            local ok = pcall(animhost.input, {{at = 0, pan = {from = {0, 0}, to = {100, 0}, duration = 1e6}}})
            print("carried on", ok)
            """)
        let r = try runAnimhost(["run", path, "--memory", "16", "--duration", "0"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("long_pan.lua:2: not enough memory (memory limit 16 MiB reached; "
                                        + "raise it with --memory)"),
                      r.stderr)
        XCTAssertFalse(r.stderr.contains("carried on"), r.stderr)
        // A pan that fits is scheduled as before, charged to the state.
        let s = try scene("animhost.item{name = 'a', center = {0, 0}}")
        let before = s.lua.memoryInUse
        try s.lua.doString("animhost.input{{pan = {from = {0, 0}, to = {10, 0}, duration = 1}}}",
                           chunkName: "=host.lua")
        // The down, 120 moves and the lift (at the last move's place).
        XCTAssertGreaterThanOrEqual(s.lua.memoryInUse - before, 122 * HostMemory.touchSampleBytes)
        XCTAssertEqual(s.stage.pendingTouchEvents.count, 122)
    }

    /// Overlapping items make a contact per pair: 4 000 of them aborted allocating and 2 000
    /// reached 2.2 GB whatever `--memory` said. Contacts are charged as they are made, and a
    /// step that would pass the cap ends the run with the memory error.
    func testContactsOfOverlappingItemsCountAgainstTheCap() throws {
        let path = try temporaryFile("overlap.lua", """
            animhost.animator{bounds = {0, 0, 400, 400}}
            local list = {}
            for i = 1, 600 do list[i] = animhost.item{center = {100, 100}, size = {20, 20}} end
            animhost.animators[1]:addBehavior(animhost.collision{items = list})
            """)
        let r = try runAnimhost(["run", path, "--memory", "16", "--duration", "0.1"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("not enough memory (memory limit 16 MiB reached; raise it with --memory) "
                                        + "at t = 0.008333 s: overlapping items made more than"), r.stderr)
        // Items apart (no contacts) and a few touching run as before, their contacts charged.
        let s = try scene("""
            animhost.animator{bounds = {0, 0, 400, 400}}
            local list = {}
            for i = 1, 10 do list[i] = animhost.item{center = {100, 100}, size = {20, 20}} end
            animhost.animators[1]:addBehavior(animhost.collision{items = list})
            """)
        let before = s.lua.memoryInUse
        try s.stage.step()
        XCTAssertEqual(s.stage.animator.contactCount, 45)
        XCTAssertGreaterThanOrEqual(s.lua.memoryInUse - before, 45 * HostMemory.contactBytes)
    }

    /// Each test file runs in a state of its own that is freed when the file is done:
    /// `animhost test` over 10 000 spec files peaked at 3.0 GB, every state kept (about
    /// 300 KiB each) by functions it held that held it back. 200 files in this process now
    /// leave no more than a few MiB behind (they left 60 MiB).
    func testATestFilesStateIsFreedWhenTheFileIsDone() throws {
        let spec = try temporaryFile("freed_spec.lua", """
            it("passes", function() assert.equal(2, 1 + 1) end)
            """)
        var options = TestOptions()
        options.format = .json
        let discovery = try TestDiscovery()
        func runOnce() {
            let modules = discovery.moduleAccess(testFile: spec, allowIO: false)
            let run = TestFileRun(file: spec, options: options, modules: modules, reporter: TestReporter(format: .json))
            XCTAssertEqual(run.run().map(\.status), [.passed])
        }
        for _ in 0..<20 { runOnce() }   // the allocator's working size
        let before = residentBytes()
        for _ in 0..<200 { runOnce() }
        let growth = residentBytes() - before
        print("resident growth over 200 test files: \(growth >> 10) KiB")
        XCTAssertLessThan(growth, 16 << 20, "test files' states are kept")
    }

    // MARK: The SVG picture's frames

    private func frame(_ k: Int, items: Int = 1) -> Frame {
        Frame(time: Double(k) / 60, rows: (0..<items).map { FrameRow(item: "i\($0)", values: [Double(k), 0, 0]) })
    }

    func testPictureFramesAreThinnedEvenlyAndKeepTheLast() {
        let p = PictureFrames(byteLimit: 1 << 30, account: nil)
        let n = 100_001
        for k in 0..<n { p.append(frame(k)) }
        let times = p.frames.map(\.time)
        XCTAssertLessThanOrEqual(times.count, PictureFrames.maximumFrames + 1)
        XCTAssertGreaterThan(times.count, PictureFrames.maximumFrames / 2)
        XCTAssertEqual(times.first, 0)
        XCTAssertEqual(times.last, Double(n - 1) / 60, "the last frame is drawn")
        // Evenly spread: every gap but the last is the stride.
        let gaps = zip(times.dropFirst(), times).map { ($0 - $1) * 60 }.dropLast()
        XCTAssertTrue(gaps.allSatisfy { abs($0 - Double(p.stride)) < 1e-6 }, "\(Set(gaps))")
    }

    func testPictureFramesStayWithinTheirBytesAndTheCap() throws {
        let s = try scene("", memoryMiB: 8)
        let before = s.lua.memoryInUse
        let p = PictureFrames(byteLimit: 2 << 20, account: s.lua)
        for k in 0..<20_000 { p.append(frame(k, items: 20)) }
        let kept = p.frames.reduce(0) { $0 + $1.estimatedBytes }
        XCTAssertLessThanOrEqual(kept, (2 << 20) + frame(0, items: 20).estimatedBytes)
        XCTAssertGreaterThan(s.lua.memoryInUse - before, kept / 2, "the kept frames are charged")
    }

    func testALongSvgRunIsThinnedNotKeptWhole() throws {
        let path = try temporaryFile("svg_long.lua", """
            local a = animhost.animator{bounds = {0, 0, 400, 400}}
            local box = animhost.item{name = "box", center = {100, 100}}
            a:addBehavior(animhost.gravity{items = {box}})
            a:addBehavior(animhost.collision{items = {box}, translatesReferenceBoundsIntoBoundary = true})
            """)
        let r = try runAnimhost(["run", path, "--format", "svg", "--duration", "3000", "--fps", "1"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("<svg") || r.stdout.contains("<svg"), String(r.stdout.prefix(200)))
        XCTAssertTrue(r.stdout.hasSuffix("</svg>\n"), String(r.stdout.suffix(200)))
    }

    // MARK: A test's trace

    /// Frames a test's trace keeps count against the scene's cap: stepping one frame at a
    /// time (each call within the up-front check) still stops at the cap, with the message.
    func testATestsTraceStopsAtTheCap() throws {
        let s = try scene("animhost.animator{bounds = {0, 0, 400, 400}}\nanimhost.item{name = 'box', center = {100, 100}}", memoryMiB: 2)
        let sut = try SceneUnderTest(scene: s)
        var failure: HostError?
        for _ in 0..<100_000 {
            do throws(HostError) { try sut.step(2) } catch { failure = error; break }
        }
        let message = try XCTUnwrap(failure).description
        // The last calls are refused up front (no room for their frame) or stop at the frame.
        XCTAssertTrue(message.contains("the memory limit (2 MiB with the scene's own memory"), message)
        XCTAssertLessThan(sut.trace.frames.count, 10_000)
    }
}
