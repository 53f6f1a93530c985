import AnimHost
import Dynamics

/// The plot panel (`/plot.svg?item=NAME`): an item's x and y, and its speed, over time
/// from the last input (or t = 0), with the settle time and the overshoot marked.
struct PlotSVG {
    struct Sample { var t, x, y, speed: Double }
    var item: String
    var samples: [Sample]
    var marks: MotionMarks
    /// Settle tolerance (pt), stated on the plot.
    var tolerance: Double

    /// Within this distance of its final position an item counts as settled (pt).
    static let settleTolerance = 0.5
    /// The longest stretch plotted (s): the latest part of a long session.
    static let maximumSpan = 10.0

    /// - Parameters:
    ///   - recent: an item's samples, oldest first (the viewer's recent frames).
    init(recent: [MotionSample], item: String, from start: Double) {
        self.item = item
        tolerance = Self.settleTolerance
        let end = recent.last?.time ?? 0
        let first = max(start, end - Self.maximumSpan)
        let window = recent.filter { $0.time >= first - 1e-9 }
        samples = window.map { Sample(t: $0.time, x: $0.position.x, y: $0.position.y, speed: $0.velocity.length) }
        // Settle and overshoot are measured against the final position: only once it is there.
        let atRest = (samples.last?.speed ?? 0) < Self.restSpeed
        marks = atRest ? MotionMarks.measure(window, from: first, tolerance: tolerance) : MotionMarks()
        isMoving = !atRest
        // A long rest after the motion is cut to half a second: the motion fills the plot.
        if atRest, let moved = samples.lastIndex(where: { $0.speed >= Self.restSpeed }) {
            let end = samples[moved].t + 0.5
            samples.removeAll { $0.t > end + 1e-9 }
        }
    }

    /// Below this speed (pt/s) the item counts as at rest (the animator's rest threshold).
    static let restSpeed = 1.0
    /// Still moving at the end: no settle time yet.
    var isMoving = false

    // Layout (px).
    static let width = 336.0, height = 284.0
    static let left = 44.0, right = 12.0, top = 36.0
    static let panelHeight = 92.0, gap = 38.0

    static let colors = (x: "#5b9cff", y: "#ffb547", speed: "#b58cff", settle: "#3ddc97", overshoot: "#ff6b6b",
                         grid: "#2a2f38", text: "#9aa3b2", title: "#e7ebf2", background: "#15181d")

    var svg: String {
        let w = Self.width, h = Self.height
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(w))\" height=\"\(Int(h))\" viewBox=\"0 0 \(Int(w)) \(Int(h))\" font-family=\"Inter, -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif\">\n"
        s += "<rect width=\"\(Int(w))\" height=\"\(Int(h))\" rx=\"12\" fill=\"\(Self.colors.background)\"/>\n"
        s += text(14, 22, "\(xmlEscaped(item))", size: 13, color: Self.colors.title, weight: "600")
        var legendX = 14 + 10 + Double(item.count) * 8
        for (label, color) in [("x", Self.colors.x), ("y", Self.colors.y), ("speed", Self.colors.speed)] {
            s += "<circle cx=\"\(f(legendX + 4))\" cy=\"18\" r=\"3.5\" fill=\"\(color)\"/>"
            s += text(legendX + 11, 22, label, size: 11, color: Self.colors.text)
            legendX += 20 + Double(label.count) * 6.5
        }
        s += "\n"
        guard let t0 = samples.first?.t, let t1 = samples.last?.t, t1 > t0 else {
            return s + text(Self.left, Self.top + 60, "no motion yet", size: 13, color: Self.colors.text) + "</svg>\n"
        }
        let positions = samples.flatMap { [$0.x, $0.y] }
        let posTop = Self.top
        let speedTop = Self.top + Self.panelHeight + Self.gap
        s += panel(top: posTop, range: (positions.min()!, positions.max()!), unit: "pt", t0: t0, t1: t1,
                   series: [(samples.map(\.x), Self.colors.x), (samples.map(\.y), Self.colors.y)])
        s += panel(top: speedTop, range: (0, max(1, samples.map(\.speed).max()!)), unit: "pt/s", t0: t0, t1: t1,
                   series: [(samples.map(\.speed), Self.colors.speed)])
        s += timeAxis(t0: t0, t1: t1, y: speedTop + Self.panelHeight)
        s += markings(t0: t0, t1: t1, posTop: posTop, speedTop: speedTop)
        if isMoving {
            s += text(Self.width - Self.right, 22, "moving…", size: 11, color: Self.colors.text, anchor: "end")
        }
        return s + "</svg>\n"
    }

    private func xOf(_ t: Double, _ t0: Double, _ t1: Double) -> Double {
        Self.left + (t - t0) / (t1 - t0) * (Self.width - Self.left - Self.right)
    }

    private func panel(top: Double, range: (Double, Double), unit: String, t0: Double, t1: Double,
                       series: [([Double], String)]) -> String {
        var (lo, hi) = range
        if hi - lo < 1 { lo -= 0.5; hi += 0.5 }
        let ticks = Self.ticks(lo, hi, count: 3)
        lo = min(lo, ticks.first!); hi = max(hi, ticks.last!)
        let yOf = { (v: Double) in top + Self.panelHeight - (v - lo) / (hi - lo) * Self.panelHeight }
        var s = "<g>\n"
        for v in ticks {
            let y = yOf(v)
            s += "<line x1=\"\(f(Self.left))\" y1=\"\(f(y))\" x2=\"\(f(Self.width - Self.right))\" y2=\"\(f(y))\" stroke=\"\(Self.colors.grid)\" stroke-width=\"1\"/>"
            s += text(Self.left - 8, y + 4, NumberFormat.string(v), size: 9.5, color: Self.colors.text, anchor: "end")
        }
        s += text(Self.left + 4, top + 10, unit, size: 9.5, color: Self.colors.text) + "\n"
        for (values, color) in series {
            let points = zip(samples, values).map { "\(f(xOf($0.t, t0, t1))),\(f(yOf($1)))" }.joined(separator: " ")
            s += "<polyline points=\"\(points)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.75\" stroke-linejoin=\"round\" stroke-linecap=\"round\"/>\n"
        }
        return s + "</g>\n"
    }

    private func timeAxis(t0: Double, t1: Double, y: Double) -> String {
        var s = ""
        for t in Self.ticks(t0, t1, count: 4) where t >= t0 - 1e-9 && t <= t1 + 1e-9 {
            s += text(xOf(t, t0, t1), y + 18, NumberFormat.string(t) + " s", size: 9.5, color: Self.colors.text, anchor: "middle")
        }
        return s + "\n"
    }

    private func markings(t0: Double, t1: Double, posTop: Double, speedTop: Double) -> String {
        var s = ""
        let bottom = speedTop + Self.panelHeight
        if let settle = marks.settle, settle > t0 + 1e-9, settle <= t1 {
            let x = xOf(settle, t0, t1)
            s += "<line x1=\"\(f(x))\" y1=\"\(f(posTop - 6))\" x2=\"\(f(x))\" y2=\"\(f(bottom))\" stroke=\"\(Self.colors.settle)\" stroke-width=\"1.5\" stroke-dasharray=\"4 4\"/>"
            let label = "settles at \(fixed(settle, 2)) s (±\(NumberFormat.string(tolerance)) pt)"
            s += text(x > Self.width / 2 ? x - 6 : x + 6, posTop + Self.panelHeight + 22, label, size: 10.5,
                      color: Self.colors.settle, anchor: x > Self.width / 2 ? "end" : "start")
            s += "\n"
        }
        if let d = marks.overshoot, d >= tolerance, let t = marks.overshootTime,
           let sample = samples.first(where: { abs($0.t - t) < 1e-9 }) {
            let x = xOf(t, t0, t1)
            let positions = samples.flatMap { [$0.x, $0.y] }
            var lo = positions.min()!, hi = positions.max()!
            if hi - lo < 1 { lo -= 0.5; hi += 0.5 }
            let ticks = Self.ticks(lo, hi, count: 3)
            lo = min(lo, ticks.first!); hi = max(hi, ticks.last!)
            // Mark the coordinate that moved most on the way there.
            let first = samples[0]
            let v = abs(sample.y - first.y) >= abs(sample.x - first.x) ? sample.y : sample.x
            let y = posTop + Self.panelHeight - (v - lo) / (hi - lo) * Self.panelHeight
            s += "<circle cx=\"\(f(x))\" cy=\"\(f(y))\" r=\"5\" fill=\"none\" stroke=\"\(Self.colors.overshoot)\" stroke-width=\"2\"/>"
            let label = "overshoot \(fixed(d, 1)) pt"
            let span = Double(label.count) * 6.2   // about 6 px a character at 10.5
            // Left of the circle when there is no room right of it or the settle line is there.
            let settleX = marks.settle.map { xOf($0, t0, t1) }
            let crossesSettle = settleX.map { $0 > x && $0 < x + 9 + span + 3 } ?? false
            let right = x + 9 + span > Self.width - Self.right || (crossesSettle && x - 9 - span >= Self.left)
            let labelX = right ? x - 9 : x + 9
            let extent = right ? (labelX - span, labelX) : (labelX, labelX + span)
            // The curves' heights under the label, x and y both, so the label sits clear of them.
            let curve = samples.filter { xOf($0.t, t0, t1) >= extent.0 - 3 && xOf($0.t, t0, t1) <= extent.1 + 3 }
                .flatMap { [$0.x, $0.y] }.map { posTop + Self.panelHeight - ($0 - lo) / (hi - lo) * Self.panelHeight }
            // A halo of the background colour where the label has to cross the settle line.
            s += text(labelX, Self.labelBaseline(near: y, top: posTop, curve: curve),
                      label, size: 10.5, color: Self.colors.overshoot, anchor: right ? "end" : "start")
                .replacingOccurrences(of: "<text ", with: "<text stroke=\"\(Self.colors.background)\" stroke-width=\"4\" paint-order=\"stroke\" ")
            s += "\n"
        }
        return s
    }

    /// A baseline for a 10.5 pt label near `y` inside the panel at `top` whose text
    /// (baseline − 9 to baseline + 2) keeps 3 px from every curve point under it and from the
    /// panel's top and bottom lines; the nearest such to `y`, else the clearest.
    static func labelBaseline(near y: Double, top: Double, curve: [Double]) -> Double {
        let bottom = top + panelHeight
        func clearance(_ b: Double) -> Double {
            let box = (b - 9, b + 2)
            var c = min(box.0 - top, bottom - box.1)
            for v in curve { c = min(c, v < box.0 ? box.0 - v : v > box.1 ? v - box.1 : -1) }
            return c
        }
        let candidates = stride(from: top + 12, through: bottom - 3, by: 1.0).sorted { abs($0 - y) < abs($1 - y) }
        return candidates.first { clearance($0) >= 3 } ?? candidates.max { clearance($0) < clearance($1) }!
    }

    private func text(_ x: Double, _ y: Double, _ content: String, size: Double, color: String,
                      anchor: String = "start", weight: String = "400") -> String {
        "<text x=\"\(f(x))\" y=\"\(f(y))\" font-size=\"\(NumberFormat.string(size))\" fill=\"\(color)\" text-anchor=\"\(anchor)\" font-weight=\"\(weight)\">\(content)</text>"
    }

    private func f(_ v: Double) -> String { fixed(v, 1) }

    /// Round tick values covering [lo, hi]: steps of 1, 2 or 5 × 10ⁿ.
    static func ticks(_ lo: Double, _ hi: Double, count: Int) -> [Double] {
        let span = max(hi - lo, 1e-9)
        let raw = span / Double(count)
        var magnitude = 1.0
        while magnitude * 10 <= raw { magnitude *= 10 }
        while magnitude > raw { magnitude /= 10 }
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? magnitude * 10
        var t = (lo / step).rounded(.down) * step
        var out: [Double] = []
        while t <= hi + step * 1e-6 {
            out.append(abs(t) < step * 1e-9 ? 0 : t)
            t += step
        }
        if out.last! < hi - step * 1e-6 { out.append(out.last! + step) }
        return out
    }
}
