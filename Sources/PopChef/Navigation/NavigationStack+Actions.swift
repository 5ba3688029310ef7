import PopModel

/// Buttons in a page's content, as a popup's: they name actions of the page's handler.
extension NavigationStack {
    /// Runs the action a button of `page`'s content names: `pop.dismiss` asks for the page to be
    /// popped; an action the page's handler declares runs as a popup's would — the page's data,
    /// its text fields empty (pages take no typing), `request` 0 — and its result asks for a pop
    /// when it would dismiss a popup. Nil when nothing ran: the page is not on top, a transition is
    /// under way, its content or a row it shows names no such action, or its handler declares none. Pops nothing and
    /// traces nothing: the presentation pops (the transition is its) and traces what happened.
    public func runAction(_ name: String, on page: Page) -> ActionOutcome? {
        guard page === top, transition == nil, page.actionNames.contains(name) else { return nil }
        if name == HostAction.dismiss { return .dismiss }
        guard let components = page.handler as? PageComponents else { return nil }
        let context = ActionContext(
            request: 0, action: name, data: RequestData(page.request?.data ?? .null), fields: [:],
            fieldIDs: Set(page.content.textFieldIDs))
        return components.perform(name, context: context)
    }
}
