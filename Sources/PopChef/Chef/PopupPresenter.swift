import PopModel

/// Whoever puts a chef's popups on screen — the presentation engine. The chef tells it when a popup
/// starts moving, when it comes to rest and when it leaves, and asks it where a popup is when a
/// controller loader animates it. All calls come on the chef's thread, during the chef's own calls.
public protocol PopupPresenter: AnyObject {
    /// Where `popup` is now and where it rests, for a custom animation's context.
    func animationGeometry(for popup: PresentedPopup) -> AnimationGeometry
    /// `move.popup` starts entering (also when it reverses back in) or leaving.
    func popupWillMove(_ move: PopupMove)
    /// `popup` has finished presenting and rests on screen.
    func popupDidSettle(_ popup: PresentedPopup)
    /// The request left the screen (its dismissal ended, it went back to its queue, or it ended).
    func popupDidLeave(_ id: RequestID)
    /// A component of request `id` asks something of its sheet; false when it is not a sheet on
    /// screen or the request cannot be met. Default: false (SheetControl.swift).
    func control(_ control: SheetControl, of id: RequestID) -> Bool
}

/// A popup on its way to, or on, the screen: what the presentation engine needs to draw it.
public struct PresentedPopup {
    public let id: RequestID
    public let presentation: Presentation
    public let content: ContentNode
    /// Its controller loader, for the layout hook.
    public let controllerLoader: any ControllerLoaderComponent
    /// Its view loader, told of trait changes while it is on screen.
    public let viewLoader: any ViewLoaderComponent
    /// The rows a sheet lists on demand below its content ("pop.list/1"); nil for none.
    public let rows: ListRows?

    public var layer: Layer { presentation.layer }
}

/// A presentation or dismissal that starts now.
public struct PopupMove {
    public let popup: PresentedPopup
    /// Entering (true) or leaving.
    public let showing: Bool
    public let start: VirtualTime
    /// How long the chef gives it: the transition ends then (a custom animation may end later).
    public let duration: VirtualTime
    /// A controller loader's custom animation: the state it starts from and its keyframes; nil for
    /// the theme's motion.
    public let custom: (from: VisualState, keyframes: [Keyframe])?
}

/// Where a popup is, for a custom animation hook.
public struct AnimationGeometry: Hashable, Sendable, Codable {
    public var container: Rect
    public var keyboardHeight: Double
    /// Where it rests when shown.
    public var finalFrame: Rect
    /// The state presented now.
    public var current: VisualState

    public init(container: Rect, keyboardHeight: Double, finalFrame: Rect, current: VisualState) {
        self.container = container
        self.keyboardHeight = keyboardHeight
        self.finalFrame = finalFrame
        self.current = current
    }

    /// What a chef with no presenter gives: everything at the origin, invisible.
    static let none = AnimationGeometry(
        container: Rect(x: 0, y: 0, width: 0, height: 0), keyboardHeight: 0, finalFrame: Rect(x: 0, y: 0, width: 0, height: 0),
        current: VisualState(frame: Rect(x: 0, y: 0, width: 0, height: 0), alpha: 0, scale: 1, rotation: 0, dimAlpha: 0))
}
