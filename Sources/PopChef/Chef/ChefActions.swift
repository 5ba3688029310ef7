import PopModel

/// Input that reaches a popup's handler: text typed into fields, and button taps that run its
/// actions.
extension Chef {
    /// Sets the text of a text field of a shown popup. False when there is no such popup or field.
    @discardableResult
    public func setText(_ text: String, field: String, on id: RequestID) -> Bool {
        guard let popup = popups[id], popup.content?.textFieldIDs.contains(field) == true else { return false }
        popup.fields[field] = text
        record(popup, .typed, detail: field)
        return true
    }

    /// Taps a button's action on a shown (or presenting) popup, named by its content or by a row it keeps now:
    /// the host action `pop.dismiss`, or the handler's action of that name; the popup is dismissed (reason
    /// action) when the action says so. False when there is nothing to tap.
    @discardableResult
    public func tap(action name: String, on id: RequestID) -> Bool {
        guard let popup = popups[id], popup.state == .shown || popup.state == .presenting,
            popup.content?.actionNames.contains(name) == true || popup.rows?.keptActionNames.contains(name) == true
        else { return false }
        if name == HostAction.dismiss {
            record(popup, .action, detail: name)
            beginDismiss(popup, reason: .action)
            settleLosses()
            return true
        }
        guard popup.handler.actions[name] != nil else { return false }
        let context = ActionContext(request: id, action: name, data: popup.data, fields: popup.fields, fieldIDs: popup.fieldIDs)
        let outcome = popup.handler.perform(name, context: context)
        record(popup, .action, detail: "\(name) → \(outcome == .dismiss ? "dismiss" : "keep")")
        pump()
        if outcome == .dismiss, popups[id] != nil { beginDismiss(popup, reason: .action) }
        settleLosses()
        return true
    }
}
