import PopModel

/// A request to show a popup: its components by id (any left out gets the built-in default), its
/// data, and the options the app insists on (which override the handler's).
public struct PopupRequest: Sendable {
    public var handler: String?
    public var viewLoader: String?
    public var controllerLoader: String?
    public var reformer: String?
    public var data: Value

    public var priority: Priority?
    public var policy: Policy?
    public var whenPreempted: PreemptionRule?
    public var timeToLive: VirtualTime?
    public var dedupeKey: String?
    /// The page the popup belongs to: a page's name ("detail#2") or kind ("detail": the topmost page
    /// of that kind); nil = the page current when it is requested (see `NavigationStack`).
    public var page: String?

    public init(
        handler: String? = nil, viewLoader: String? = nil, controllerLoader: String? = nil, reformer: String? = nil,
        data: Value = .null, priority: Priority? = nil, policy: Policy? = nil, whenPreempted: PreemptionRule? = nil,
        timeToLive: VirtualTime? = nil, dedupeKey: String? = nil, page: String? = nil
    ) {
        self.handler = handler
        self.viewLoader = viewLoader
        self.controllerLoader = controllerLoader
        self.reformer = reformer
        self.data = data
        self.priority = priority
        self.policy = policy
        self.whenPreempted = whenPreempted
        self.timeToLive = timeToLive
        self.dedupeKey = dedupeKey
        self.page = page
    }
}
