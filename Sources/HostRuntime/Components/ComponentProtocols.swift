/// What the chef needs from each kind of component, whether a plugin provides it through the ABI
/// or it is a built-in default. All are used on the host's main thread only.

/// The business logic of one request.
package protocol HandlerComponent: AnyObject {
    /// The component id, or "builtin".
    var id: String { get }
    /// The actions the handler declares, validated.
    var actions: [String: DeclaredAction] { get }
    /// Whether `shouldPresent` answers through a completion (plugin `should_present`).
    var asksShouldPresent: Bool { get }
    /// The `pop_handler_t` actions receive as `self`; nil for a built-in.
    var address: UnsafeRawPointer? { get }

    func adjust(_ options: inout RequestOptions, data: RequestData)
    /// Asks `should_present`; the answer comes through the function pointer `answer`.
    func shouldPresent(data: RequestData, answer: UnsafeRawPointer)
    func willPresent()
    func didPresent()
    func shouldDismiss(_ reason: Reason) -> Bool
    func willDismiss(_ reason: Reason)
    func didDismiss(_ reason: Reason)
    func finished(_ event: FinalEvent)
    func destroy()
}

/// Builds a request's content.
protocol ViewLoaderComponent: AnyObject {
    var id: String { get }
    func build(data: RequestData) -> Result<ContentNode, ComponentFailure>
    func destroy()
}

/// Configures a request's presentation, and may animate it.
protocol ControllerLoaderComponent: AnyObject {
    var id: String { get }
    var hasShowAnimation: Bool { get }
    var hasHideAnimation: Bool { get }
    func configure(data: RequestData) -> Result<Presentation, ComponentFailure>
    /// Runs the plugin's custom animation hook; false when it declined (use the default).
    func animate(showing: Bool, context: AnimationContext, done: UnsafeRawPointer) -> Bool
    /// The layout hook: the popup's frame, or nil for `defaultFrame`.
    func layout(container: Rect, keyboardHeight: Double, defaultFrame: Rect) -> Rect?
    func destroy()
}

/// Maps a request's data to the view loader's and the controller loader's data.
protocol ReformerComponent: AnyObject {
    var id: String { get }
    /// nil in either place: pass the request's data through.
    func reform(data: RequestData) -> Result<(view: Value?, controller: Value?), ComponentFailure>
    func destroy()
}

/// A component broke its contract; the request ends with reason plugin-error.
package struct ComponentFailure: Error, CustomStringConvertible {
    package let description: String
}
