import ArgumentParser

/// animhost's version, declared once: `animhost --version` prints it (see `versionFastPath`).
public let animhostVersion = "0.1.0"

/// `animhost --version` alone, answered without ArgumentParser's parse (a whole `--version`
/// was mostly that parse): the text ArgumentParser prints for it, or nil for any other list
/// (then ArgumentParser reads it). CommandOptionsTests hold the text to ArgumentParser's.
public func versionFastPath(_ arguments: [String]) -> String? {
    arguments == ["--version"] ? animhostVersion : nil
}
