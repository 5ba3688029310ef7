import PopModel

/// What an action runs with: the tap's request and action, the text typed into the popup's fields,
/// and the request's data. Made for one `HandlerComponent.perform` call, on the chef's actor.
///
///     func perform(_ name: String, context: ActionContext) -> ActionOutcome {
///         guard let code = context.text(ofField: "code"), code.count == 6 else { return .keep }
///         return .dismiss
///     }
public struct ActionContext {
    /// The request whose button was tapped.
    public let request: RequestID
    /// The action's name (the button's `action`).
    public let action: String
    /// The request's data, as the handler was given it.
    public let data: RequestData
    private let fields: [String: String]
    private let fieldIDs: Set<String>

    package init(request: RequestID, action: String, data: RequestData, fields: [String: String], fieldIDs: Set<String>) {
        self.request = request
        self.action = action
        self.data = data
        self.fields = fields
        self.fieldIDs = fieldIDs
    }

    /// The text of the content's text field `id` ("" until something is typed), or nil when the
    /// content has no such field.
    public func text(ofField id: String) -> String? {
        fields[id] ?? (fieldIDs.contains(id) ? "" : nil)
    }
}
