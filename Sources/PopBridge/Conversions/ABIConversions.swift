import PluginABI
import PopChef
import PopLoader
import PopModel

// The model's values as the ABI's structs, and back.

extension Presentation {
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
            display_duration: displayDuration, pause_on_touch: pauseOnTouch, swipe_to_dismiss: swipeToDismiss,
            show_curve: showCurve?.rawValue ?? Int32(POP_CURVE_STYLE), hide_curve: hideCurve?.rawValue ?? Int32(POP_CURVE_STYLE))
    }

    /// Reads back what a controller loader wrote, or says which field is out of range.
    init(_ raw: pop_presentation_t) throws(ComponentFailure) {
        func invalid(_ field: String, _ value: String) -> ComponentFailure {
            ComponentFailure(.contractBroken, "presentation field \(field) has the invalid value \(value)")
        }
        func enumeration<E: RawRepresentable<Int32>>(_ value: Int32, _ field: String) throws(ComponentFailure) -> E {
            guard let result = E(rawValue: value) else { throw invalid(field, "\(value)") }
            return result
        }
        func length(_ value: Double, _ field: String) throws(ComponentFailure) -> Double {
            guard value.isFinite, value >= 0 else { throw invalid(field, "\(value)") }
            return value
        }
        func finite(_ value: Double, _ field: String) throws(ComponentFailure) -> Double {
            guard value.isFinite else { throw invalid(field, "\(value)") }
            return value
        }
        /// A curve, or nil for POP_CURVE_STYLE (the style's own).
        func curve(_ value: Int32, _ field: String) throws(ComponentFailure) -> Keyframe.Curve? {
            value == Int32(POP_CURVE_STYLE) ? nil : try enumeration(value, field) as Keyframe.Curve
        }
        self.init()
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
        showCurve = try curve(raw.show_curve, "show_curve")
        hideCurve = try curve(raw.hide_curve, "hide_curve")
    }
}

extension VisualState {
    init(_ raw: pop_visual_state_t) {
        self.init(frame: Rect(raw.frame), alpha: raw.alpha, scale: raw.scale, rotation: raw.rotation, dimAlpha: raw.dim_alpha)
    }

    var raw: pop_visual_state_t {
        pop_visual_state_t(frame: frame.raw, alpha: alpha, scale: scale, rotation: rotation, dim_alpha: dimAlpha)
    }
}

extension Rect {
    init(_ raw: pop_rect_t) {
        self.init(x: raw.x, y: raw.y, width: raw.width, height: raw.height)
    }

    var raw: pop_rect_t { pop_rect_t(x: x, y: y, width: width, height: height) }
}

extension Reason {
    /// `POP_REASON_*` for a handler written against ABI 1.0 (`abi10`) or a later minor: the reasons
    /// ABI 1.1 added reach a 1.0 handler as the nearest value its header knows (1.0 promised no
    /// others): plugin-crashed and plugin-timeout as plugin-error, accessibility-escape as background-tap.
    func raw(abi10: Bool) -> pop_reason_t {
        guard abi10 else { return rawValue }
        switch self {
        case .pluginCrashed, .pluginTimeout: return Reason.pluginError.rawValue
        case .accessibilityEscape: return Reason.backgroundTap.rawValue
        default: return rawValue
        }
    }
}

extension FinalEvent {
    /// `POP_FINISHED_*` for the handler's `finished`.
    var outcome: Int32 {
        switch self {
        case .dismissed: Int32(POP_FINISHED_DISMISSED)
        case .cancelled: Int32(POP_FINISHED_CANCELLED)
        }
    }
}

extension RequestData {
    /// The C tree plugins read through `pop.value/1`: built on first use, kept until the request's
    /// final event (handles given to a plugin stay valid that long).
    package var tree: ValueTree {
        if let tree = derived as? ValueTree { return tree }
        let tree = ValueTree(value)
        derived = tree
        return tree
    }
}

extension PageEvent {
    /// `POP_PAGE_*` (ext/page.h).
    var raw: pop_page_event_t {
        switch self {
        case .didLoad: pop_page_event_t(POP_PAGE_DID_LOAD)
        case .willAppear: pop_page_event_t(POP_PAGE_WILL_APPEAR)
        case .didAppear: pop_page_event_t(POP_PAGE_DID_APPEAR)
        case .willDisappear: pop_page_event_t(POP_PAGE_WILL_DISAPPEAR)
        case .didDisappear: pop_page_event_t(POP_PAGE_DID_DISAPPEAR)
        case .released: pop_page_event_t(POP_PAGE_RELEASED)
        }
    }
}
