import AnimHost
import Dynamics

/// The JSON the page reads: the scene (`/scene.json`, the `scene` message) and frames
/// (the `frame` message: a `jsonl` frame with the drawing columns and the overlay of
/// attachments, snaps, fields and boundaries where they are now).
///
/// Written by hand with the frames' number format, so the bytes depend only on the state.
enum SceneJSON {
    /// The columns a frame message carries: `jsonl`'s, then what drawing needs.
    static let frameColumns: [FrameColumn] = FrameColumn.base + FrameColumn.extras

    /// `{"bounds":[x,y,w,h],"hz":…,"fps":…,"t":…,"items":[…],"tunables":[…],…}`; `extra`
    /// fields (already JSON, `"key":value`) follow.
    static func scene(_ live: LiveScene, fps: Double, extra: [String] = []) -> String {
        let a = live.stage.animator
        let b = a.referenceBounds ?? (origin: Vec2(0, 0), size: Vec2(400, 800))
        var s = "{\"bounds\":[\(num(b.origin.x)),\(num(b.origin.y)),\(num(b.size.x)),\(num(b.size.y))]"
        s += ",\"hz\":\(live.stage.hz),\"fps\":\(num(fps)),\"t\":\(num(live.stage.time)),\"items\":["
        s += a.itemIDs.map { id in
            var item = "{\"name\":\(jsonString(a.name(of: id))),"
            switch a.shape(of: id) {
            case .rectangle: item += "\"shape\":\"rectangle\""
            case .ellipse: item += "\"shape\":\"ellipse\""
            case .polygon(let points): item += "\"shape\":\"polygon\",\"points\":[" + points.map(point).joined(separator: ",") + "]"
            }
            return item + ",\"size\":" + point(a.size(of: id)) + "}"
        }.joined(separator: ",")
        s += "],\"tunables\":["
        s += live.scene.tunables.map { t in
            var item = "{\"name\":\(jsonString(t.name)),\"value\":\(num(t.value)),\"default\":\(num(t.defaultValue))"
            if let m = t.minimum { item += ",\"min\":\(num(m))" }
            if let m = t.maximum { item += ",\"max\":\(num(m))" }
            if t.integer { item += ",\"integer\":true" }   // the page's slider moves in whole steps
            if t.logScale { item += ",\"scale\":\"log\"" }   // … or evenly in log(value)
            return item + "}"
        }.joined(separator: ",")
        s += "]"
        for e in extra { s += "," + e }
        return s + "}"
    }

    /// `{"type":"frame","t":…,"items":{…},"overlay":{…}}` for the stage now.
    static func frame(_ stage: Stage) -> String {
        let line = FrameEncoder(format: .jsonl, columns: frameColumns).lines(for: stage.captureFrame(columns: frameColumns))[0]
        return "{\"type\":\"frame\"," + line.dropFirst().dropLast() + ",\"overlay\":" + overlay(stage.animator) + "}"
    }

    /// Where the behaviors a designer sees are now: attachments (the item's end, the other
    /// end, whether it is a spring), snap points, field regions, collision boundaries.
    static func overlay(_ a: Animator) -> String {
        var attachments: [String] = [], snaps: [String] = [], fields: [String] = [], boundaries: [String] = []
        var edges: [String] = []
        func itemPoint(_ id: ItemID, _ offset: Vec2) -> Vec2 {
            a.center(of: id) + a.bodies[Int(id.index)].rotation.rotate(offset)
        }
        for top in a.behaviors {
            top.forEachInTree { b in
                if let att = b as? AttachmentBehavior {
                    let toItem: Bool
                    if case .item = att.end { toItem = true } else { toItem = false }
                    let spring = att.kind == .distance && att.frequency > 0
                    attachments.append("{\"kind\":\"\(att.kind.rawValue)\",\"item\":\(jsonString(a.name(of: att.item))),\"a\":"
                        + point(itemPoint(att.item, att.offset)) + ",\"b\":" + point(att.anchorPoint)
                        + ",\"toItem\":\(toItem),\"spring\":\(spring)}")
                } else if let snap = b as? SnapBehavior {
                    snaps.append("{\"item\":\(jsonString(a.name(of: snap.item))),\"to\":" + point(snap.snapPoint) + "}")
                } else if let field = b as? FieldBehavior {
                    fields.append("{\"kind\":\"\(field.kind.rawValue)\",\"at\":" + point(field.position)
                        + ",\"region\":" + region(field.region.outline) + "}")
                } else if let collision = b as? CollisionBehavior {
                    for (_, segments) in collision.boundaries {
                        for seg in segments { boundaries.append("[\(num(seg.p1.x)),\(num(seg.p1.y)),\(num(seg.p2.x)),\(num(seg.p2.y))]") }
                    }
                    if collision.translatesReferenceBoundsIntoBoundary, let r = a.referenceBounds {
                        let i = collision.insets
                        edges.append("[\(num(r.origin.x + i.left)),\(num(r.origin.y + i.top)),\(num(r.size.x - i.left - i.right)),\(num(r.size.y - i.top - i.bottom))]")
                    }
                }
            }
        }
        return "{\"attachments\":[" + attachments.joined(separator: ",") + "],\"snaps\":[" + snaps.joined(separator: ",")
            + "],\"fields\":[" + fields.joined(separator: ",") + "],\"boundaries\":[" + boundaries.joined(separator: ",")
            + "],\"edges\":[" + edges.joined(separator: ",") + "]}"
    }

    /// A region as a tree: `{"op":"rectangle","size":[w,h]}`, `{"op":"union","a":…,"b":…}`.
    static func region(_ r: RegionOutline) -> String {
        switch r {
        case .infinite: return "{\"op\":\"infinite\"}"
        case .rectangle(let size): return "{\"op\":\"rectangle\",\"size\":" + point(size) + "}"
        case .circle(let radius): return "{\"op\":\"circle\",\"radius\":\(num(radius))}"
        case .inverse(let x): return "{\"op\":\"inverse\",\"a\":" + region(x) + "}"
        case .union(let x, let y): return "{\"op\":\"union\",\"a\":" + region(x) + ",\"b\":" + region(y) + "}"
        case .difference(let x, let y): return "{\"op\":\"difference\",\"a\":" + region(x) + ",\"b\":" + region(y) + "}"
        case .intersection(let x, let y): return "{\"op\":\"intersection\",\"a\":" + region(x) + ",\"b\":" + region(y) + "}"
        }
    }

    static func num(_ v: Double) -> String { NumberFormat.string(v) }
    static func point(_ p: Vec2) -> String { "[\(num(p.x)),\(num(p.y))]" }

    /// `{"type":…,"message":…}`, with optional extra fields.
    static func message(_ type: String, _ text: String, extra: [String] = []) -> String {
        "{\"type\":\"\(type)\",\"message\":" + jsonString(text) + extra.map { "," + $0 }.joined() + "}"
    }
}
