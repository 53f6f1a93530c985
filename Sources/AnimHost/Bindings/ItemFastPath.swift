import CLuaShim
import Dynamics
import LuaKit

/// The items' hot fields as LuaKit fast fields: every `ItemField` and the custom props are
/// read and written from the item class's C `__index`/`__newindex` through the two functions
/// below, by slot number. Nothing is retained, no Swift string is built and no closure of the
/// generic path runs. An assignment the fast path cannot finish on its own (inside an
/// animation block, while anything is animated, or a value the core refuses) is declined and
/// done by the described setter, so recording, taking a property back from animations and the
/// messages stay in one place.
final class ItemFastPath {
    /// Unmanaged: the scene and the animator have weak references (behaviors, handlers), so
    /// a retain per access would take the runtime's slow path; the scene owns this object.
    let scene: Unmanaged<Scene>
    let animator: Unmanaged<Animator>
    /// The item field behind each slot of the item class (nil: not an `ItemField`).
    let fields: ContiguousArray<ItemField.Access?>
    /// The fields scripts touch most, by slot: called directly rather than through the
    /// description's closures (whose contexts a copy out of `fields` retains and releases).
    private enum Hot { case center, velocity, angle, angularVelocity }
    private let hot: ContiguousArray<Hot?>

    init(scene: Scene, itemClass c: LuaClass) {
        self.scene = .passUnretained(scene)
        animator = .passUnretained(scene.stage.animator)
        var fields = ContiguousArray<ItemField.Access?>(repeating: nil, count: c.fieldNames.count + 1)
        var hot = ContiguousArray<Hot?>(repeating: nil, count: fields.count)
        for f in ItemField.all { fields[ItemFastPath.slot(of: f.name, in: c)] = f.access }
        let hotFields: [(String, Hot)] = [("center", .center), ("velocity", .velocity), ("angle", .angle), ("angularVelocity", .angularVelocity)]
        for (name, h) in hotFields { hot[ItemFastPath.slot(of: name, in: c)] = h }
        self.fields = fields
        self.hot = hot
    }

    private static func slot(of name: String, in c: LuaClass) -> Int {
        c.fieldNames.firstIndex(of: name)! + 1
    }

    /// What LuaKit needs: this object (kept by the scene's API) and the two functions.
    func access() -> LuaFastAccess {
        var kinds: [String: Int32] = [:]
        for f in ItemField.all {
            if case .vector = f.access { kinds[f.name] = Int32(CL_FAST_VECTOR) } else { kinds[f.name] = Int32(CL_FAST_NUMBER) }
        }
        return LuaFastAccess(context: Unmanaged.passUnretained(self).toOpaque(), get: ItemFastPath.get, set: ItemFastPath.set, kinds: kinds)
    }

    private static let get: cl_fast_get = { context, object, slot, out in
        let id = Unmanaged<ItemHandle>.fromOpaque(object!)._withUnsafeGuaranteedRef { $0.id }
        return Unmanaged<ItemFastPath>.fromOpaque(context!)._withUnsafeGuaranteedRef { fast in
            fast.animator._withUnsafeGuaranteedRef { fast.read(slot, of: id, in: $0, into: out!) }
        }
    }

    private static let set: cl_fast_set = { context, object, slot, value in
        let id = Unmanaged<ItemHandle>.fromOpaque(object!)._withUnsafeGuaranteedRef { $0.id }
        return Unmanaged<ItemFastPath>.fromOpaque(context!)._withUnsafeGuaranteedRef { fast in
            // With anything animated (or recording) an assignment has bookkeeping to do.
            guard fast.scene._withUnsafeGuaranteedRef({ $0.animations.isIdle && $0.stage.reportedVelocity.isEmpty }) else { return 0 }
            return fast.animator._withUnsafeGuaranteedRef { fast.write(slot, of: id, in: $0, value!) ? 1 : 0 }
        }
    }

    @inline(__always)
    private func read(_ slot: Int32, of id: ItemID, in a: Animator, into out: UnsafeMutablePointer<Double>) -> Int32 {
        if slot < 0 {
            guard let v = a.customProperty(Int(-slot - 1), of: id) else { return Int32(CL_FAST_NONE) }
            out[0] = v
            return Int32(CL_FAST_NUMBER)
        }
        switch hot[Int(slot)] {
        case .center?: return vector(a.center(of: id), out)
        case .velocity?: return vector(a.velocity(of: id), out)
        case .angle?: out[0] = a.angle(of: id); return Int32(CL_FAST_NUMBER)
        case .angularVelocity?: out[0] = a.angularVelocity(of: id); return Int32(CL_FAST_NUMBER)
        case nil: break
        }
        switch fields[Int(slot)] {
        case .vector(let get, _)?:
            let v = get(a, id)
            out[0] = v.x; out[1] = v.y
            return Int32(CL_FAST_VECTOR)
        case .scalar(let get, _)?:
            out[0] = get(a, id)
            return Int32(CL_FAST_NUMBER)
        case nil:
            return Int32(CL_FAST_NONE)
        }
    }

    @inline(__always)
    private func vector(_ v: Vec2, _ out: UnsafeMutablePointer<Double>) -> Int32 {
        out[0] = v.x; out[1] = v.y
        return Int32(CL_FAST_VECTOR)
    }

    /// False: declined (the described setter will do it, or say why not).
    @inline(__always)
    private func write(_ slot: Int32, of id: ItemID, in a: Animator, _ value: UnsafePointer<Double>) -> Bool {
        do throws(DynamicsError) {
            if slot < 0 {
                let index = Int(-slot - 1)
                guard a.customProperty(index, of: id) != nil else { return false }
                try a.setCustomProperty(index, of: id, to: value[0])
                return true
            }
            switch hot[Int(slot)] {
            case .center?, .velocity?:
                // The core refuses what `Scene.checkVector` refuses (non-finite, beyond ±1e9):
                // a refusal declines, and the described setter says why.
                let v = Vec2(value[0], value[1])
                if hot[Int(slot)] == .center { try a.setCenter(v, of: id) } else { try a.setVelocity(v, of: id) }
                return true
            case .angle?: try a.setAngle(value[0], of: id); return true
            case .angularVelocity?: try a.setAngularVelocity(value[0], of: id); return true
            case nil: break
            }
            switch fields[Int(slot)] {
            case .vector(_, let set)?:
                try set(a, id, Vec2(value[0], value[1]))
            case .scalar(_, let set)?:
                try set(a, id, value[0])
            case nil:
                return false
            }
        } catch { return false }
        return true
    }
}
