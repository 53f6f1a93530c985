/// `run --format svg-animated`: the frames as one SVG document that plays by itself in any
/// browser, no dependency. Each frame is a group shown for 1/fps of the loop by a discrete
/// SMIL `<animate>` of its visibility (so the picture shows exactly the frames the raster
/// formats do, and a test can seek it with `setCurrentTime`). Same run, same bytes.
struct AnimatedSVG {
    let painter: MotionPainter
    let fps: Double

    var document: String {
        let frames = painter.scene.frames.count
        let w = painter.width
        let h = painter.height
        let duration = Double(frames) / fps
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        s += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\" "
        s +=
            "font-family=\"'DejaVu Sans', Verdana, sans-serif\" data-frames=\"\(frames)\" data-fps=\"\(Svg.n(fps))\">\n"
        var gradients = 0
        for mark in painter.backdrop { s += Self.element(mark, gradients: &gradients) + "\n" }
        for k in 0..<frames {
            let begin = Svg.keyTime(Double(k) / Double(frames))
            let end = Svg.keyTime(Double(k + 1) / Double(frames))
            s += "<g visibility=\"\(k == 0 ? "visible" : "hidden")\">"
            s +=
                "<animate attributeName=\"visibility\" values=\"hidden;visible;hidden\" keyTimes=\"0;\(begin);\(end)\" "
            s +=
                "calcMode=\"discrete\" dur=\"\(NumberFormat.string((duration * 1e6).rounded() / 1e6))s\" "
                + "repeatCount=\"indefinite\"/>\n"
            for mark in painter.marks(frame: k) { s += Self.element(mark, gradients: &gradients) + "\n" }
            s += "</g>\n"
        }
        return s + "</svg>\n"
    }

    static func color(_ c: RGBA) -> String {
        func hex(_ v: Double) -> String {
            let n = Int((max(0, min(1, v)) * 255).rounded())
            return String(n >> 4, radix: 16) + String(n & 15, radix: 16)
        }
        return "#" + hex(c.r) + hex(c.g) + hex(c.b)
    }

    static func opacity(_ name: String, _ c: RGBA) -> String {
        c.a >= 1 ? "" : " \(name)=\"\(NumberFormat.string((c.a * 1000).rounded() / 1000))\""
    }

    static func path(_ steps: [PathStep]) -> String {
        var d = ""
        for step in steps {
            if !d.isEmpty { d += " " }
            switch step {
            case .move(let p): d += "M\(Svg.n(p.x)) \(Svg.n(p.y))"
            case .line(let p): d += "L\(Svg.n(p.x)) \(Svg.n(p.y))"
            case .curve(let a, let b, let c):
                d += "C\(Svg.n(a.x)) \(Svg.n(a.y)) \(Svg.n(b.x)) \(Svg.n(b.y)) \(Svg.n(c.x)) \(Svg.n(c.y))"
            case .close: d += "Z"
            }
        }
        return d
    }

    static func element(_ mark: MotionMark, gradients: inout Int) -> String {
        switch mark {
        case .fill(let steps, let c):
            return "<path d=\"\(path(steps))\" fill=\"\(color(c))\"\(opacity("fill-opacity", c))/>"
        case .gradient(let steps, let from, let to, let top, let bottom):
            gradients += 1
            let id = "g\(gradients)"
            return
                "<linearGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" "
                + "x1=\"\(Svg.n(from.x))\" y1=\"\(Svg.n(from.y))\" x2=\"\(Svg.n(to.x))\" y2=\"\(Svg.n(to.y))\">"
                + "<stop offset=\"0\" stop-color=\"\(color(top))\"\(opacity("stop-opacity", top))/>"
                + "<stop offset=\"1\" stop-color=\"\(color(bottom))\"\(opacity("stop-opacity", bottom))/>"
                + "</linearGradient>"
                + "<path d=\"\(path(steps))\" fill=\"url(#\(id))\"/>"
        case .stroke(let steps, let width, let c):
            return "<path d=\"\(path(steps))\" fill=\"none\" stroke=\"\(color(c))\"\(opacity("stroke-opacity", c)) "
                + "stroke-width=\"\(Svg.n(width))\" stroke-linejoin=\"round\" stroke-linecap=\"round\"/>"
        case .text(let text, let at, let size, let bold, let align, let c):
            let anchor =
                switch align {
                case .left: "start"
                case .center: "middle"
                case .right: "end"
                }
            return
                "<text x=\"\(Svg.n(at.x))\" y=\"\(Svg.n(at.y))\" font-size=\"\(Svg.n(size))\" "
                + "dominant-baseline=\"central\" text-anchor=\"\(anchor)\"\(bold ? " font-weight=\"bold\"" : "") "
                + "fill=\"\(color(c))\"\(opacity("fill-opacity", c))>"
                + xmlEscaped(text) + "</text>"
        }
    }
}

extension Svg {
    /// A key time of an animation: six decimals, so a frame's start and end never round together.
    static func keyTime(_ v: Double) -> String { NumberFormat.string((v * 1e6).rounded() / 1e6) }
}
