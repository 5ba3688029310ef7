import PluginABI
import PopChef
import Testing

@testable import PopBridge
@testable import PopModel

/// The Swift model's raw values are the C header's constants, one for one: the bridge passes them
/// across the boundary as plain integers, so a drift on either side would change meaning silently.
@Suite struct ABIConstantsTests {
    /// Each pair's Swift raw value is its C constant, and the Swift type has no value but these:
    /// every raw value near the listed ones that is not listed does not make a `T`.
    func expectSame<T: RawRepresentable>(_ pairs: [(T, Int)], sourceLocation: SourceLocation = #_sourceLocation)
    where T.RawValue == Int32 {
        for (value, constant) in pairs {
            #expect(value.rawValue == Int32(constant), "\(value)", sourceLocation: sourceLocation)
        }
        let listed = Set(pairs.map { Int32($0.1) })
        #expect(listed.count == pairs.count, "a constant is listed twice", sourceLocation: sourceLocation)
        for raw in (listed.min()! - 4)...(listed.max()! + 4) where !listed.contains(raw) {
            #expect(T(rawValue: raw) == nil, "\(T.self) has the value \(raw), which the header does not", sourceLocation: sourceLocation)
        }
    }

    @Test("Reason: every case is its POP_REASON_*; every POP_REASON_* but NONE is a case")
    func reasons() {
        let pairs: [(Reason, Int)] = [
            (.action, POP_REASON_ACTION), (.backgroundTap, POP_REASON_BACKGROUND_TAP), (.swipe, POP_REASON_SWIPE),
            (.timeout, POP_REASON_TIMEOUT), (.preempted, POP_REASON_PREEMPTED), (.hideAll, POP_REASON_HIDE_ALL),
            (.vetoed, POP_REASON_VETOED), (.duplicate, POP_REASON_DUPLICATE), (.expired, POP_REASON_EXPIRED),
            (.lowerPriority, POP_REASON_LOWER_PRIORITY), (.pluginError, POP_REASON_PLUGIN_ERROR), (.requested, POP_REASON_REQUESTED),
            (.pluginCrashed, POP_REASON_PLUGIN_CRASHED), (.pluginTimeout, POP_REASON_PLUGIN_TIMEOUT),
            (.accessibilityEscape, POP_REASON_ACCESSIBILITY_ESCAPE),
        ]
        #expect(pairs.map(\.0) == Reason.allCases)
        // POP_REASON_NONE is what a handler is never told: no request ends for no reason.
        expectSame(pairs)
        #expect(Reason(rawValue: Int32(POP_REASON_NONE)) == nil)
        #expect(POP_REASON_NONE == 0)
    }

    @Test("the reasons ABI 1.1 added reach a 1.0 handler as the nearest its header knows: plugin-error, background-tap")
    func reasonsForABI10() {
        #expect(Reason.pluginCrashed.raw(abi10: true) == Int32(POP_REASON_PLUGIN_ERROR))
        #expect(Reason.pluginTimeout.raw(abi10: true) == Int32(POP_REASON_PLUGIN_ERROR))
        #expect(Reason.accessibilityEscape.raw(abi10: true) == Int32(POP_REASON_BACKGROUND_TAP))
        #expect(Reason.pluginCrashed.raw(abi10: false) == Int32(POP_REASON_PLUGIN_CRASHED))
        #expect(Reason.pluginTimeout.raw(abi10: false) == Int32(POP_REASON_PLUGIN_TIMEOUT))
        #expect(Reason.accessibilityEscape.raw(abi10: false) == Int32(POP_REASON_ACCESSIBILITY_ESCAPE))
        for reason in Reason.allCases where ![.pluginCrashed, .pluginTimeout, .accessibilityEscape].contains(reason) {
            #expect(reason.raw(abi10: true) == reason.rawValue)
        }
    }

    @Test("request options: priority levels, policy, preemption rule")
    func requestOptions() {
        #expect(
            [Priority.low, .normal, .high, .max].map(\.rawValue)
                == [POP_PRIORITY_LOW, POP_PRIORITY_NORMAL, POP_PRIORITY_HIGH, POP_PRIORITY_MAX].map { Int32($0) })
        #expect(RequestOptions().priority.rawValue == Int32(POP_PRIORITY_NORMAL))
        expectSame([(Policy.override, POP_POLICY_OVERRIDE), (.enqueue, POP_POLICY_ENQUEUE)])
        expectSame([(PreemptionRule.drop, POP_PREEMPTED_DROP), (.requeue, POP_PREEMPTED_REQUEUE)])
    }

    @Test("the final event's outcome")
    func outcome() {
        #expect(FinalEvent.dismissed(.action).outcome == Int32(POP_FINISHED_DISMISSED))
        #expect(FinalEvent.cancelled(.vetoed).outcome == Int32(POP_FINISHED_CANCELLED))
        #expect(POP_FINISHED_DISMISSED != POP_FINISHED_CANCELLED)
    }

    @Test("presentation: style, mask, width mode, show and hide animations, edge, behind the banner")
    func presentation() {
        expectSame([
            (Presentation.Style.alert, POP_STYLE_ALERT), (.sheet, POP_STYLE_SHEET), (.popover, POP_STYLE_POPOVER),
            (.banner, POP_STYLE_BANNER), (.page, POP_STYLE_PAGE), (.floating, POP_STYLE_FLOATING),
        ])
        expectSame([(Presentation.Mask.none, POP_MASK_NONE), (.clear, POP_MASK_CLEAR), (.dimmed, POP_MASK_DIMMED)])
        expectSame([(Presentation.WidthMode.fit, POP_WIDTH_FIT), (.fixed, POP_WIDTH_FIXED), (.maximum, POP_WIDTH_MAXIMUM)])
        expectSame([
            (Presentation.ShowAnimation.none, POP_SHOW_NONE), (.fadeIn, POP_SHOW_FADE_IN), (.slideFromTop, POP_SHOW_SLIDE_FROM_TOP),
            (.slideFromTopAngleBounce, POP_SHOW_SLIDE_FROM_TOP_ANGLE_BOUNCE), (.slideFromBottom, POP_SHOW_SLIDE_FROM_BOTTOM),
            (.slideFromLeft, POP_SHOW_SLIDE_FROM_LEFT), (.slideFromRight, POP_SHOW_SLIDE_FROM_RIGHT), (.popup, POP_SHOW_POPUP),
            (.slideUp, POP_SHOW_SLIDE_UP),
        ])
        expectSame([
            (Presentation.HideAnimation.none, POP_HIDE_NONE), (.fadeOut, POP_HIDE_FADE_OUT), (.slideToTop, POP_HIDE_SLIDE_TO_TOP),
            (.slideToBottom, POP_HIDE_SLIDE_TO_BOTTOM), (.slideToBottomAngle, POP_HIDE_SLIDE_TO_BOTTOM_ANGLE),
            (.toPointScale, POP_HIDE_TO_POINT_SCALE), (.slideToLeft, POP_HIDE_SLIDE_TO_LEFT), (.slideToRight, POP_HIDE_SLIDE_TO_RIGHT),
            (.popup, POP_HIDE_POPUP), (.slideDown, POP_HIDE_SLIDE_DOWN),
        ])
        expectSame([(Presentation.Edge.top, POP_EDGE_TOP), (.bottom, POP_EDGE_BOTTOM)])
        expectSame([(Presentation.BehindBanner.dismiss, POP_BEHIND_DISMISS), (.absorb, POP_BEHIND_ABSORB), (.forward, POP_BEHIND_FORWARD)])
    }

    @Test("content: alignment, weight, button style, and the builder's limits")
    func content() {
        let alignments: [(ContentNode.Alignment, Int)] = [
            (.leading, POP_ALIGN_LEADING), (.center, POP_ALIGN_CENTER), (.trailing, POP_ALIGN_TRAILING), (.fill, POP_ALIGN_FILL),
        ]
        let weights: [(ContentNode.Weight, Int)] = [
            (.regular, POP_WEIGHT_REGULAR), (.medium, POP_WEIGHT_MEDIUM), (.semibold, POP_WEIGHT_SEMIBOLD), (.bold, POP_WEIGHT_BOLD),
        ]
        let styles: [(ContentNode.ButtonStyle, Int)] = [
            (.default, POP_BUTTON_DEFAULT), (.cancel, POP_BUTTON_CANCEL), (.destructive, POP_BUTTON_DESTRUCTIVE),
            (.plain, POP_BUTTON_PLAIN),
        ]
        #expect(alignments.map(\.0) == ContentNode.Alignment.allCases)
        #expect(weights.map(\.0) == ContentNode.Weight.allCases)
        #expect(styles.map(\.0) == ContentNode.ButtonStyle.allCases)
        expectSame(alignments)
        expectSame(weights)
        expectSame(styles)
        #expect(ContentBuilder.maxNodes == Int(POP_CONTENT_MAX_NODES) && ContentBuilder.maxNodes == 4096)
        #expect(ContentBuilder.maxDepth == Int(POP_CONTENT_MAX_DEPTH) && ContentBuilder.maxDepth == 32)
        #expect(AnimationContext.maximumKeyframes == Int(POP_ANIMATION_MAX_KEYFRAMES) && AnimationContext.maximumKeyframes == 1024)
    }

    @Test("curves; POP_CURVE_STYLE is no keyframe curve, and a presentation's nil curve")
    func curves() throws {
        let pairs: [(Keyframe.Curve, Int)] = [
            (.linear, POP_CURVE_LINEAR), (.easeIn, POP_CURVE_EASE_IN), (.easeOut, POP_CURVE_EASE_OUT),
            (.easeInOut, POP_CURVE_EASE_IN_OUT), (.spring, POP_CURVE_SPRING), (.keyboard, POP_CURVE_KEYBOARD),
        ]
        #expect(pairs.map(\.0) == Keyframe.Curve.allCases)
        expectSame(pairs)
        #expect(Keyframe.Curve(rawValue: Int32(POP_CURVE_STYLE)) == nil)
        #expect(Presentation().raw.show_curve == Int32(POP_CURVE_STYLE) && Presentation().raw.hide_curve == Int32(POP_CURVE_STYLE))
        let qmui = try Presentation(Presentation.qmuiFade.raw)
        #expect(qmui.showCurve == .keyboard && qmui.hideCurve == .keyboard)
        var raw = Presentation().raw
        raw.show_curve = 9
        #expect(throws: ComponentFailure.self) { try Presentation(raw) }
    }

    @Test("page events: each is its POP_PAGE_*, distinct, in the header's order; the page config's defaults are BarStyle()'s")
    func pageEvents() throws {
        let pairs: [(PageEvent, Int)] = [
            (.didLoad, POP_PAGE_DID_LOAD), (.willAppear, POP_PAGE_WILL_APPEAR), (.didAppear, POP_PAGE_DID_APPEAR),
            (.willDisappear, POP_PAGE_WILL_DISAPPEAR), (.didDisappear, POP_PAGE_DID_DISAPPEAR), (.released, POP_PAGE_RELEASED),
        ]
        #expect(pairs.map(\.0) == PageEvent.allCases)
        for (event, constant) in pairs { #expect(event.raw == Int32(constant), "\(event)") }
        #expect(Set(pairs.map(\.1)).count == pairs.count)
        let defaults = try PageConfig.preferences(PageConfig.defaults)
        #expect(defaults == PagePreferences())
    }

    @Test("display traits (ext/traits.h, ext/content_style.h): appearance, content size, direction, colours, text styles")
    func displayTraits() {
        #expect(Appearance.light.abiValue == Int32(POP_APPEARANCE_LIGHT) && Appearance.dark.abiValue == Int32(POP_APPEARANCE_DARK))
        #expect(
            LayoutDirection.leftToRight.abiValue == Int32(POP_LAYOUT_LTR) && LayoutDirection.rightToLeft.abiValue == Int32(POP_LAYOUT_RTL))
        let sizes: [Int] = [
            POP_CONTENT_SIZE_XS, POP_CONTENT_SIZE_S, POP_CONTENT_SIZE_M, POP_CONTENT_SIZE_L, POP_CONTENT_SIZE_XL, POP_CONTENT_SIZE_XXL,
            POP_CONTENT_SIZE_XXXL, POP_CONTENT_SIZE_AX1, POP_CONTENT_SIZE_AX2, POP_CONTENT_SIZE_AX3, POP_CONTENT_SIZE_AX4,
            POP_CONTENT_SIZE_AX5,
        ]
        expectSame(Array(zip(ContentSizeCategory.allCases, sizes)))
        #expect(ContentSizeCategory.large.rawValue == Int32(POP_CONTENT_SIZE_L))
        let colors: [Int] = [
            POP_COLOR_LABEL, POP_COLOR_SECONDARY_LABEL, POP_COLOR_TERTIARY_LABEL, POP_COLOR_QUATERNARY_LABEL, POP_COLOR_PLACEHOLDER_TEXT,
            POP_COLOR_SYSTEM_BACKGROUND, POP_COLOR_SECONDARY_SYSTEM_BACKGROUND, POP_COLOR_TERTIARY_SYSTEM_BACKGROUND,
            POP_COLOR_SYSTEM_GROUPED_BACKGROUND, POP_COLOR_SECONDARY_SYSTEM_GROUPED_BACKGROUND,
            POP_COLOR_TERTIARY_SYSTEM_GROUPED_BACKGROUND,
            POP_COLOR_SEPARATOR, POP_COLOR_OPAQUE_SEPARATOR, POP_COLOR_SYSTEM_FILL, POP_COLOR_SECONDARY_SYSTEM_FILL,
            POP_COLOR_TERTIARY_SYSTEM_FILL, POP_COLOR_QUATERNARY_SYSTEM_FILL, POP_COLOR_LINK, POP_COLOR_SYSTEM_BLUE, POP_COLOR_SYSTEM_RED,
            POP_COLOR_SYSTEM_GREEN, POP_COLOR_SYSTEM_GRAY, POP_COLOR_SYSTEM_GRAY2, POP_COLOR_SYSTEM_GRAY3, POP_COLOR_SYSTEM_GRAY4,
            POP_COLOR_SYSTEM_GRAY5, POP_COLOR_SYSTEM_GRAY6, POP_COLOR_TINT, POP_COLOR_DESTRUCTIVE,
        ]
        expectSame(Array(zip(SemanticColor.allCases, colors)))
        #expect(SemanticColor.allCases.count == colors.count)
        let styles: [Int] = [
            POP_TEXT_STYLE_LARGE_TITLE, POP_TEXT_STYLE_TITLE1, POP_TEXT_STYLE_TITLE2, POP_TEXT_STYLE_TITLE3, POP_TEXT_STYLE_HEADLINE,
            POP_TEXT_STYLE_BODY, POP_TEXT_STYLE_CALLOUT, POP_TEXT_STYLE_SUBHEADLINE, POP_TEXT_STYLE_FOOTNOTE, POP_TEXT_STYLE_CAPTION1,
            POP_TEXT_STYLE_CAPTION2,
        ]
        expectSame(Array(zip(TextStyle.allCases, styles)))
        #expect(TextStyle.allCases.count == styles.count)
        expectSame([
            (SemanticDirection.unspecified, POP_DIRECTION_UNSPECIFIED), (.playback, POP_DIRECTION_PLAYBACK),
            (.spatial, POP_DIRECTION_SPATIAL),
            (.forceLeftToRight, POP_DIRECTION_FORCE_LEFT_TO_RIGHT), (.forceRightToLeft, POP_DIRECTION_FORCE_RIGHT_TO_LEFT),
        ])
    }

    @Test("accessibility (ext/accessibility.h): the roles a plugin may set and the state bits")
    func accessibility() {
        let roles: [(AccessibilityRole, Int)] = [
            (.button, POP_A11Y_ROLE_BUTTON), (.link, POP_A11Y_ROLE_LINK), (.header, POP_A11Y_ROLE_HEADER), (.text, POP_A11Y_ROLE_TEXT),
            (.image, POP_A11Y_ROLE_IMAGE), (.textField, POP_A11Y_ROLE_TEXT_FIELD), (.searchField, POP_A11Y_ROLE_SEARCH_FIELD),
        ]
        for (role, raw) in roles { #expect(AccessibilityRole(abi: Int32(raw)) == role, "\(role)") }
        for raw in [0, 8, -1] { #expect(AccessibilityRole(abi: Int32(raw)) == nil) }
        #expect(AccessibilityTraits.selected.rawValue == UInt32(POP_A11Y_SELECTED))
        #expect(AccessibilityTraits.disabled.rawValue == UInt32(POP_A11Y_DISABLED))
        #expect(AccessibilityTraits.adjustable.rawValue == UInt32(POP_A11Y_ADJUSTABLE))
    }
}
