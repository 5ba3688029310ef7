/// Something that happened to an isolated plugin, for a host to show (`IsolatedComponents.onEvent`);
/// each is also logged as a warning.
public struct IsolationEvent: Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// Its plugin host crashed, aborted or exited; the requests using it end (plugin-crashed).
        case crashed
        /// A call overran its deadline; the plugin host was killed (plugin-timeout).
        case timedOut = "timed-out"
        /// It crashed or hung too often: its components fail for the rest of the session.
        case quarantined
    }

    public let kind: Kind
    /// The plugin file.
    public let plugin: String
    /// What happened, naming the plugin and the call.
    public let message: String

    public var description: String { message }
}
