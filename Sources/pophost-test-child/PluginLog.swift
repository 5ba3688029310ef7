import Logging
import PopLoader

#if canImport(Glibc)
import Glibc
#endif

/// Where the log of a test's process goes: standard error, which the harness keeps as the process's
/// output (the last lines of a crashed test's details), as `pophost: warning: message [key=value]`,
/// the way pophost writes its own. The level comes from `POPHOST_LOG` (default warning), which the
/// harness's environment passes on.
struct PluginLog: LogHandler {
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level

    static func bootstrap() {
        let level = LogLine.level(in: getenv("POPHOST_LOG").map { ["POPHOST_LOG": String(cString: $0)] } ?? [:])
        LoggingSystem.bootstrap { _ in PluginLog(logLevel: level) }
        PluginLogging.level = level
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var line = Array(LogLine.text(event, metadata: metadata).utf8)[...]
        while !line.isEmpty {
            let written = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            line = line.dropFirst(written)
        }
    }
}
