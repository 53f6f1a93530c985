#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `--open`: the desktop's browser on the page (xdg-open; `open` on macOS).
enum Browser {
    static func open(_ url: String) {
        #if os(macOS)
        let tool = "open"
        #else
        let tool = "xdg-open"
        #endif
        var pid: pid_t = 0
        let args = [tool, url]
        var argv: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        if posix_spawnp(&pid, tool, nil, nil, &argv, environ) != 0 {
            fputs("animhost: could not start a browser (\(tool)); open \(url) yourself\n", stderr)
        }
    }
}
