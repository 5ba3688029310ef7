import PopChef
import PopModel

/// An action call across the boundary: the tap's action and request, and the text of each field the
/// action declares that the content has. The action reads nothing else of the popup's fields, so
/// the plugin host's `ActionContext` answers it as the parent's would; the request's data goes by
/// reference, like every call's.
struct TapRequest: Codable {
    var action: String
    var request: RequestID
    var data: DataReference
    var fields: [String: String]

    init(action: String, request: RequestID, data: DataReference, fields: [String: String]) {
        self.action = action
        self.request = request
        self.data = data
        self.fields = fields
    }

    /// The tap of `context`, with the text of each of `fieldIDs` (an action's declared fields) that it has.
    init(context: ActionContext, fields fieldIDs: [String], data: DataReference) {
        action = context.action
        request = context.request
        self.data = data
        var fields: [String: String] = [:]
        for id in fieldIDs { fields[id] = context.text(ofField: id) }
        self.fields = fields
    }

    /// The context the plugin host's handler gets, over `data`.
    func context(data: RequestData) -> ActionContext {
        ActionContext(request: request, action: action, data: data, fields: fields, fieldIDs: Set(fields.keys))
    }
}
