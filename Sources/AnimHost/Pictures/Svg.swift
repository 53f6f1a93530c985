/// A small SVG writer: elements appended as text in order, numbers in a fixed short form,
/// text escaped. Same input, same bytes.
package struct Svg {
    private(set) var parts: [String] = []
    let width: Double
    let height: Double

    static let font = "'Helvetica Neue', Helvetica, Arial, 'DejaVu Sans', sans-serif"

    package init(width: Double, height: Double) { self.width = width; self.height = height }

    package mutating func add(_ element: String) { parts.append(element) }

    /// The document: XML declaration, root element, a white background, the elements.
    package var document: String {
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        s += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Svg.n(width))\" height=\"\(Svg.n(height))\" "
        s += "viewBox=\"0 0 \(Svg.n(width)) \(Svg.n(height))\" font-family=\"\(Svg.font)\" font-size=\"12\">\n"
        s += "<rect x=\"0\" y=\"0\" width=\"\(Svg.n(width))\" height=\"\(Svg.n(height))\" fill=\"#ffffff\"/>\n"
        for p in parts { s += p + "\n" }
        return s + "</svg>\n"
    }

    /// A coordinate: at most 2 decimals, no trailing zeros, never "-0".
    package static func n(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        let r = (v * 100).rounded() / 100
        return NumberFormat.string(r == 0 ? 0 : r)
    }

    package static func text(_ x: Double, _ y: Double, _ s: String, anchor: String = "start", size: Double = 12,
                     fill: String = "#3c4043", weight: String? = nil, extra: String = "") -> String {
        "<text x=\"\(n(x))\" y=\"\(n(y))\" text-anchor=\"\(anchor)\" font-size=\"\(n(size))\" fill=\"\(fill)\""
            + (weight.map { " font-weight=\"\($0)\"" } ?? "") + extra + ">\(xmlEscaped(s))</text>"
    }

    static func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String, width: Double = 1, extra: String = "") -> String {
        "<line x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\" stroke=\"\(stroke)\" stroke-width=\"\(n(width))\"\(extra)/>"
    }

    static func polyline(_ points: [(Double, Double)], stroke: String, width: Double = 1.5, extra: String = "") -> String {
        let p = points.map { n($0.0) + "," + n($0.1) }.joined(separator: " ")
        return "<polyline points=\"\(p)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(n(width))\" stroke-linejoin=\"round\" stroke-linecap=\"round\"\(extra)/>"
    }
}

/// Item colours: distinct, readable on white, in a fixed order (Tableau 10).
enum Palette {
    static let colors = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
                         "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"]
    static func color(_ i: Int) -> String { colors[i % colors.count] }
}

/// Round tick positions for an axis: steps of 1, 2, 2.5 or 5 × 10^k, about `count` of them.
package struct AxisTicks {
    package let low: Double
    package let high: Double
    let step: Double

    package init(from lo: Double, to hi: Double, count: Int = 5) {
        var lo = lo, hi = hi
        if !(lo.isFinite && hi.isFinite) { lo = 0; hi = 1 }
        if hi - lo < 1e-9 {
            let pad = max(abs(lo) * 0.1, 1)
            lo -= pad; hi += pad
        }
        let raw = (hi - lo) / Double(count)
        var magnitude = 1.0
        while magnitude * 10 <= raw { magnitude *= 10 }
        while magnitude > raw { magnitude /= 10 }
        let nice = [1, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
        step = nice
        low = (lo / nice).rounded(.down) * nice
        high = (hi / nice).rounded(.up) * nice
    }

    var values: [Double] {
        let n = Int(((high - low) / step).rounded())
        return (0...n).map { low + Double($0) * step }
    }

    /// A tick's label, with only as many decimals as the step needs.
    func label(_ v: Double) -> String {
        var decimals = 0, s = step
        while decimals < 6 && abs(s - s.rounded()) > 1e-9 { s *= 10; decimals += 1 }
        let f = Double(Array(repeating: 10.0, count: decimals).reduce(1, *))
        let r = (v * f).rounded() / f
        return NumberFormat.string(r == 0 ? 0 : r)
    }
}
