import PopModel

/// A theme written as JSON (for `pop.theme` and scenarios): a base theme and the fields it changes.
enum ThemeDescription {
    static let showNames: [String: Presentation.ShowAnimation] = [
        "none": .none, "fade-in": .fadeIn, "slide-from-top": .slideFromTop,
        "slide-from-top-angle-bounce": .slideFromTopAngleBounce, "slide-from-bottom": .slideFromBottom,
        "slide-from-left": .slideFromLeft, "slide-from-right": .slideFromRight, "popup": .popup, "slide-up": .slideUp,
    ]
    static let hideNames: [String: Presentation.HideAnimation] = [
        "none": .none, "fade-out": .fadeOut, "slide-to-top": .slideToTop, "slide-to-bottom": .slideToBottom,
        "slide-to-bottom-angle": .slideToBottomAngle, "to-point-scale": .toPointScale, "slide-to-left": .slideToLeft,
        "slide-to-right": .slideToRight, "popup": .popup, "slide-down": .slideDown,
    ]
    /// Curve names; "style" is each animation style's own (`POP_CURVE_STYLE`).
    static let curveNames: [String: Keyframe.Curve?] = [
        "style": nil, "linear": .linear, "ease-in": .easeIn, "ease-out": .easeOut, "ease-in-out": .easeInOut,
        "spring": .spring, "keyboard": .keyboard,
    ]
    static let styleNames: [String: Presentation.Style] = ["alert": .alert, "banner": .banner, "sheet": .sheet, "popover": .popover]
    static let maskNames: [String: Presentation.Mask] = ["none": .none, "clear": .clear, "dimmed": .dimmed]
    static let widthNames: [String: Presentation.WidthMode] = ["fit": .fit, "fixed": .fixed, "maximum": .maximum]
    static let edgeNames: [String: Presentation.Edge] = ["top": .top, "bottom": .bottom]
    static let behindNames: [String: Presentation.BehindBanner] = ["dismiss": .dismiss, "absorb": .absorb, "forward": .forward]

    /// The presentation `value` describes, or a failure naming the key and the problem.
    static func presentation(from value: Value) throws(ComponentFailure) -> Presentation {
        guard case .object(let object) = value else { throw failure("theme", "expected an object") }
        var theme = Presentation()
        if let base = object["base"] {
            guard case .string(let name) = base, let named = Presentation.named[name] else {
                throw failure("theme.base", "expected one of \(Presentation.named.keys.sorted().joined(separator: ", "))")
            }
            theme = named
        }
        for member in object where member.key != "base" {
            let key = "theme.\(member.key)", value = member.value
            switch member.key {
            case "style": theme.style = try name(value, styleNames, key)
            case "mask": theme.mask = try name(value, maskNames, key)
            case "dim_color": theme.dimColor = try color(value, key)
            case "modal": theme.modal = try bool(value, key)
            case "dismiss_on_background_tap": theme.dismissOnBackgroundTap = try bool(value, key)
            case "corner_radius": theme.cornerRadius = try number(value, key, atLeast: 0)
            case "width_mode": theme.widthMode = try name(value, widthNames, key)
            case "width": theme.width = try number(value, key, atLeast: 0)
            case "offset_x": theme.offsetX = try number(value, key)
            case "offset_y": theme.offsetY = try number(value, key)
            case "margin": let m = try number(value, key, atLeast: 0); theme = theme.margins(top: m, left: m, bottom: m, right: m)
            case "margin_top": theme.marginTop = try number(value, key, atLeast: 0)
            case "margin_left": theme.marginLeft = try number(value, key, atLeast: 0)
            case "margin_bottom": theme.marginBottom = try number(value, key, atLeast: 0)
            case "margin_right": theme.marginRight = try number(value, key, atLeast: 0)
            case "show_duration": theme.showDuration = try number(value, key, atLeast: 0)
            case "hide_duration": theme.hideDuration = try number(value, key, atLeast: 0)
            case "show": theme.showAnimation = try name(value, showNames, key)
            case "hide": theme.hideAnimation = try name(value, hideNames, key)
            case "show_curve": theme.showCurve = try name(value, curveNames, key)
            case "hide_curve": theme.hideCurve = try name(value, curveNames, key)
            case "dismiss_point":
                theme.dismissPointX = try number(value.lookup(path: "x") ?? .null, key + ".x")
                theme.dismissPointY = try number(value.lookup(path: "y") ?? .null, key + ".y")
            case "banner_edge": theme.bannerEdge = try name(value, edgeNames, key)
            case "behind": theme.behindBanner = try name(value, behindNames, key)
            case "display_duration": theme.displayDuration = try number(value, key, atLeast: 0)
            case "pause_on_touch": theme.pauseOnTouch = try bool(value, key)
            case "swipe_to_dismiss": theme.swipeToDismiss = try bool(value, key)
            case "sheet": theme.sheet = try SheetDescription.options(from: value, key: key)
            default: throw failure(key, "unknown key")
            }
        }
        return theme
    }

    static func failure(_ key: String, _ problem: String) -> ComponentFailure {
        ComponentFailure(.contractBroken, "\(key): \(problem)")
    }

    private static func name<T>(_ value: Value, _ names: [String: T], _ key: String) throws(ComponentFailure) -> T {
        guard case .string(let string) = value, let result = names[string] else {
            throw failure(key, "expected one of \(names.keys.sorted().joined(separator: ", "))")
        }
        return result
    }

    static func bool(_ value: Value, _ key: String) throws(ComponentFailure) -> Bool {
        guard case .bool(let result) = value else { throw failure(key, "expected true or false") }
        return result
    }

    static func number(_ value: Value, _ key: String, atLeast minimum: Double = -.infinity) throws(ComponentFailure) -> Double {
        let result: Double
        switch value {
        case .int(let int): result = Double(int)
        case .double(let double): result = double
        default: throw failure(key, "expected a number")
        }
        guard result >= minimum else { throw failure(key, "must be at least \(minimum)") }
        return result
    }

    /// "#RRGGBBAA" or a number.
    private static func color(_ value: Value, _ key: String) throws(ComponentFailure) -> UInt32 {
        if case .int(let int) = value, let color = UInt32(exactly: int) { return color }
        if case .string(let string) = value, string.hasPrefix("#"), string.count == 9, let color = UInt32(string.dropFirst(), radix: 16) {
            return color
        }
        throw failure(key, "expected a colour \"#RRGGBBAA\"")
    }
}
