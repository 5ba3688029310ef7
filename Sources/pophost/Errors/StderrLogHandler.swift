import Foundation
import Logging
import PopLoader
import Synchronization

/// Writes log messages to standard error as `pophost: warning: message`. The level comes from
/// `POPHOST_LOG` (trace, debug, info, notice, warning, error, critical; default warning).
struct StderrLogHandler: LogHandler {
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level

    static func bootstrap() {
        let level = LogLine.level(in: ProcessInfo.processInfo.environment)
        LoggingSystem.bootstrap { _ in StderrLogHandler(logLevel: level) }
        PluginLogging.level = level
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        // Plugins log through here (pop.log/1): their messages and paths are made printable.
        let line = LogLine.text(event, metadata: metadata, escape: printable)
        let waiting = Self.held.withLock { held in
            held?.append(line)
            return held != nil
        }
        if !waiting { Diagnostics.standardError(line) }
    }

    /// Messages logged while a terminal session has the screen; nil when they are written at once.
    private static let held = Mutex<[String]?>(nil)

    /// Keeps messages back (a terminal session draws the screen; a line on it would be drawn over).
    static func hold() {
        held.withLock { if $0 == nil { $0 = [] } }
    }

    /// Writes the messages kept back, in order, and writes later ones at once. Idempotent.
    static func release() {
        let lines = held.withLock { held in
            defer { held = nil }
            return held ?? []
        }
        for line in lines { Diagnostics.standardError(line) }
    }
}
