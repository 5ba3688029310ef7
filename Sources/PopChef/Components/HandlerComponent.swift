import PopModel

/// The business logic of one request: whether and when it shows, its options, what its buttons do,
/// whether it may be dismissed, and its lifecycle (handler.h describes each call for C plugins).
/// The chef makes one instance per request (the factory given to `ComponentCatalog.register`) and
/// calls it on the chef's actor only, in lifecycle order. Everything has a default but `id`, so a
/// Swift handler implements what it needs, as an Objective-C protocol's optional methods.
///
///     final class ConfirmHandler: HandlerComponent {
///         let id = "com.example.confirm"
///         var actions: [String: ActionDeclaration] { ["confirm": ActionDeclaration(name: "confirm", fields: ["code"])] }
///         func perform(_ name: String, context: ActionContext) -> ActionOutcome {
///             submit(context.text(ofField: "code") ?? "")
///             return .dismiss
///         }
///     }
///     catalog.register(handler: "com.example.confirm") { ConfirmHandler() }
public protocol HandlerComponent: AnyObject {
    /// The component id, as requests name it ("builtin" for the built-in default); the same as the
    /// id it is registered under.
    var id: String { get }
    /// The actions its buttons may name, by name: what `perform` runs, and the text fields each
    /// reads (content without one of them fails before it shows). Default: none.
    var actions: [String: ActionDeclaration] { get }
    /// Whether `shouldPresent` decides (false: every request is presented without asking).
    /// Default: false.
    var decidesPresentation: Bool { get }
    /// Adjusts the request's options (priority, policy, what happens when preempted, time to live,
    /// dedupe key) for its data, before arbitration; options the request itself sets win. Default:
    /// the host's options.
    func adjust(_ options: inout RequestOptions, data: RequestData)
    /// Decides whether the request is shown: call `answer` once, now or later, from any task or
    /// thread (it is applied on the chef's actor at its next advance; an answer later than the
    /// chef's `completionTimeout` ends the request, reason plugin-error). Asked only when
    /// `decidesPresentation`.
    func shouldPresent(data: RequestData, answer: Completion<Bool>)
    /// The popup is about to appear: its content is built and its entrance begins.
    func willPresent()
    /// The entrance has finished: the popup is on screen.
    func didPresent()
    /// May the popup be dismissed for `reason` (only vetoable reasons are asked: a background tap,
    /// a swipe, hide-all)? Default: yes.
    func shouldDismiss(_ reason: Reason) -> Bool
    /// The popup is about to leave for `reason`: its exit begins.
    func willDismiss(_ reason: Reason)
    /// The exit has finished: the popup is off screen.
    func didDismiss(_ reason: Reason)
    /// The request's final event, exactly once, after teardown; `destroy` follows.
    func finished(_ event: FinalEvent)
    /// Runs the action `name` (one of `actions`) for a tap on a button naming it; its outcome says
    /// whether the popup is then dismissed (reason action). Default: keeps the popup.
    func perform(_ name: String, context: ActionContext) -> ActionOutcome
    /// Releases the instance's resources; the chef never uses it again.
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
