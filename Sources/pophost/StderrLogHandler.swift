import Foundation
import Logging

/// Writes log messages to standard error as `pophost: warning: message`. The level comes from
/// `POPHOST_LOG` (trace, debug, info, notice, warning, error, critical; default warning).
struct StderrLogHandler: LogHandler {
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level

    static func bootstrap() {
        let level = ProcessInfo.processInfo.environment["POPHOST_LOG"].flatMap(Logger.Level.init(rawValue:)) ?? .warning
        LoggingSystem.bootstrap { _ in StderrLogHandler(logLevel: level) }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        // Plugins log through here (pop.log/1): their messages and paths are made printable.
        let context = merged.isEmpty ? "" : " [" + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\(printable("\($0.value)"))" }.joined(separator: " ") + "]"
        FileHandle.standardError.write(Data("pophost: \(event.level): \(printable("\(event.message)"))\(context)\n".utf8))
    }
}
