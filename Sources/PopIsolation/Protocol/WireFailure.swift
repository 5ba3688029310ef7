import PopChef

/// A `ComponentFailure` on the wire.
struct WireFailure: Codable {
    var category: String
    var description: String

    init(_ failure: ComponentFailure) {
        category = failure.category.rawValue
        description = failure.description
    }

    /// The failure as the chef knows it (an unknown category, from a newer child, is a broken
    /// contract).
    var failure: ComponentFailure {
        ComponentFailure(ComponentFailure.Category(rawValue: category) ?? .contractBroken, description)
    }
}
