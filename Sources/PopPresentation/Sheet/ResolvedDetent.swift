import PopModel

/// A detent with its height for the scene a sheet is laid out on.
public struct ResolvedDetent: Hashable, Sendable {
    public let id: Detent.ID
    /// The sheet's height at this detent, in points.
    public let height: Double

    public init(id: Detent.ID, height: Double) {
        self.id = id
        self.height = height
    }
}
