/// Every error the host reports, with the exit status it maps to: 1 for script,
/// simulation and input errors, 2 for usage errors.
public enum HostError: Error, CustomStringConvertible, Sendable {
    /// A bad command line: unknown option, bad value, missing script file. Exit 2.
    case usage(String)
    /// An error in a script (syntax, runtime, bad parameter), already located as `file:line: …`. Exit 1.
    case script(String)
    /// The simulation went wrong (non-finite state). Exit 1.
    case simulation(String)
    /// A malformed input file. Exit 1.
    case input(String)
    /// Frames could not be written (no space, a broken device). Exit 1.
    case output(String)

    public var description: String {
        switch self {
        case .usage(let m), .script(let m), .simulation(let m), .input(let m), .output(let m): m
        }
    }

    /// The process exit status for this error.
    public var exitCode: Int32 {
        switch self {
        case .usage: 2
        case .script, .simulation, .input, .output: 1
        }
    }
}

extension HostError {
    /// The same error with a note on which run it came from.
    package func adding(_ note: String) -> HostError {
        switch self {
        case .usage(let m): .usage(m + " (" + note + ")")
        case .script(let m): .script(m + "\n(" + note + ")")
        case .simulation(let m): .simulation(m + " (" + note + ")")
        case .input(let m): .input(m + " (" + note + ")")
        case .output(let m): .output(m + " (" + note + ")")
        }
    }
}
