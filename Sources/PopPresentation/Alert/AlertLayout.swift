import PopModel

/// Where an alert (a modal popup) rests: QMUI's formula (QMUIModalPresentationViewController.m,
/// `contentViewFrameForShowing`).
///
/// ```
/// container = the screen inside the margins, above the popup's keyboard
/// limit     = (min(maxWidth, container.w), container.h)
/// size      = content.sizeThatFits(limit), clamped to limit (an alert's actions as AlertActions lays them out)
/// x = flat((container.w − w) / 2) + mL + offsetX
/// y = flat((container.h − h) / 2) + mT + offsetY
/// ```
/// `flat` is QMUI's `CGFloatGetCenter` rounding: up to the pixel grid of the screen's scale
/// (`Scene.flat`); the size is not rounded, as in QMUI. `maxWidth` comes from the width mode: `.fit`
/// unlimited, `.maximum` the presentation's `width`. `.fixed` is CSPopKit's
/// `make.width.mas_equalTo(maxPopupWidth)` (CSPopController.m): exactly `width`, even wider than the
/// container, centred all the same; its content is measured at that width. Non-finite offsets count
/// as 0. Sheets, popovers, pages and floating windows are laid out as alerts until their styles exist.
///
/// At the accessibility text sizes an alert whose width the host chooses (`.fit`) is at most
/// `accessibilityWidth`, UIKit's alert width there; a width the plugin wrote (`.fixed`, `.maximum`) stays.
public struct AlertLayout: PopupLayout {
    /// UIKit's alert width at the accessibility text sizes (270 pt below them; FL-dlg
    /// `_kAccessibilityCupertinoDialogWidth`, used when the text scale passes 1.4, which is AX1 and up).
    public static let accessibilityWidth = 310.0

    public init() {}

    public func frame(
        for content: ContentNode, presentation: Presentation, scene: Scene, container: Rect, traits: DisplayTraits
    ) -> Rect {
        Self.frame(for: content, presentation: presentation, scene: scene, container: container, traits: traits)
    }

    /// The frame of `content` presented with `presentation` in `container` on `scene`, in screen coordinates.
    public static func frame(
        for content: ContentNode, presentation: Presentation, scene: Scene, container: Rect, traits: DisplayTraits
    ) -> Rect {
        let container = container.sanitized
        let width: Double, height: Double
        if presentation.widthMode == .fixed {
            width = presentation.width.length
            let size = Self.size(
                of: content, presentation: presentation, limit: Size(width: width, height: container.height), traits: traits)
            height = min(size.height, container.height)
        } else {
            let maxWidth = presentation.widthMode == .fit ? fitWidth(presentation, traits: traits) : presentation.width.length
            let limit = Size(width: min(maxWidth, container.width), height: container.height)
            let size = Self.size(of: content, presentation: presentation, limit: limit, traits: traits)
            width = min(size.width, limit.width)
            height = min(size.height, limit.height)
        }
        let offsetX = presentation.offsetX.isFinite ? presentation.offsetX : 0
        let offsetY = presentation.offsetY.isFinite ? presentation.offsetY : 0
        return Rect(
            x: scene.flat((container.width - width) / 2) + container.x + offsetX,
            y: scene.flat((container.height - height) / 2) + container.y + offsetY,
            width: width, height: height)
    }

    /// The widest a `.fit` popup may be: an alert at the accessibility text sizes `accessibilityWidth`, else
    /// unlimited (its content decides).
    static func fitWidth(_ presentation: Presentation, traits: DisplayTraits) -> Double {
        presentation.style == .alert && traits.contentSize.isAccessibilityCategory ? accessibilityWidth : .infinity
    }

    /// The size `content` asks for within `limit`; an alert's trailing buttons as `AlertActions` lays them out.
    private static func size(of content: ContentNode, presentation: Presentation, limit: Size, traits: DisplayTraits) -> Size {
        (presentation.style == .alert ? AlertActions(content, traits: traits) : nil)?.size(limit: limit)
            ?? LayoutEngine.sizeThatFits(content, limit: limit, traits: traits)
    }

    /// The container an alert presented with `presentation` is laid out in.
    public static func container(for presentation: Presentation, in scene: Scene, keyboardHeight: Double) -> Rect {
        AlertLayout().container(for: presentation, in: scene, keyboardHeight: keyboardHeight)
    }
}
