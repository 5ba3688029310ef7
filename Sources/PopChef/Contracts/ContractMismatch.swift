/// One way a handler and a popup's content do not fit: a button names an action the handler does
/// not declare, or an action reads a text field the content lacks. Either makes a request of that
/// pair end with reason plugin-error before it shows; `CompositionContract` finds them all at once,
/// so `pophost check` can list every one instead of the first a request trips over.
public struct ContractMismatch: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A button names an action that is neither the handler's nor a host action.
        case undeclaredAction = "undeclared-action"
        /// An action reads `field.ID`, and the content has no text field with that id.
        case missingTextField = "missing-text-field"
    }

    public let kind: Kind
    /// The handler whose contract it breaks.
    public let handler: String
    /// The action: the one the button names (`undeclaredAction`) or the one that reads the field
    /// (`missingTextField`).
    public let action: String
    /// The text field the action reads (`missingTextField` only).
    public let field: String?
    /// A declared action or text field of nearly the same name, when there is one: the likely
    /// intent behind a typo.
    public let suggestion: String?

    public init(kind: Kind, handler: String, action: String, field: String? = nil, suggestion: String? = nil) {
        self.kind = kind
        self.handler = handler
        self.action = action
        self.field = field
        self.suggestion = suggestion
    }

    /// One sentence naming both sides, as the chef records it and `pophost check` prints it.
    public var message: String {
        let hint = suggestion.map { " (did you mean \"\($0)\"?)" } ?? ""
        return switch kind {
        case .undeclaredAction:
            "a button names the action \"\(action)\", which handler \(handler) does not declare\(hint)"
        case .missingTextField:
            "action \"\(action)\" reads field.\(field ?? ""), but the content has no text field \"\(field ?? "")\"\(hint)"
        }
    }

    public var description: String { message }
}
