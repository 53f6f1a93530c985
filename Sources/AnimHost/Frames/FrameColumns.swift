import Dynamics

/// A column of the frame output: an axis of an item field (ItemFields.swift names its
/// columns) or a custom prop.
public enum FrameColumn: Equatable, Sendable {
    /// Axis `axis` of the item field `ItemField.all[field]`.
    case field(Int, axis: Int)
    /// A custom item property, by name.
    case custom(String)

    /// The columns every frame has after `t,item`.
    public static let base: [FrameColumn] = ["x", "y", "angle", "vx", "vy", "omega"].map { FrameColumn(name: $0) }
    /// The other item fields' columns in the fields' order: what traces and the viewer add.
    public static let extras: [FrameColumn] = ItemField.all.indices.flatMap { i in
        ItemField.all[i].columns.indices.map { FrameColumn.field(i, axis: $0) }
    }.filter { !base.contains($0) }
    /// Built-in names `--columns` accepts.
    public static let builtInNames = ["t", "item"] + (base + extras).map(\.name)

    public var name: String {
        switch self {
        case .field(let f, let axis): ItemField.all[f].columns[axis]
        case .custom(let n): n
        }
    }

    /// The unit of the column's values ("" for none), for axis labels.
    public var unit: String {
        if case .field(let f, _) = self { return ItemField.all[f].unit ?? "" }
        return ""
    }

    /// Parses one name; names that are not built in are custom properties.
    public init(name: String) {
        for (i, f) in ItemField.all.enumerated() {
            if let axis = f.columns.firstIndex(of: name) { self = .field(i, axis: axis); return }
        }
        self = .custom(name)
    }

    /// The full column list: the base columns, then the requested extras not already present.
    public static func list(extras: [String]) -> [FrameColumn] {
        var columns = base
        for name in extras where name != "t" && name != "item" {
            let c = FrameColumn(name: name)
            if !columns.contains(c) { columns.append(c) }
        }
        return columns
    }
}

/// One item's row in a frame: its name and a value per column (nil = empty cell).
public struct FrameRow: Sendable {
    public var item: String
    public var values: [Double?]
}

/// The state of the scene at one frame time.
public struct Frame: Sendable {
    /// Simulated time in seconds.
    public var time: Double
    public var rows: [FrameRow]
}
