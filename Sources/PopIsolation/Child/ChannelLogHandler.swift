import Logging

/// The log handler of a plugin host: every message (a plugin's `pop.log/1`, the bridge's warnings)
/// goes to the parent, which logs it as its own. Messages finer than the parent shows stay here.
struct ChannelLogHandler: LogHandler {
    let label: String
    let outbox: ChildOutbox
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        outbox.post(
            .log(
                LogRecord(
                    level: event.level, label: label, message: "\(event.message)",
                    metadata: merged.mapValues { "\($0)" }, source: event.source)))
    }
}
