import PopModel

/// The business logic of one request: whether and when it shows, its options, what its buttons do,
/// whether it may be dismissed, and its lifecycle (handler.h describes each call for C plugins).
/// The chef calls it on its own thread only. Everything has a default but `id`, so a Swift handler
/// implements what it needs, as an Objective-C protocol's optional methods.
public protocol HandlerComponent: AnyObject {
    /// The component id ("builtin" for the built-in default).
    var id: String { get }
    /// The actions its buttons may name, by name. Default: none.
    var actions: [String: ActionDeclaration] { get }
    /// Whether `shouldPresent` decides (false: every request is presented without asking).
    /// Default: false.
    var decidesPresentation: Bool { get }
    /// Adjusts the request's options for its data. Default: the host's options.
    func adjust(_ options: inout RequestOptions, data: RequestData)
    /// Decides whether the request is shown: call `answer` once, now or later, from any thread.
    /// Asked only when `decidesPresentation`.
    func shouldPresent(data: RequestData, answer: Completion<Bool>)
    func willPresent()
    func didPresent()
    /// May the popup be dismissed for `reason` (only vetoable reasons are asked)? Default: yes.
    func shouldDismiss(_ reason: Reason) -> Bool
    func willDismiss(_ reason: Reason)
    func didDismiss(_ reason: Reason)
    /// The request's final event, exactly once, after teardown; `destroy` follows.
    func finished(_ event: FinalEvent)
    /// Runs the action `name` (one of `actions`) for a tap on a button naming it.
    func perform(_ name: String, context: ActionContext) -> ActionOutcome
    /// Releases the instance; the chef never uses it again.
    func destroy()
}

extension HandlerComponent {
    public var actions: [String: ActionDeclaration] { [:] }
    public var decidesPresentation: Bool { false }
    public func adjust(_ options: inout RequestOptions, data: RequestData) {}
    public func shouldPresent(data: RequestData, answer: Completion<Bool>) { answer(true) }
    public func willPresent() {}
    public func didPresent() {}
    public func shouldDismiss(_ reason: Reason) -> Bool { true }
    public func willDismiss(_ reason: Reason) {}
    public func didDismiss(_ reason: Reason) {}
    public func finished(_ event: FinalEvent) {}
    public func perform(_ name: String, context: ActionContext) -> ActionOutcome { .keep }
    public func destroy() {}
}
