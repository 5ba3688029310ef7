import PopModel

/// How a request is presented: its presentation (style, theme, layout and motion options), and
/// optionally its own layout and its own show and hide animations. The chef makes one instance per
/// request and calls it on the chef's actor only.
///
///     final class TopBanner: ControllerLoaderComponent {
///         let id = "com.example.banner"
///         func configure(data: RequestData) throws(ComponentFailure) -> Presentation {
///             var presentation = Presentation()
///             presentation.style = .banner
///             return presentation
///         }
///     }
///     catalog.register(controllerLoader: "com.example.banner") { TopBanner() }
public protocol ControllerLoaderComponent: AnyObject {
    /// The component id, as requests name it; the same as the id it is registered under.
    var id: String { get }
    /// Whether `animate(showing: true, …)` may take over the entrance. Default: no.
    var hasShowAnimation: Bool { get }
    /// Whether `animate(showing: false, …)` may take over the exit. Default: no.
    var hasHideAnimation: Bool { get }
    /// The presentation for `data` (the request's, or its reformer's controller data); its style
    /// decides the layer the popup competes in. Default: the host's alert.
    func configure(data: RequestData) throws(ComponentFailure) -> Presentation
    /// A custom show or hide animation: schedule keyframes through `context`, call `done` once when
    /// the animation is complete (from any task or thread), and return true; or return false
    /// (without calling `done`) for the theme's. The transition ends at the later of `done` and the
    /// last keyframe's end.
    func animate(showing: Bool, context: AnimationContext, done: Completion<Void>) -> Bool
    /// A custom layout: the popup's frame, or nil for `defaultFrame`. Asked whenever the space the
    /// popup is laid out in changes.
    func layout(container: Rect, keyboardHeight: Double, defaultFrame: Rect) -> Rect?
    /// Whether it wants to hear trait changes while its popup is on screen (`traitsDidChange`).
    /// Default: no.
    var observesTraits: Bool { get }
    /// The person's display traits changed to `traits` while its popup is on screen (UIKit's
    /// `traitCollectionDidChange`), before the popup is laid out again.
    func traitsDidChange(_ traits: DisplayTraits)
    /// Releases the instance's resources; the chef never uses it again.
    func destroy()
}

extension ControllerLoaderComponent {
    public var hasShowAnimation: Bool { false }
    public var hasHideAnimation: Bool { false }
    public func configure(data: RequestData) throws(ComponentFailure) -> Presentation { Presentation() }
    public func animate(showing: Bool, context: AnimationContext, done: Completion<Void>) -> Bool { false }
    public func layout(container: Rect, keyboardHeight: Double, defaultFrame: Rect) -> Rect? { nil }
    public var observesTraits: Bool { false }
    public func traitsDidChange(_ traits: DisplayTraits) {}
    public func destroy() {}
}
