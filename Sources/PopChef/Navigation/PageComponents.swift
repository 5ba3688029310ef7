import PopModel

/// The components a composed page is made of, held for the page's life: the handler hears the
/// page's events when it adopts `PageHandler`, and all three are destroyed right after the page is
/// released (a page still on the stack keeps them).
final class PageComponents: PageHandler {
    private var handler: (any HandlerComponent)?
    private var viewLoader: (any ViewLoaderComponent)?
    private var controllerLoader: (any ControllerLoaderComponent)?
    /// The page's rows on demand, which ask the view loader until it is destroyed.
    var rows: ListRows?

    init(handler: (any HandlerComponent)?, viewLoader: any ViewLoaderComponent, controllerLoader: any ControllerLoaderComponent) {
        self.handler = handler
        self.viewLoader = viewLoader
        self.controllerLoader = controllerLoader
    }

    func page(_ page: Page, did event: PageEvent, animated: Bool) {
        (handler as? PageHandler)?.page(page, did: event, animated: animated)
        if event == .released { destroy() }
    }

    /// Runs the handler's action `name`; nil when there is no handler or it declares no such action.
    func perform(_ name: String, context: ActionContext) -> ActionOutcome? {
        guard let handler, handler.actions[name] != nil else { return nil }
        return handler.perform(name, context: context)
    }

    /// Destroys every component once; later events reach nobody.
    func destroy() {
        rows?.release()
        handler?.destroy()
        viewLoader?.destroy()
        controllerLoader?.destroy()
        handler = nil
        viewLoader = nil
        controllerLoader = nil
    }
}
