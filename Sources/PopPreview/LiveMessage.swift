import PopModel

/// What the server tells the page on its live channel (the WebSocket `/live`), one JSON object per
/// message, keyed by `type`.
public enum LiveMessage: Hashable, Sendable {
    /// Rebuilt plugin files were loaded and the run replayed to `timeMS`: the page redraws in place.
    case reloaded(files: [String], message: String, timeMS: Int64)
    /// A rebuilt file cannot be used (broken build, crash in init): the last good build stays.
    case reloadFailed(String)
    /// An isolated plugin crashed, hung or was quarantined.
    case pluginEvent(String)
    /// The answer to a page's message.
    case reply(String)
    /// A page's message the server could not take.
    case error(String)

    /// The message as JSON.
    public var json: String {
        let value: Value =
            switch self {
            case .reloaded(let files, let message, let time):
                ["type": "reloaded", "files": .array(files.map(Value.string)), "message": .string(message), "time_ms": .int(time)]
            case .reloadFailed(let message): ["type": "reload_failed", "message": .string(message)]
            case .pluginEvent(let message): ["type": "plugin_event", "message": .string(message)]
            case .reply(let json): ["type": "reply", "body": (try? Value(json: json)) ?? .null]
            case .error(let message): ["type": "error", "message": .string(message)]
            }
        return value.json
    }
}
