/// The port `animhost view` listens on unless `--port` says otherwise. Here, below both the
/// viewer and the command line that lists its options, so that the two say the same.
public enum ViewerPort {
    public static let standard = 7420
}
