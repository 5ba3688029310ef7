import PluginABI

/// How a popup is presented: a controller loader's `pop_presentation_t`, as the host uses it. The
/// defaults are the host's alert (controller_loader.h documents each field).
public struct Presentation: Hashable, Sendable {
    public enum Style: Int32, Codable, Sendable { case alert = 0, sheet, popover, banner, page, floating }
    public enum Mask: Int32, Codable, Sendable { case none = 0, clear, dimmed }
    public enum WidthMode: Int32, Codable, Sendable { case fit = 0, fixed, maximum }
    public enum ShowAnimation: Int32, Codable, Sendable {
        case none = 0, fadeIn, slideFromTop, slideFromTopAngleBounce, slideFromBottom, slideFromLeft, slideFromRight, popup
    }
    public enum HideAnimation: Int32, Codable, Sendable {
        case none = 0, fadeOut, slideToTop, slideToBottom, slideToBottomAngle, toPointScale, slideToLeft, slideToRight, popup
    }
    public enum Edge: Int32, Codable, Sendable { case top = 0, bottom }
    public enum BehindBanner: Int32, Codable, Sendable { case dismiss = 0, absorb, forward }

    public var style = Style.alert
    public var mask = Mask.dimmed
    public var dimColor: UInt32 = 0x0000_0059
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
    public var dismissPointX = 0.0, dismissPointY = 0.0
    public var bannerEdge = Edge.top
    public var behindBanner = BehindBanner.forward
    public var displayDuration = 2.0
    public var pauseOnTouch = true
    public var swipeToDismiss = true

    public init() {}

    /// The layer this presentation shows in.
    public var layer: Layer { style == .banner ? .banner : .modal }

    /// The C struct, for a controller loader to adjust.
    var raw: pop_presentation_t {
        pop_presentation_t(
            abi_version: ABIVersion.host.raw, struct_size: UInt32(MemoryLayout<pop_presentation_t>.size),
            style: style.rawValue, mask: mask.rawValue, dim_color: dimColor, modal: modal,
            dismiss_on_background_tap: dismissOnBackgroundTap, corner_radius: cornerRadius,
            width_mode: widthMode.rawValue, width: width, offset_x: offsetX, offset_y: offsetY,
            margin_top: marginTop, margin_left: marginLeft, margin_bottom: marginBottom, margin_right: marginRight,
            show_duration: showDuration, hide_duration: hideDuration,
            show_animation: showAnimation.rawValue, hide_animation: hideAnimation.rawValue,
            dismiss_point_x: dismissPointX, dismiss_point_y: dismissPointY,
            banner_edge: bannerEdge.rawValue, banner_behind: behindBanner.rawValue,
            display_duration: displayDuration, pause_on_touch: pauseOnTouch, swipe_to_dismiss: swipeToDismiss)
    }

    /// Reads back what a controller loader wrote, or says which field is out of range.
    init(_ raw: pop_presentation_t) throws(PresentationError) {
        func enumeration<E: RawRepresentable<Int32>>(_ value: Int32, _ field: String) throws(PresentationError) -> E {
            guard let result = E(rawValue: value) else { throw PresentationError(field: field, value: "\(value)") }
            return result
        }
        func length(_ value: Double, _ field: String) throws(PresentationError) -> Double {
            guard value.isFinite, value >= 0 else { throw PresentationError(field: field, value: "\(value)") }
            return value
        }
        func finite(_ value: Double, _ field: String) throws(PresentationError) -> Double {
            guard value.isFinite else { throw PresentationError(field: field, value: "\(value)") }
            return value
        }
        style = try enumeration(raw.style, "style")
        mask = try enumeration(raw.mask, "mask")
        dimColor = raw.dim_color
        modal = raw.modal
        dismissOnBackgroundTap = raw.dismiss_on_background_tap
        cornerRadius = try length(raw.corner_radius, "corner_radius")
        widthMode = try enumeration(raw.width_mode, "width_mode")
        width = try length(raw.width, "width")
        offsetX = try finite(raw.offset_x, "offset_x")
        offsetY = try finite(raw.offset_y, "offset_y")
        marginTop = try length(raw.margin_top, "margin_top")
        marginLeft = try length(raw.margin_left, "margin_left")
        marginBottom = try length(raw.margin_bottom, "margin_bottom")
        marginRight = try length(raw.margin_right, "margin_right")
        showDuration = try length(raw.show_duration, "show_duration")
        hideDuration = try length(raw.hide_duration, "hide_duration")
        showAnimation = try enumeration(raw.show_animation, "show_animation")
        hideAnimation = try enumeration(raw.hide_animation, "hide_animation")
        dismissPointX = try finite(raw.dismiss_point_x, "dismiss_point_x")
        dismissPointY = try finite(raw.dismiss_point_y, "dismiss_point_y")
        bannerEdge = try enumeration(raw.banner_edge, "banner_edge")
        behindBanner = try enumeration(raw.banner_behind, "banner_behind")
        displayDuration = try length(raw.display_duration, "display_duration")
        pauseOnTouch = raw.pause_on_touch
        swipeToDismiss = raw.swipe_to_dismiss
    }
}

/// A controller loader wrote a value out of range into its presentation.
struct PresentationError: Error, CustomStringConvertible {
    let field: String
    let value: String
    var description: String { "presentation field \(field) has the invalid value \(value)" }
}
