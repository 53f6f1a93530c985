import Dynamics

#if canImport(Glibc)
    import Glibc
#endif

/// Draws a run's frames as the viewer's page draws them (Sources/Viewer/Page/page.js:
/// `drawItem`, `drawTrails`, `drawArrows`, `drawEdges`): the same palette and shading,
/// shapes, corner radii, alpha and scale, names, collision lines; the time in a corner.
/// Everything is in pixels, so the animated SVG and animhost-motion paint the same marks.
struct MotionPainter {
    /// The viewer's item colours, by the item's place in the scene.
    static let palette = ["#6c8cff", "#ff8a65", "#4fd1c5", "#f6c453", "#b692f6", "#f472b6", "#34d399", "#60a5fa"]
    static let screen = RGBA(hex: "#1a1f28"), page = RGBA(hex: "#0b0d11")
    /// Points of a trail, as the viewer keeps.
    static let trailLength = 120

    let scene: MotionScene
    let settings: MotionSettings
    /// A line in the top left corner of every frame (what the picture shows), if any.
    var caption: String?
    /// The picture in pixels.
    let width: Int, height: Int
    /// Pixels per point, and the pixel of the scene's origin.
    let scale: Double, origin: Vec2
    /// The area drawn as the screen, in points.
    private let screenBox: (lo: Vec2, hi: Vec2)
    private let column: [String: Int]
    /// paths[item][frame]: the item's center, with `--trails`.
    private let paths: [[Vec2?]]

    init(scene: MotionScene, settings: MotionSettings, evenSize: Bool) {
        self.scene = scene
        self.settings = settings
        var column: [String: Int] = [:]
        for (i, name) in scene.columns.enumerated() { column[name] = i }
        self.column = column
        // Each item's center at every frame (nil where a frame leaves it out), for its trail.
        var paths = [[Vec2?]](repeating: [], count: settings.trails ? scene.items.count : 0)
        if settings.trails {
            var index: [String: Int] = [:]
            for (i, item) in scene.items.enumerated() { index[item.name] = i }
            for k in scene.frames.indices {
                for i in paths.indices { paths[i].append(nil) }
                for row in scene.frames[k].rows {
                    guard let i = index[row.item], let x = column["x"].flatMap({ row.values[$0] }),
                          let y = column["y"].flatMap({ row.values[$0] }) else { continue }
                    paths[i][k] = Vec2(x, y)
                }
            }
        }
        self.paths = paths
        // The screen: the bounds, or (without bounds) everything the items cover, padded.
        let box: (lo: Vec2, hi: Vec2)
        if let b = scene.bounds, b.width > 0, b.height > 0 {
            box = (Vec2(b.x, b.y), Vec2(b.x + b.width, b.y + b.height))
        } else {
            box = Self.extent(scene, column: column)
        }
        screenBox = box
        let span = box.hi - box.lo
        let w: Int
        let h: Int
        if let size = settings.size {
            (w, h) = size
        } else {
            // A point a pixel, unless that makes a picture too small or too large to look at.
            let k = min(max(1, 240 / max(span.x, span.y)), 1600 / max(span.x, span.y))
            func side(_ v: Double) -> Int {
                let n = max(MotionSettings.sideRange.lowerBound, Int((v * k).rounded()))
                return evenSize && n % 2 == 1 ? n + 1 : n
            }
            (w, h) = (side(span.x), side(span.y))
        }
        width = w
        height = h
        scale = min(Double(w) / span.x, Double(h) / span.y)
        origin = Vec2((Double(w) - span.x * scale) / 2, (Double(h) - span.y * scale) / 2) - box.lo * scale
    }

    private static func extent(_ scene: MotionScene, column: [String: Int]) -> (lo: Vec2, hi: Vec2) {
        var lo = Vec2(Double.infinity, Double.infinity)
        var hi = -lo
        for f in scene.frames {
            for row in f.rows {
                guard let x = column["x"].flatMap({ row.values[$0] }), let y = column["y"].flatMap({ row.values[$0] })
                else { continue }
                let w = column["width"].flatMap { row.values[$0] } ?? 0
                let h = column["height"].flatMap { row.values[$0] } ?? 0
                let reach = (w * w + h * h).squareRoot() / 2 * max(1, column["scale"].flatMap { row.values[$0] } ?? 1)
                lo = Vec2(min(lo.x, x - reach), min(lo.y, y - reach))
                hi = Vec2(max(hi.x, x + reach), max(hi.y, y + reach))
            }
        }
        guard lo.x.isFinite, hi.x > lo.x || hi.y > lo.y else { return (Vec2(-50, -50), Vec2(50, 50)) }
        let pad = max(hi.x - lo.x, hi.y - lo.y) * 0.08 + 8
        return (lo - Vec2(pad, pad), hi + Vec2(pad, pad))
    }

    /// A scene point in pixels.
    func pixel(_ p: Vec2) -> Vec2 { origin + p * scale }

    private var isDark: Bool {
        switch settings.background {
        case .viewer, .transparent: true
        case .color(let r, let g, let b): 0.2126 * Double(r) + 0.7152 * Double(g) + 0.0722 * Double(b) < 128
        }
    }

    /// Text that is not on an item: light on a dark background, dark on a light one, and a
    /// middle grey on no background (whatever the picture is put on).
    private var textColor: RGBA {
        switch settings.background {
        case .transparent: RGBA(hex: "#8a8f98")
        case .viewer, .color: isDark ? RGBA(1, 1, 1, 0.6) : RGBA(hex: "#5f6368")
        }
    }

    /// What every frame has beneath its items: the background, the viewer's grid.
    var backdrop: [MotionMark] {
        let all = MotionPaths.rectangle(0, 0, Double(width), Double(height))
        let lo = pixel(screenBox.lo)
        let hi = pixel(screenBox.hi)
        switch settings.background {
        case .transparent: return []
        case .color(let r, let g, let b): return [.fill(all, RGBA(Double(r) / 255, Double(g) / 255, Double(b) / 255))]
        case .viewer:
            var marks: [MotionMark] = [
                .fill(all, Self.page), .fill(MotionPaths.rectangle(lo.x, lo.y, hi.x - lo.x, hi.y - lo.y), Self.screen),
            ]
            // The viewer's faint 40 pt grid on the screen.
            var grid: [PathStep] = []
            var x = screenBox.lo.x + 40
            while x < screenBox.hi.x {
                grid += [.move(pixel(Vec2(x, screenBox.lo.y))), .line(pixel(Vec2(x, screenBox.hi.y)))]
                x += 40
            }
            var y = screenBox.lo.y + 40
            while y < screenBox.hi.y {
                grid += [.move(pixel(Vec2(screenBox.lo.x, y))), .line(pixel(Vec2(screenBox.hi.x, y)))]
                y += 40
            }
            if !grid.isEmpty { marks.append(.stroke(grid, width: 1, RGBA(1, 1, 1, 0.035))) }
            return marks
        }
    }

    private func value(_ row: FrameRow, _ name: String, _ fallback: Double) -> Double {
        column[name].flatMap { row.values[$0] } ?? fallback
    }

    /// Frame `k`'s marks: items in the scene's order (the last made on top), trails, what
    /// lies off the screen dimmed, collision lines, velocity arrows, the time.
    func marks(frame k: Int) -> [MotionMark] {
        let frame = scene.frames[k]
        var marks: [MotionMark] = []
        let byName = Dictionary(scene.items.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for row in frame.rows {
            guard let item = byName[row.item] else { continue }
            item.draw(row: row, painter: self, into: &marks)
        }
        if settings.trails { marks += trails(upTo: k) }
        if settings.background == .viewer, settings.size != nil { marks.append(offScreenShade) }
        let edgeColor = RGBA(hex: "#ff9f6b")
        var lines: [PathStep] = []
        for e in scene.edges {
            let a = pixel(e.origin)
            let b = pixel(e.origin + e.size)
            lines += MotionPaths.rectangle(a.x, a.y, b.x - a.x, b.y - a.y)
        }
        for (p, q) in scene.boundaries { lines += [.move(pixel(p)), .line(pixel(q))] }
        if !lines.isEmpty { marks.append(.stroke(lines, width: 2.2, edgeColor)) }
        let time = "t = " + String(format2: frame.time) + " s"
        if settings.velocity {
            // Speed labels keep clear of the time stamp, the caption and the items' names.
            var taken = [LabelBox(
                lo: Vec2(Double(width) - 8 - Self.textWidth(time, size: 11), Double(height) - 22),
                hi: Vec2(Double(width), Double(height)))]
            if let caption {
                taken.append(LabelBox(lo: Vec2(0, 0), hi: Vec2(8 + Self.textWidth(caption, size: 11), 16)))
            }
            for row in frame.rows {
                guard let item = byName[row.item] else { continue }
                let c = pixel(Vec2(value(row, "x", 0), value(row, "y", 0)))
                let half = Self.textWidth(item.name, size: 12) / 2
                taken.append(LabelBox(lo: Vec2(c.x - half - 2, c.y - 12), hi: Vec2(c.x + half + 2, c.y + 6)))
            }
            for row in frame.rows { marks += arrow(row, clearOf: &taken) }
        }
        if let caption {
            marks.append(
                .text(
                    caption, at: Vec2(8, 12), size: 11, bold: false, align: .left,
                    textColor))
        }
        marks.append(
            .text(
                time, at: Vec2(Double(width) - 8, Double(height) - 10), size: 11, bold: false, align: .right,
                textColor))
        return marks
    }

    /// The page's dimming of what lies outside the screen (when the picture is wider or
    /// taller than the bounds): the whole picture with the screen cut out.
    private var offScreenShade: MotionMark {
        let lo = pixel(screenBox.lo)
        let hi = pixel(screenBox.hi)
        // The hole runs the other way round, so the non-zero rule leaves it empty.
        let hole: [PathStep] = [.move(lo), .line(Vec2(lo.x, hi.y)), .line(hi), .line(Vec2(hi.x, lo.y)), .close]
        return .fill(
            MotionPaths.rectangle(0, 0, Double(width), Double(height)) + hole, RGBA(11 / 255, 13 / 255, 17 / 255, 0.62))
    }

    private func trails(upTo k: Int) -> [MotionMark] {
        var marks: [MotionMark] = []
        for (i, item) in scene.items.enumerated() {
            var points: [Vec2] = []
            for p in paths[i][max(0, k - 4 * Self.trailLength)...k] {
                if let p, points.last != p { points.append(p) }
            }
            points = Array(points.suffix(Self.trailLength))
            guard points.count >= 2 else { continue }
            let xs = points.map(\.x)
            let ys = points.map(\.y)
            guard ((xs.max()! - xs.min()!) + (ys.max()! - ys.min()!)) * scale >= 6 else { continue }  // at rest: no dot
            let color = RGBA(hex: Self.palette[item.colorIndex % Self.palette.count]).shaded(0.55)
            // Older segments fainter, in eight steps of the viewer's 0.8 × age ramp.
            let bands = 8
            for band in 0..<bands {
                let from = 1 + band * (points.count - 1) / bands
                let to = 1 + (band + 1) * (points.count - 1) / bands
                guard from < to else { continue }
                let path: [PathStep] = [.move(pixel(points[from - 1]))] + (from..<to).map { .line(pixel(points[$0])) }
                marks.append(.stroke(path, width: 2.5, color.withAlpha(0.8 * Double(to) / Double(points.count))))
            }
        }
        return marks
    }

    /// A label's box in pixels (y down), to keep labels from overlapping.
    struct LabelBox {
        var lo: Vec2, hi: Vec2
        func overlaps(_ o: LabelBox) -> Bool { lo.x < o.hi.x && o.lo.x < hi.x && lo.y < o.hi.y && o.lo.y < hi.y }
    }

    /// About how wide a label of the pictures' sans-serif is (0.6 em a character).
    static func textWidth(_ text: String, size: Double) -> Double { Double(text.count) * size * 0.6 }

    private func arrow(_ row: FrameRow, clearOf taken: inout [LabelBox]) -> [MotionMark] {
        let v = Vec2(value(row, "vx", 0), value(row, "vy", 0))
        let from = pixel(Vec2(value(row, "x", 0), value(row, "y", 0)))
        let d = v * 0.1 * scale
        let length = d.length
        guard length >= 4 else { return [] }
        let u = d / length
        let head = min(10, length * 0.4)
        let tip = from + d
        let yellow = RGBA(hex: "#ffd166")
        let base = tip - u * head
        let side = Vec2(-u.y, u.x) * (head * 0.5)
        let label = "\(Int(v.length.rounded())) pt/s"
        let labelWidth = Self.textWidth(label, size: 10.5)
        // Beside the tip, clamped into the picture: above right, below right, above left,
        // below left, then farther out; the first place clear of the other labels.
        func place(_ dx: Double, _ dy: Double) -> (at: Vec2, box: LabelBox) {
            let x = max(4, min(dx >= 0 ? tip.x + dx : tip.x + dx - labelWidth, Double(width) - 4 - labelWidth))
            let y = max(4 + 11, min(tip.y + dy, Double(height) - 4))
            return (Vec2(x, y), LabelBox(lo: Vec2(x, y - 10), hi: Vec2(x + labelWidth, y + 3)))
        }
        // A tip at or past an edge clamps every near place onto it: then up or down the
        // picture, a line at a time, until one is clear.
        var tries = [(6.0, -10.0), (6, 16), (-6, -10), (-6, 16)]
        for line in stride(from: 14.0, through: Double(height), by: 14) {
            tries += [(6, -10 - line), (-6, -10 - line), (6, 16 + line), (-6, 16 + line)]
        }
        let chosen = tries.lazy.map { place($0.0, $0.1) }.first { p in !taken.contains { $0.overlaps(p.box) } }
            ?? place(6, -10)
        taken.append(chosen.box)
        let at = chosen.at
        return [
            .stroke([.move(from), .line(base)], width: 2, yellow),
            .fill([.move(tip), .line(base + side), .line(base - side), .close], yellow),
            .text(label, at: at, size: 10.5, bold: false, align: .left, yellow),
        ]
    }
}

extension MotionScene.Item {
    /// The viewer's `drawItem`: the shape at the item's place, angle and scale, a vertical
    /// gradient of its colour, a lighter outline, its name upright when it fits.
    func draw(row: FrameRow, painter p: MotionPainter, into marks: inout [MotionMark]) {
        func v(_ name: String, _ fallback: Double) -> Double {
            p.scene.columns.firstIndex(of: name).flatMap { row.values[$0] } ?? fallback
        }
        let center = Vec2(v("x", 0), v("y", 0))
        let angle = v("angle", 0)
        let w = v("width", size.x)
        let h = v("height", size.y)
        let k = v("scale", 1)
        let alpha = max(0, min(1, v("alpha", 1)))
        guard alpha > 0, k > 0 else { return }
        let local: [PathStep]
        switch shape {
        case .rectangle: local = MotionPaths.roundedRectangle(width: w, height: h, radius: v("cornerRadius", 0))
        case .ellipse: local = MotionPaths.ellipse(width: w, height: h)
        case .polygon: local = MotionPaths.polygon(shape.scaled(by: Vec2(w / size.x, h / size.y)).points)
        }
        let c = cos(angle)
        let s = sin(angle)
        func toPixel(_ q: Vec2) -> Vec2 { p.pixel(center + Vec2(c * q.x - s * q.y, s * q.x + c * q.y) * k) }
        let path = MotionPaths.mapped(local, toPixel)
        let color = RGBA(hex: MotionPainter.palette[colorIndex % MotionPainter.palette.count])
        if outlined {
            marks.append(.stroke(path, width: 2, RGBA(1, 1, 1, 0.9 * alpha)))
            return
        }
        marks.append(
            .gradient(
                path, from: toPixel(Vec2(0, -h / 2)), to: toPixel(Vec2(0, h / 2)),
                top: color.shaded(0.12).withAlpha(alpha), bottom: color.shaded(-0.08).withAlpha(alpha)))
        marks.append(.stroke(path, width: 1.5 * k, color.shaded(0.35).withAlpha(alpha)))
        if min(w, h) * k * p.scale > 12 * 2.2 {
            marks.append(
                .text(name, at: p.pixel(center), size: 12, bold: true, align: .center, RGBA(1, 1, 1, 0.88 * alpha)))
        }
    }
}

extension ItemShape {
    /// A polygon's points (none for the other shapes).
    var points: [Vec2] {
        if case .polygon(let points) = self { return points }
        return []
    }
}

extension String {
    /// `v` with exactly two decimals ("1.50"): the time label does not jitter in width.
    init(format2 v: Double) {
        let hundredths = Int((abs(v) * 100).rounded())
        let fraction = hundredths % 100
        self =
            (v < 0 && hundredths > 0 ? "-" : "") + "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }
}
