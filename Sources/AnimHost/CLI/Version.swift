/// animhost's version, declared once: `animhost --version` prints it (see `versionFastPath`),
/// and animhost-cli's ArgumentParser configuration declares it.
public let animhostVersion = "0.1.0"

/// `animhost --version` alone, answered by animhost itself (which links no ArgumentParser):
/// the text ArgumentParser prints for it, or nil for any other list (then animhost-cli reads
/// it). CommandOptionsTests hold the text to ArgumentParser's.
public func versionFastPath(_ arguments: [String]) -> String? {
    arguments == ["--version"] ? animhostVersion : nil
}
