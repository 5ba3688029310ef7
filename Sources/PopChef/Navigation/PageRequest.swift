import PopModel

/// What the app asks for to push a page composed of components: a view loader for its content, a
/// controller loader for its title, bar style and pop-gesture preferences (it must choose
/// `Presentation.Style.page`, or `.floating` for a page that can float; the C extensions
/// "pop.page/1" and "pop.floating/1"), an optional handler that hears the
/// page's lifecycle (a `HandlerComponent` that also adopts `PageHandler`; "pop.page-handler/1"),
/// and the data all three read.
public struct PageRequest: Hashable, Sendable {
    /// The page's kind in the trace and in expectations ("detail"); nil: the view loader's id.
    public var kind: String?
    public var viewLoader: String
    public var controllerLoader: String
    public var handler: String?
    public var data: Value

    public init(kind: String? = nil, viewLoader: String, controllerLoader: String, handler: String? = nil, data: Value = .null) {
        self.kind = kind
        self.viewLoader = viewLoader
        self.controllerLoader = controllerLoader
        self.handler = handler
        self.data = data
    }
}
