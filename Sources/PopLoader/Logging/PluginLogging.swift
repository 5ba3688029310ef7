import Logging
import Synchronization

/// How plugins' log messages (`pop.log/1`) reach the process's log. An app's logging usually shows
/// `info`; plugins' `info` is chatter an app did not ask for, so by default only a plugin's warnings
/// and errors get through. The command line sets `level` from `POPHOST_LOG`.
public enum PluginLogging {
    private static let threshold = Mutex<Logger.Level>(.warning)

    /// The least severe plugin message logged (default `.warning`). A logging system's own level
    /// still applies: a message must pass both.
    public static var level: Logger.Level {
        get { threshold.withLock { $0 } }
        set { threshold.withLock { $0 = newValue } }
    }

    /// The logger plugin messages are written with: labelled `pophost.plugin`, at the stricter of
    /// the logging system's level and `level`.
    package static func logger() -> Logger {
        var logger = Logger(label: "pophost.plugin")
        logger.logLevel = max(logger.logLevel, level)
        return logger
    }
}
