import PopChef
import PopModel

/// What the presentation engine keeps for one popup on screen, from the start of its entrance to
/// the end of its exit.
final class ScreenPopup {
    enum Phase { case entering, shown, leaving }

    let id: RequestID
    let presentation: Presentation
    let content: ContentNode
    let controllerLoader: any ControllerLoaderComponent
    let style: PresentationStyle
    /// The order popups came on screen in: later ones are drawn above earlier ones in their layer.
    let order: Int
    var phase = Phase.entering
    /// What its visual state does now; nil until it first moves.
    var motion: Motion?
    /// Where it rests when shown, and the container and keyboard it was laid out for.
    var layout: (container: Rect, keyboard: Double, frame: Rect)?
    /// A banner's display timer while it runs, and when it fires.
    var displayTimer: VirtualClock.Token?
    var displayDeadline: VirtualTime?
    /// What was left of a banner's display time when a touch held it.
    var displayHeld: VirtualTime?

    init(_ popup: PresentedPopup, order: Int) {
        id = popup.id
        presentation = popup.presentation
        content = popup.content
        controllerLoader = popup.controllerLoader
        style = PresentationStyle.of(popup.presentation)
        self.order = order
    }

    var layer: Layer { presentation.layer }

    /// Whether it is drawn above `other`: the banner layer above the modal one, later above earlier.
    func isAbove(_ other: ScreenPopup) -> Bool {
        (layer == .banner ? 1 : 0, order) > (other.layer == .banner ? 1 : 0, other.order)
    }
}
