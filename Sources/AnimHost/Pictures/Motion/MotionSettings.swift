/// How `run --format gif|apng|webm|mp4|svg-animated` draws: the picture's size in pixels,
/// its background, and the overlays asked for (docs/pictures.md, "Moving pictures").
public struct MotionSettings: Sendable {
    /// What is behind the items.
    public enum Background: Sendable, Equatable {
        /// The viewer's screen colour.
        case viewer
        case transparent
        case color(red: UInt8, green: UInt8, blue: UInt8)
    }

    /// Pixels (width, height); nil: the scene's bounds at one pixel a point.
    public var size: (width: Int, height: Int)?
    public var background = Background.viewer
    /// Each item's recent path, as the viewer's "trails".
    public var trails = false
    /// Each item's velocity as an arrow with its speed, as the viewer's "arrows".
    public var velocity = false

    public init() {}

    /// The frames per second a moving picture gets when `--fps` is not given (GIF stores
    /// delays in hundredths of a second; 30 fps plays smoothly everywhere).
    public static let defaultFPS = 30.0
    /// The most frames one picture holds (a 10 s run at 60 fps is 601).
    public static let maximumFrames = 20_000
    /// A side of the picture, in pixels.
    public static let sideRange = 16...4096

    /// Parses `WIDTHxHEIGHT` for `--size` with a moving format.
    public static func parseSize(_ text: String) throws(HostError) -> (width: Int, height: Int) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), sideRange.contains(w),
            sideRange.contains(h)
        else {
            throw .usage(
                "--size takes WIDTHxHEIGHT in pixels, each from \(sideRange.lowerBound) to \(sideRange.upperBound) "
                    + "(e.g. 320x568), got '\(text)'"
            )
        }
        return (w, h)
    }

    /// Parses `--background transparent|#rrggbb`.
    public static func parseBackground(_ text: String) throws(HostError) -> Background {
        if text == "transparent" { return .transparent }
        let digits = Array(text.utf8.dropFirst())
        guard text.hasPrefix("#"), digits.count == 6, let v = UInt32(String(decoding: digits, as: UTF8.self), radix: 16)
        else {
            throw .usage("--background takes transparent or a colour #rrggbb (e.g. #ffffff), got '\(text)'")
        }
        return .color(red: UInt8(v >> 16), green: UInt8((v >> 8) & 0xff), blue: UInt8(v & 0xff))
    }

    /// Checks the settings against the format and frame rate.
    func check(format: FrameFormat, fps: Double) throws(HostError) {
        if format == .gif && fps > 50 {
            throw .usage(
                "--format gif plays at most 50 frames a second (GIF stores each frame's delay in hundredths "
                    + "of a second, and browsers slow shorter ones down); got --fps \(NumberFormat.string(fps)); "
                    + "use 50 or less, or --format apng, webm or mp4"
            )
        }
        if format == .mp4 && background == .transparent {
            throw .usage(
                "--format mp4 (H.264) has no transparency; use --format webm or apng with "
                    + "--background transparent, or a colour #rrggbb"
            )
        }
        if format == .mp4 || format == .webm, let size, size.width % 2 == 1 || size.height % 2 == 1 {
            throw .usage(
                "--format \(format.rawValue) needs an even width and height (its colour is stored at half "
                    + "resolution); got --size \(size.width)x\(size.height)"
            )
        }
    }
}
