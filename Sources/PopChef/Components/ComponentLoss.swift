import PopModel

/// Component instances a source lost all at once, outside any call that could report it: their
/// plugin's process crashed or hung while serving one of them, and every instance it held died with
/// it. The chef ends each live request that uses one of them with one final event for `reason`
/// (`Chef.settleLosses`), however far the request got; calls into the lost instances in the
/// meantime do nothing.
public struct ComponentLoss {
    /// plugin-crashed or plugin-timeout.
    public let reason: Reason
    /// What happened, for the trace and the log: which plugin, during which call, how it ended.
    public let message: String
    /// The lost instances (held, so that none can be freed and its address reused before the
    /// chef has looked).
    private let instances: [AnyObject]

    public init(reason: Reason, message: String, instances: [AnyObject]) {
        self.reason = reason
        self.message = message
        self.instances = instances
    }

    /// Whether `component` is one of the lost instances.
    public func contains(_ component: AnyObject) -> Bool {
        instances.contains { $0 === component }
    }
}
