import AnimHost
import Dynamics

/// The downloads: what the user did, the frames so far, the plot and the scene.
extension Session {
    func answer(_ d: Download) -> Download.Reply {
        switch d.kind {
        case .input:
            return .init(status: 200, contentType: "text/csv; charset=utf-8", body: InputCSV.text(live.touches, hz: stage.hz))
        case .frames:
            let e = FrameEncoder(format: .csv, columns: FrameColumn.base)
            var s = e.header()! + "\n"
            for f in live.history?.frames ?? [] { s += e.lines(for: f).joined(separator: "\n") + "\n" }
            return .init(status: 200, contentType: "text/csv; charset=utf-8", body: s)
        case .scene:
            return .init(status: 200, contentType: "application/json", body: sceneJSON() + "\n")
        case .plot(let name):
            let names = stage.animator.itemIDs.map { stage.animator.name(of: $0) }
            guard let item = name ?? names.first, names.contains(item) else {
                let known = names.isEmpty ? "the scene has no items" : "items: " + names.joined(separator: ", ")
                return .init(status: 404, contentType: "text/plain; charset=utf-8",
                             body: "no item named '\(name ?? "")'; \(known)\n")
            }
            guard let history = live.history else { return .init(status: 500, contentType: "text/plain", body: "no frames\n") }
            return .init(status: 200, contentType: "image/svg+xml", body: PlotSVG(history: history, item: item, from: lastInputTime).svg)
        }
    }

    /// When the last touch up to now happened (0 without one): where the plot starts.
    var lastInputTime: Double {
        live.touches.last { $0.time <= stage.time + 1e-9 }?.time ?? 0
    }
}
