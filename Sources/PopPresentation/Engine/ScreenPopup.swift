import PopChef
import PopModel

/// What the presentation engine keeps for one popup on screen, from the start of its entrance to
/// the end of its exit.
final class ScreenPopup {
    enum Phase { case entering, shown, leaving }

    let id: RequestID
    let presentation: Presentation
    /// The content as its view loader built it, semantic colours and text styles unresolved.
    let built: ContentNode
    /// The content as it is laid out and drawn now: `built` resolved for the display traits.
    private(set) var content: ContentNode
    let controllerLoader: any ControllerLoaderComponent
    /// Its view loader, told of trait changes while it is on screen.
    let viewLoader: any ViewLoaderComponent
    /// The rows a sheet lists on demand below its content ("pop.list/1"), drawn as a page's are (`ListRowNodes`).
    let rows: ListRows?
    /// How a screen reader scopes it (`accessibility(of:content:)`), and the id of its content's title
    /// node: both fixed by what was built, whatever the traits.
    let accessibility: AccessibilityDescription
    let titleID: String?
    /// Its layout and behaviour; a sheet's is remade when its detents or selection change, an
    /// adaptive popover's when the size class does.
    var style: PresentationStyle
    /// A sheet's (or adapted popover's) selection and drag; nil for other styles.
    var sheet: SheetState?
    /// The order popups came on screen in: later ones are drawn above earlier ones in their layer.
    let order: Int
    var phase = Phase.entering
    /// What its visual state does now; nil until it first moves.
    var motion: Motion?
    /// Where it rests when shown, and the container, keyboard and display traits it was laid out for.
    var layout: (container: Rect, keyboard: Double, traits: DisplayTraits, frame: Rect)?
    /// How far its content is scrolled when taller than the popup (`ContentScroll`), and how that
    /// moves (`ScrollMotion`, as a page's): set by the user's scroll and the focused field, clamped
    /// when drawn, as the popup's height may change.
    var scroll = ScrollMotion(at: 0)
    /// A banner's display timer while it runs, and when it fires.
    var displayTimer: VirtualClock.Token?
    var displayDeadline: VirtualTime?
    /// What was left of a banner's display time when a touch held it.
    var displayHeld: VirtualTime?

    init(_ popup: PresentedPopup, order: Int, traits: DisplayTraits) {
        id = popup.id
        presentation = popup.presentation
        built = popup.content
        content = popup.content
        controllerLoader = popup.controllerLoader
        viewLoader = popup.viewLoader
        rows = popup.rows
        accessibility = Self.accessibility(of: popup.presentation, content: popup.content)
        titleID = popup.content.titleFrameID(under: "popup.\(popup.id).content")
        style = PresentationStyle.of(popup.presentation)
        if popup.layer == .sheet { sheet = SheetState(selected: popup.presentation.sheet.selectedDetent) }
        self.order = order
        resolve(for: traits)
    }

    /// Resolves the content for `traits` (on dark's elevated level: see `isElevated`); true when that
    /// changed it.
    @discardableResult
    func resolve(for traits: DisplayTraits) -> Bool {
        guard built.hasSemantics else { return false }
        let resolved = built.resolved(for: traits, elevated: isElevated)
        defer { content = resolved }
        return resolved != content
    }

    var layer: Layer { presentation.layer }

    /// The room its content is laid out in, in a card of `size`: all of it, or, above rows on demand, none, so
    /// that the content takes its intrinsic height as the rows' header (as a page's does).
    func contentRoom(in size: Size) -> Size { rows == nil ? size : Size(width: size.width, height: 0) }

    /// The height of its content laid out `laid` high, its rows on demand included.
    func contentHeight(laid: Double) -> Double { rows.map { laid + $0.layout.height } ?? laid }

    /// How a screen reader scopes the popup (docs/accessibility.md): an alert is an alert dialog, a
    /// banner a status that is announced, anything else a dialog; modal — the screen under it
    /// unreachable — unless it is a banner or lets touches through to the screen (no mask). Labelled
    /// by its content's title.
    static func accessibility(of presentation: Presentation, content: ContentNode) -> AccessibilityDescription {
        let role: AccessibilityRole =
            switch presentation.style {
            case .alert: .alertDialog
            case .banner: .status
            case .sheet, .popover, .page, .floating: .dialog
            }
        let modal = role != .status && (presentation.style == .popover || presentation.mask != .none)
        return AccessibilityDescription(role: role, label: content.titleText ?? "", modal: modal)
    }

    /// Whether it sits on UIKit's elevated interface level, where dark backgrounds are lighter: alerts
    /// and popovers (Apple: "the system assigns the elevated level to alerts and popovers"), and sheets
    /// and banners, which float above the window as a presented sheet does (docs/appearance.md).
    var isElevated: Bool {
        switch presentation.style {
        case .alert, .popover, .sheet, .banner: true
        case .page, .floating: false
        }
    }

    /// Whether it is drawn above `other`: sheets below the modal layer below the banner one, later
    /// above earlier.
    func isAbove(_ other: ScreenPopup) -> Bool {
        (layer.drawingRank, order) > (other.layer.drawingRank, other.order)
    }
}

extension Layer {
    /// Sheets are drawn lowest, so that alerts and banners show above them.
    var drawingRank: Int {
        switch self {
        case .sheet: 0
        case .modal: 1
        case .banner: 2
        }
    }
}
