/// An action a handler declares: the name buttons use, and the text fields it reads (the content
/// must have each of them, or the popup fails before it shows).
public struct ActionDeclaration: Hashable, Sendable, Codable {
    public var name: String
    /// The signature as declared, for listings (a C plugin's `i32(self:ptr, field.code:str)`).
    public var signature: String
    /// The ids of the text fields it reads.
    public var fields: [String]

    public init(name: String, signature: String, fields: [String] = []) {
        self.name = name
        self.signature = signature
        self.fields = fields
    }
}

/// Whether the popup is dismissed (reason action) after an action ran.
public enum ActionOutcome: Hashable, Sendable {
    case dismiss
    case keep
}
