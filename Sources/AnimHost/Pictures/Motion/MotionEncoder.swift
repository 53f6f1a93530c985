#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// `run --format gif|apng|webm|mp4`: the marks go to animhost-motion, a program beside
/// animhost that paints them with cairo and encodes them with FFmpeg's libraries, so that
/// `animhost` itself links neither (its start and a first `run` stay light; scripts/animhost
/// builds animhost-motion the first time a moving format is asked for). animhost-motion
/// writes a temporary file, whose bytes then go to `--output` as any run's output does.
struct MotionEncoder {
    static let executableName = "animhost-motion"

    let painter: MotionPainter
    let format: FrameFormat
    let fps: Double

    /// The drawing as animhost-motion reads it (motion/animhost-motion.c describes it).
    func header(output: String) -> String {
        let alpha = painter.settings.background == .transparent ? 1 : 0
        return "animhost-motion 1\nformat \(format.rawValue)\nsize \(painter.width) \(painter.height)\n"
            + "fps \(Int(fps))\nalpha \(alpha)\noutput \(output)\n"
    }

    static func commands(_ marks: [MotionMark], into s: inout String) {
        func n(_ v: Double) -> String { Svg.n(v) }
        func c(_ color: RGBA) -> String {
            func k(_ v: Double) -> String { NumberFormat.string((max(0, min(1, v)) * 10000).rounded() / 10000) }
            return "\(k(color.r)) \(k(color.g)) \(k(color.b)) \(k(color.a))"
        }
        func path(_ steps: [PathStep]) {
            for step in steps {
                switch step {
                case .move(let p): s += "M \(n(p.x)) \(n(p.y))\n"
                case .line(let p): s += "L \(n(p.x)) \(n(p.y))\n"
                case .curve(let a, let b, let q): s += "C \(n(a.x)) \(n(a.y)) \(n(b.x)) \(n(b.y)) \(n(q.x)) \(n(q.y))\n"
                case .close: s += "Z\n"
                }
            }
        }
        for mark in marks {
            switch mark {
            case .fill(let steps, let color):
                path(steps)
                s += "fill \(c(color))\n"
            case .gradient(let steps, let from, let to, let top, let bottom):
                path(steps)
                // The colours without their alpha, then the one alpha both share.
                let opaque = { (color: RGBA) in c(color).split(separator: " ").prefix(3).joined(separator: " ") }
                s += "gradient \(n(from.x)) \(n(from.y)) \(n(to.x)) \(n(to.y)) \(opaque(top)) \(opaque(bottom)) "
                s += NumberFormat.string((top.a * 10000).rounded() / 10000) + "\n"
            case .stroke(let steps, let width, let color):
                path(steps)
                s += "stroke \(n(width)) \(c(color))\n"
            case .text(let text, let at, let size, let bold, let align, let color):
                let oneLine = String(text.map { $0.isNewline ? " " : $0 })
                s += "text \(n(at.x)) \(n(at.y)) \(n(size)) \(bold ? 600 : 400) \(align.rawValue) "
                s += "\(c(color))|\(oneLine)\n"
            }
        }
    }

    /// Paints and encodes every frame; returns the file's bytes.
    func encode() throws(HostError) -> [UInt8] {
        let program = try Self.executable()
        var template = Array(
            ((getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp") + "/animhost-motion-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw .output("cannot make a temporary file for the picture: \(String(cString: strerror(errno)))")
        }
        Glibc.close(fd)
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let registration = Interrupt.removeOnSignal(temporary)
        defer {
            unlink(temporary)
            Interrupt.forget(registration)
        }
        try run(program, writing: temporary)
        guard let file = fopen(temporary, "rb") else {
            throw .output("cannot read the encoded picture: \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n > 0 { bytes += chunk[0..<n] }
            if n < chunk.count { break }
        }
        return bytes
    }

    /// animhost-motion beside this executable, or an error saying how to build it.
    static func executable() throws(HostError) -> String {
        let folder: String
        do throws(OwnExecutable.Unknown) { folder = try OwnExecutable.folder() } catch {
            throw .usage("cannot find \(executableName), which must be beside the animhost executable: \(error.reason)")
        }
        let path = (folder == "/" ? "" : folder) + "/" + executableName
        guard access(path, X_OK) == 0 else {
            throw .usage(
                "--format gif, apng, webm and mp4 need \(executableName) (cairo and FFmpeg), "
                    + "which is not built in \(folder): "
                    + "scripts/animhost builds it the first time, or build it with scripts/build-motion \(folder)")
        }
        return path
    }

    /// Starts animhost-motion on one end of a socket pair (a write to it, should it die,
    /// is an error, not a SIGPIPE ending animhost), sends the frames, and waits.
    private func run(_ program: String, writing output: String) throws(HostError) {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw .output("cannot start \(Self.executableName): \(String(cString: strerror(errno)))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], 0)
        var pid = pid_t()
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(program), nil]
        defer { argv.forEach { free($0) } }
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
        Glibc.close(ends[1])
        guard spawned == 0 else {
            Glibc.close(ends[0])
            throw .output("cannot start \(program): \(String(cString: strerror(spawned)))")
        }
        var sent = true
        func send(_ text: String) {
            guard sent else { return }
            var text = text
            text.withUTF8 { bytes in
                var offset = 0
                while offset < bytes.count {
                    let n = Glibc.send(ends[0], bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                    if n < 0 && errno == EINTR { continue }
                    if n <= 0 {
                        sent = false
                        return
                    }
                    offset += n
                }
            }
        }
        send(header(output: output))
        var backdrop = ""
        Self.commands(painter.backdrop, into: &backdrop)
        for k in painter.scene.frames.indices {
            var s = "frame\n" + backdrop
            Self.commands(painter.marks(frame: k), into: &s)
            send(s)
        }
        send("end\n")
        Glibc.close(ends[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7f == 0
        let code = (status >> 8) & 0xff
        guard exited && code == 0 else {
            let how = exited ? "exit status \(code)" : "ended by signal \(status & 0x7f)"
            throw .output("\(Self.executableName) could not write the \(format.rawValue) (\(how); "
                + "its message is above)")
        }
    }
}
