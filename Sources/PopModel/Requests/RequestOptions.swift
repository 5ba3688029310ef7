/// A request's priority, 0...1000, with the ABI's named levels (`POP_PRIORITY_*`).
public struct Priority: RawRepresentable, Comparable, Hashable, Sendable, Codable, CustomStringConvertible {
    public var rawValue: Int32

    /// Clamps to 0...1000.
    public init(rawValue: Int32) { self.rawValue = Swift.min(Swift.max(rawValue, 0), 1000) }

    public static let low = Priority(rawValue: 250)
    public static let normal = Priority(rawValue: 500)
    public static let high = Priority(rawValue: 750)
    public static let max = Priority(rawValue: 1000)

    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { String(rawValue) }
}

/// What a request does when its layer is busy.
public enum Policy: Int32, Codable, Sendable {
    /// Shows now if it beats the popup on screen (which is preempted); else it is cancelled.
    case override = 0
    /// Waits in the layer's queue.
    case enqueue = 1
}

/// What happens to a shown popup when a higher-priority one preempts it.
public enum PreemptionRule: Int32, Codable, Sendable {
    /// Dismissed for good (reason preempted).
    case drop = 0
    /// Dismissed, then queued again to come back later.
    case requeue = 1
}

/// The options the arbitration works with, after the host's defaults, the handler's `get_options`
/// and the request's own choices (which win) have been combined.
public struct RequestOptions: Hashable, Sendable, Codable {
    public var priority = Priority.normal
    public var policy = Policy.enqueue
    public var whenPreempted = PreemptionRule.drop
    /// How long it may wait in a queue; nil for no limit.
    public var timeToLive: VirtualTime?
    /// A request whose key is already shown or queued is cancelled as a duplicate.
    public var dedupeKey: String?

    public init() {}
}
