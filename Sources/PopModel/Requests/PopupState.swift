/// Identifies a request for its whole life; assigned in order from 1.
public typealias RequestID = UInt64

/// Where a request is in its life.
public enum PopupState: String, Codable, Sendable {
    /// Not on screen: waiting for its should_present answer, in a queue, or about to start.
    case idle
    /// Its presentation animation is running.
    case presenting
    /// On screen, at rest.
    case shown
    /// Its dismiss animation is running.
    case dismissing
    /// Gone after being (partly) shown: final event dismissed.
    case dismissed
    /// Gone without being shown: final event cancelled.
    case cancelled

    /// Whether it counts as visible: presenting, shown, or dismissing (QMUI's `visible` stays true
    /// until the hide animation ends).
    public var isVisible: Bool { self == .presenting || self == .shown || self == .dismissing }
}

/// A snapshot of one request, for listings.
public struct PopupSnapshot: Hashable, Sendable {
    public var id: RequestID
    public var state: PopupState
    public var layer: Layer
    public var priority: Priority
    public var dedupeKey: String?
    /// Presentation progress: 0 off screen, 1 fully shown.
    public var progress: Double

    public init(id: RequestID, state: PopupState, layer: Layer, priority: Priority, dedupeKey: String?, progress: Double) {
        self.id = id
        self.state = state
        self.layer = layer
        self.priority = priority
        self.dedupeKey = dedupeKey
        self.progress = progress
    }
}

extension PopupState: CustomStringConvertible, CustomDebugStringConvertible {
    /// The name the trace and the docs use (`shown`), also inside an Optional or a collection.
    public var description: String { rawValue }
    public var debugDescription: String { rawValue }
}
