import Dynamics

/// A column of the frame output.
public enum FrameColumn: Equatable, Sendable {
    case x, y, angle, vx, vy, omega, width, height, alpha, scale, cornerRadius
    /// A custom item property, by name.
    case custom(String)

    /// The columns every frame has after `t,item`.
    public static let base: [FrameColumn] = [.x, .y, .angle, .vx, .vy, .omega]
    /// Built-in names `--columns` accepts.
    public static let builtInNames = ["t", "item", "x", "y", "angle", "vx", "vy", "omega",
                                      "width", "height", "alpha", "scale", "cornerRadius"]

    public var name: String {
        switch self {
        case .x: "x"
        case .y: "y"
        case .angle: "angle"
        case .vx: "vx"
        case .vy: "vy"
        case .omega: "omega"
        case .width: "width"
        case .height: "height"
        case .alpha: "alpha"
        case .scale: "scale"
        case .cornerRadius: "cornerRadius"
        case .custom(let n): n
        }
    }

    /// Parses one name; names that are not built in are custom properties.
    public init(name: String) {
        switch name {
        case "x": self = .x
        case "y": self = .y
        case "angle": self = .angle
        case "vx": self = .vx
        case "vy": self = .vy
        case "omega": self = .omega
        case "width": self = .width
        case "height": self = .height
        case "alpha": self = .alpha
        case "scale": self = .scale
        case "cornerRadius": self = .cornerRadius
        default: self = .custom(name)
        }
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
