import Logging

/// A log message written in a plugin host, passed to the parent, which logs it as its own (with the
/// plugin's path): a plugin's `pop.log/1` messages read the same whether it runs isolated or not.
struct LogRecord: Codable, Equatable, Sendable {
    var level: Logger.Level
    var label: String
    var message: String
    var metadata: [String: String]
    /// The module that logged it.
    var source: String

    /// Logs it in this process.
    func log() {
        Logger(label: label).log(level: level, "\(message)", metadata: metadata.mapValues { .string($0) }, source: source)
    }
}
