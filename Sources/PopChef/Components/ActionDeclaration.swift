/// An action a handler declares: the name buttons use, and the text fields it reads (the content
/// must have each of them, or the popup fails before it shows).
///
///     var actions: [String: ActionDeclaration] { ["confirm": ActionDeclaration(name: "confirm", fields: ["code"])] }
public struct ActionDeclaration: Hashable, Sendable, Codable {
    /// The name a button's `action` gives to run it, and the key it is declared under.
    public var name: String
    /// For C plugins only: the action's C signature as declared, which the host calls it through
    /// (libffi) and lists (`i32(self:ptr, field.code:str)`). A Swift handler leaves it empty: its
    /// `perform` is called directly.
    public var signature: String
    /// The ids of the text fields it reads (`ActionContext.text(ofField:)`).
    public var fields: [String]

    public init(name: String, signature: String = "", fields: [String] = []) {
        self.name = name
        self.signature = signature
        self.fields = fields
    }
}

/// Whether the popup is dismissed (reason action) after an action ran.
public enum ActionOutcome: Hashable, Sendable {
    /// The popup leaves, its final event's reason action.
    case dismiss
    /// The popup stays on screen (a validation that failed, a step of a form).
    case keep
}
