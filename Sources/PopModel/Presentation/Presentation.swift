/// How a popup is presented: a controller loader's `pop_presentation_t`, as the host uses it. The
/// defaults are the host's alert (controller_loader.h documents each field).
public struct Presentation: Hashable, Sendable, Codable {
    public enum Style: Int32, Codable, Sendable { case alert = 0, sheet, popover, banner, page, floating }
    public enum Mask: Int32, Codable, Sendable { case none = 0, clear, dimmed }
    public enum WidthMode: Int32, Codable, Sendable { case fit = 0, fixed, maximum }
    public enum ShowAnimation: Int32, Codable, Sendable {
        case none = 0, fadeIn, slideFromTop, slideFromTopAngleBounce, slideFromBottom, slideFromLeft, slideFromRight, popup, slideUp
    }
    public enum HideAnimation: Int32, Codable, Sendable {
        case none = 0, fadeOut, slideToTop, slideToBottom, slideToBottomAngle, toPointScale, slideToLeft, slideToRight, popup, slideDown
    }
    public enum Edge: Int32, Codable, Sendable { case top = 0, bottom }
    public enum BehindBanner: Int32, Codable, Sendable { case dismiss = 0, absorb, forward }

    public var style = Style.alert
    public var mask = Mask.dimmed
    /// The dimming's colour (0xRRGGBBAA). The default (`defaultDimColor`) is the host's, which
    /// follows the appearance; any other value is drawn as written (docs/appearance.md).
    public var dimColor: UInt32 = Self.defaultDimColor
    public var modal = false
    public var dismissOnBackgroundTap = false
    public var cornerRadius = 16.0
    public var widthMode = WidthMode.fit
    public var width = 0.0
    public var offsetX = 0.0, offsetY = 0.0
    public var marginTop = 20.0, marginLeft = 20.0, marginBottom = 20.0, marginRight = 20.0
    public var showDuration = 0.25
    public var hideDuration = 0.25
    public var showAnimation = ShowAnimation.fadeIn
    public var hideAnimation = HideAnimation.fadeOut
    /// The curve of the show and hide animations; nil: the animation style's own
    /// (`POP_CURVE_STYLE`).
    public var showCurve: Keyframe.Curve?
    public var hideCurve: Keyframe.Curve?
    public var dismissPointX = 0.0, dismissPointY = 0.0
    public var bannerEdge = Edge.top
    public var behindBanner = BehindBanner.forward
    public var displayDuration = 2.0
    public var pauseOnTouch = true
    public var swipeToDismiss = true
    /// Sheets and popovers (POP_STYLE_SHEET, POP_STYLE_POPOVER): detents, grabber, anchor…
    public var sheet = SheetOptions()
    /// A page's title, bar style and pop-gesture preferences (POP_STYLE_PAGE, the C extension
    /// "pop.page/1"): set only for a page's controller loader; nil for every popup.
    public var page: PagePreferences?

    public init() {}

    /// The host's dimming: black at 0.35.
    public static let defaultDimColor: UInt32 = 0x0000_0059

    /// The layer this presentation shows in: banners', sheets' (popovers too) or the modal one.
    public var layer: Layer {
        switch style {
        case .banner: .banner
        case .sheet, .popover: .sheet
        default: .modal
        }
    }
}
