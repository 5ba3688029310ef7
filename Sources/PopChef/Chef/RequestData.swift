import PopModel

/// A request's data, as its components read it. One object per value for the request's whole life,
/// so a bridge can keep what it derives from it (a C plugin's value tree) until the final event.
public final class RequestData {
    public let value: Value
    /// Kept for the request's life by the layer that made it (the bridge's value tree).
    package var derived: AnyObject?

    public init(_ value: Value) { self.value = value }
}
