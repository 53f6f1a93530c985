import Dynamics

#if canImport(Glibc)
    import Glibc
#endif

/// A colour with straight (not premultiplied) alpha, each channel 0…1.
struct RGBA: Equatable {
    var r, g, b, a: Double

    init(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// `#rrggbb`.
    init(hex: String, alpha: Double = 1) {
        let v = UInt32(hex.dropFirst(), radix: 16) ?? 0
        self.init(Double(v >> 16) / 255, Double((v >> 8) & 0xff) / 255, Double(v & 0xff) / 255, alpha)
    }

    /// The viewer's `shade`: toward white by k > 0, toward black by k < 0, in whole 0…255 steps.
    func shaded(_ k: Double) -> RGBA {
        func channel(_ v: Double) -> Double {
            let c = (v * 255).rounded()
            return (k >= 0 ? (c + (255 - c) * k) : c * (1 + k)).rounded() / 255
        }
        return RGBA(channel(r), channel(g), channel(b), a)
    }

    func withAlpha(_ alpha: Double) -> RGBA { RGBA(r, g, b, alpha) }
}

/// One piece of a path, in pixels.
enum PathStep: Equatable {
    case move(Vec2)
    case line(Vec2)
    case curve(Vec2, Vec2, Vec2)
    case close
}

/// Horizontal placement of a text on its point.
enum TextAlign: String {
    case left = "l"
    case center = "c"
    case right = "r"
}

/// One thing painted on a frame, in pixels. Both the animated SVG and animhost-motion
/// (cairo) paint exactly these, so every format shows the same drawing.
enum MotionMark: Equatable {
    case fill([PathStep], RGBA)
    /// A linear gradient from `top` at `from` to `bottom` at `to` (the viewer's item fill).
    case gradient([PathStep], from: Vec2, to: Vec2, top: RGBA, bottom: RGBA)
    /// Round joins and caps.
    case stroke([PathStep], width: Double, RGBA)
    /// `at` is the text's left, centre or right point at the middle of its line.
    case text(String, at: Vec2, size: Double, bold: Bool, align: TextAlign, RGBA)
}

/// Paths in an item's own frame (origin at its center), mapped to pixels.
enum MotionPaths {
    /// The share of a quarter circle's radius at which its Bézier control points lie.
    private static let kappa = 0.5522847498307936

    static func rectangle(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> [PathStep] {
        [.move(Vec2(x, y)), .line(Vec2(x + w, y)), .line(Vec2(x + w, y + h)), .line(Vec2(x, y + h)), .close]
    }

    /// A rectangle centred on the origin, corners rounded by `radius` (at most half a side).
    static func roundedRectangle(width w: Double, height h: Double, radius: Double) -> [PathStep] {
        let r = max(0, min(radius, w / 2, h / 2))
        let x0 = -w / 2
        let y0 = -h / 2
        let x1 = w / 2
        let y1 = h / 2
        guard r > 0 else { return rectangle(x0, y0, w, h) }
        let k = r * (1 - kappa)
        return [
            .move(Vec2(x0 + r, y0)), .line(Vec2(x1 - r, y0)),
            .curve(Vec2(x1 - k, y0), Vec2(x1, y0 + k), Vec2(x1, y0 + r)), .line(Vec2(x1, y1 - r)),
            .curve(Vec2(x1, y1 - k), Vec2(x1 - k, y1), Vec2(x1 - r, y1)), .line(Vec2(x0 + r, y1)),
            .curve(Vec2(x0 + k, y1), Vec2(x0, y1 - k), Vec2(x0, y1 - r)), .line(Vec2(x0, y0 + r)),
            .curve(Vec2(x0, y0 + k), Vec2(x0 + k, y0), Vec2(x0 + r, y0)), .close,
        ]
    }

    /// An ellipse centred on the origin, in four Bézier quarters.
    static func ellipse(width w: Double, height h: Double) -> [PathStep] {
        let a = w / 2
        let b = h / 2
        let ka = a * kappa
        let kb = b * kappa
        return [
            .move(Vec2(a, 0)),
            .curve(Vec2(a, kb), Vec2(ka, b), Vec2(0, b)),
            .curve(Vec2(-ka, b), Vec2(-a, kb), Vec2(-a, 0)),
            .curve(Vec2(-a, -kb), Vec2(-ka, -b), Vec2(0, -b)),
            .curve(Vec2(ka, -b), Vec2(a, -kb), Vec2(a, 0)),
            .close,
        ]
    }

    static func polygon(_ points: [Vec2]) -> [PathStep] {
        guard let first = points.first else { return [] }
        return [.move(first)] + points.dropFirst().map { .line($0) } + [.close]
    }

    /// Every point of `path` through `map`.
    static func mapped(_ path: [PathStep], _ map: (Vec2) -> Vec2) -> [PathStep] {
        path.map { step in
            switch step {
            case .move(let p): .move(map(p))
            case .line(let p): .line(map(p))
            case .curve(let a, let b, let c): .curve(map(a), map(b), map(c))
            case .close: .close
            }
        }
    }
}
