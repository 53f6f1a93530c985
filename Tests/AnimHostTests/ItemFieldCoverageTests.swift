@testable import AnimHost
import CLuaShim
import Dynamics
import LuaKit
@testable import Workbench
import XCTest

/// `ItemField.all` is the one description of an item's properties. These tests walk it and
/// check that every consumer covers every entry — the Lua field (read and written through the
/// fast path, described for the reference with its unit and default), the frame columns (name,
/// unit, value, traces), the animatable properties — so a property one of them misses fails
/// here. (The viewer's frame columns are checked in ViewerTests.)
final class ItemFieldCoverageTests: XCTestCase {
    private func scene() throws -> Scene {
        var o = SceneOptions(path: "coverage.lua")
        o.source = """
            animhost.animator{bounds = {0, 0, 400, 400}}
            animhost.item{name = "probe", center = {100, 120}, size = {30, 40}, angle = 0.5, alpha = 0.75}
            """
        o.print = { _ in }
        return try Scene.load(o)
    }

    /// Runs `code` in the scene's state; returns its one result as a Vec2 (a number in .x).
    private func evaluate(_ s: Scene, _ code: String, vector: Bool) throws -> Vec2? {
        try s.lua.loadString(code, chunkName: "=test")
        try s.lua.call(nargs: 0, nresults: 1)
        defer { s.lua.pop() }
        if vector { return s.api.vectors.read(at: -1) }
        return lua_type(s.lua.L, -1) == LUA_TNUMBER ? Vec2(lua_tonumberx(s.lua.L, -1, nil), 0) : nil
    }

    func testTheLuaFieldReadsAndWritesEveryProperty() throws {
        let s = try scene()
        let id = try XCTUnwrap(s.stage.animator.item(named: "probe"))
        for (k, f) in ItemField.all.enumerated() {
            var isVector = false
            if case .vector = f.access { isVector = true }
            XCTAssertTrue(s.api.item.settableNames.contains(f.name), "\(f.name): an assignable Lua field")
            let read = try evaluate(s, "return animhost.items.probe.\(f.name)", vector: isVector)
            XCTAssertEqual(read, f.value(of: id, in: s.stage.animator), "\(f.name): the Lua field reads the property")
            // A value no property has by default, distinct per field.
            let new = isVector ? Vec2(31 + Double(k), 17 + Double(k)) : Vec2(0.125 * Double(k + 1), 0)
            let literal = isVector ? "{\(new.x), \(new.y)}" : "\(new.x)"
            _ = try evaluate(s, "animhost.items.probe.\(f.name) = \(literal)", vector: false)
            XCTAssertEqual(f.value(of: id, in: s.stage.animator), new, "\(f.name): assigning the Lua field writes the property")
        }
    }

    func testTheReferenceDescribesEveryProperty() throws {
        let s = try scene()
        for f in ItemField.all {
            guard let member = s.api.item.members.first(where: { $0.name == f.name }), case .field(let info) = member.kind else {
                return XCTFail("\(f.name) is not described as a field of animhost.Item")
            }
            XCTAssertEqual(member.doc, f.doc, f.name)
            XCTAssertEqual(info.unit ?? "", f.unit ?? "", f.name)
            XCTAssertEqual(info.defaultValue, f.defaultValue, f.name)
        }
    }

    func testEveryPropertyHasItsFrameColumns() throws {
        let s = try scene()
        let id = try XCTUnwrap(s.stage.animator.item(named: "probe"))
        let frameColumns = FrameColumn.base + FrameColumn.extras
        for (k, f) in ItemField.all.enumerated() {
            XCTAssertFalse(f.columns.isEmpty, f.name)
            let value = f.value(of: id, in: s.stage.animator)
            for (axis, name) in f.columns.enumerated() {
                let c = FrameColumn(name: name)
                XCTAssertEqual(c, .field(k, axis: axis), "\(name) parses to \(f.name)")
                XCTAssertEqual(c.name, name)
                XCTAssertTrue(FrameColumn.builtInNames.contains(name), "--columns accepts \(name)")
                XCTAssertEqual(frameColumns.filter { $0 == c }.count, 1, "\(name) is in the frame columns once")
                XCTAssertTrue(Trace.columns.contains(c), "traces record \(name)")
                XCTAssertEqual(c.unit, f.unit ?? "", "\(name)'s unit")
                XCTAssertEqual(FrameSeries.unit(name), f.unit ?? "", "plots label \(name) in its unit")
                let frame = s.stage.captureFrame(columns: [c], items: [id])
                XCTAssertEqual(frame.rows[0].values[0], axis == 0 ? value.x : value.y, "the frame shows \(name)")
            }
        }
        XCTAssertEqual(frameColumns.count, ItemField.all.reduce(0) { $0 + $1.columns.count }, "no column without a property")
    }

    func testEveryAnimatablePropertyCanBeAnimated() throws {
        let s = try scene()
        let a = s.stage.animator
        let id = try XCTUnwrap(a.item(named: "probe"))
        let (reference, _) = try APIDocs.generate()
        for f in ItemField.all {
            switch AnimatedProperty.named(f.name, item: id, animator: a) {
            case .success(let p):
                XCTAssertNotNil(f.animation, "\(f.name) is animatable only when described so")
                XCTAssertEqual(p.name(in: a), f.name)
                XCTAssertEqual(p.value(of: id, in: a), f.value(of: id, in: a), f.name)
                XCTAssertEqual(p.dimensions, f.columns.count, f.name)
                XCTAssertTrue(AnimatedProperty.builtInNames.contains(f.name), f.name)
                XCTAssertEqual(AnimatedProperty.assignable(f.name, animator: a), p, f.name)
            case .failure(let e):
                XCTAssertNil(f.animation, "\(f.name) is described as animatable: \(e.description)")
                XCTAssertTrue(e.description.contains("cannot be animated"), e.description)
            }
        }
        XCTAssertTrue(reference.contains(AnimatedProperty.described),
                      "the reference lists the animatable properties")
    }
}
