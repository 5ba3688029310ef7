import Logging

/// How pophost's processes write a log message, each the same way: `pophost: warning: message
/// [key=value …]`, metadata sorted by key, the level from `POPHOST_LOG` (trace … critical; default
/// warning). The CLI and a test's process (`pophost-test-child`) both write through it.
public enum LogLine {
    /// The line for `event` with the handler's `metadata` (the event's win), `escape` applied to the
    /// message and each value (the CLI makes plugins' text printable), ending in a newline.
    public static func text(_ event: LogEvent, metadata: Logger.Metadata, escape: (String) -> String = { $0 }) -> String {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        let context =
            merged.isEmpty
            ? "" : " [" + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\(escape("\($0.value)"))" }.joined(separator: " ") + "]"
        return "pophost: \(event.level): \(escape("\(event.message)"))\(context)\n"
    }

    /// The level `POPHOST_LOG` names in `environment`, else warning.
    public static func level(in environment: [String: String]) -> Logger.Level {
        environment["POPHOST_LOG"].flatMap(Logger.Level.init(rawValue:)) ?? .warning
    }
}
