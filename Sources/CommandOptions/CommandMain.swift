import AnimHost
import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

/// Runs an executable's root command and exits with animhost's statuses: a usage error exits 2,
/// as every usage error of animhost does (HostError.usage) — ArgumentParser's own default is
/// 64 — a host error with its own status, `--help` and `--version` with 0. Shared by animhost-cli
/// and animhost-view, so both answer alike (and as animhost's own fast paths do).
public func runCommand<Command: ParsableCommand>(_: Command.Type) -> Never {
    exitWithStatus(Command.self) {
        var command = try Command.parseAsRoot()
        try command.run()
    }
}

/// Runs `body` and exits with its status; errors that are ArgumentParser's are reported as
/// `Command` reports them.
private func exitWithStatus<Command: ParsableCommand>(_: Command.Type, _ body: () throws -> Void) -> Never {
    do {
        try body()
        exit(0)
    } catch let e as HostError {
        writeError("animhost: \(e.description)\n")
        exit(e.exitCode)
    } catch let code as ExitCode {
        exit(code.rawValue)
    } catch {
        if Command.exitCode(for: error) == .success {
            print(Command.fullMessage(for: error))
            exit(0)
        }
        writeError(Command.fullMessage(for: error) + "\n")
        exit(2)
    }
}

