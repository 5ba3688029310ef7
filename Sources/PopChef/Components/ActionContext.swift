import PopModel

/// What an action runs with: the tap's request and action, the text typed into the popup's fields,
/// and the request's data.
public struct ActionContext {
    public let request: RequestID
    public let action: String
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
