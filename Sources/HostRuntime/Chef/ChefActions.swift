/// Input that reaches a popup's handler: text typed into fields, and button taps that invoke
/// actions (target-action through libffi).
extension Chef {
    /// Sets the text of a text field of a shown popup. False when there is no such popup or field.
    @discardableResult
    public func setText(_ text: String, field: String, on id: RequestID) -> Bool {
        guard let popup = popups[id], popup.content?.textFieldIDs.contains(field) == true else { return false }
        popup.fields[field] = text
        record(popup, "typed", detail: field)
        return true
    }

    /// Taps a button's action on a shown (or presenting) popup: the host action `pop.dismiss`, or the
    /// handler's action of that name, called with its declared arguments; the popup is dismissed
    /// (reason action) when the action says so. False when there is nothing to tap.
    @discardableResult
    public func tap(action name: String, on id: RequestID) -> Bool {
        guard let popup = popups[id], popup.state == .shown || popup.state == .presenting,
              popup.content?.actionNames.contains(name) == true
        else { return false }
        if name == HostAction.dismiss {
            record(popup, "action", detail: name)
            beginDismiss(popup, reason: .action)
            return true
        }
        guard let action = popup.handler.actions[name], let target = popup.handler.address else { return false }
        let outcome = ActionInvoker.invoke(action.function, signature: action.signature, interface: action.interface,
                                           arguments: PopupActionArguments(popup: popup, action: name, handler: target))
        record(popup, "action", detail: "\(name) → \(outcome == .dismiss ? "dismiss" : "keep")")
        pump()
        if outcome == .dismiss, popups[id] != nil { beginDismiss(popup, reason: .action) }
        return true
    }
}

/// Where an action's arguments come from: the popup's handler, the action, the request, its text
/// fields and its data.
struct PopupActionArguments: ActionArgumentProvider {
    let popup: Popup
    let action: String
    let handler: UnsafeRawPointer

    var actionName: String { action }
    var requestID: Int64 { Int64(popup.id) }
    func fieldText(_ id: String) -> String? { popup.fields[id] ?? (popup.content?.textFieldIDs.contains(id) == true ? "" : nil) }
    func dataNode(at path: String) -> UnsafeRawPointer? { popup.data.tree.node(atPath: path).map { UnsafeRawPointer($0) } }
    func dataValue(at path: String) -> DataArgument? { DataArgument(popup.data.value.lookup(path: path)) }
}
