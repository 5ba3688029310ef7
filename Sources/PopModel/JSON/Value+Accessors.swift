extension Value {
    /// The string, when this is one: `data["title"]?.stringValue`.
    public var stringValue: String? {
        if case .string(let string) = self { string } else { nil }
    }

    /// The number, when this is one (a whole number as a Double too).
    public var numberValue: Double? {
        switch self {
        case .int(let number): Double(number)
        case .double(let number): number
        default: nil
        }
    }

    /// The boolean, when this is one.
    public var boolValue: Bool? {
        if case .bool(let bool) = self { bool } else { nil }
    }
}
