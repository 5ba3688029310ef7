import PopModel

/// Where an alert (a modal popup) rests: QMUI's formula (QMUIModalPresentationViewController.m).
///
/// ```
/// container = the screen inside the margins, above the popup's keyboard
/// limit     = (min(maxWidth, container.w), container.h)
/// size      = content.sizeThatFits(limit), clamped to limit (an alert's actions as AlertActions lays them out)
/// x = floor((container.w − w) / 2) + mL + offsetX
/// y = floor((container.h − h) / 2) + mT + offsetY
/// ```
/// `maxWidth` comes from the width mode: `.fit` unlimited, `.maximum` the presentation's `width`, `.fixed` also
/// `width`, and the content is then exactly that wide (clamped to the container). Rounding: the centring offsets
/// are floored to whole points, as QMUI's flat() does at 1× scale; the size is not rounded. Non-finite offsets
/// count as 0. Sheets, popovers, pages and floating windows are laid out as alerts until their styles exist.
public struct AlertLayout: PopupLayout {
    public init() {}

    public func frame(for content: ContentNode, presentation: Presentation, scene: Scene, container: Rect) -> Rect {
        Self.frame(for: content, presentation: presentation, container: container)
    }

    /// The frame of `content` presented with `presentation` in `container`, in screen coordinates.
    public static func frame(for content: ContentNode, presentation: Presentation, container: Rect) -> Rect {
        let container = container.sanitized
        let maxWidth = presentation.widthMode == .fit ? Double.infinity : presentation.width.length
        let limit = Size(width: min(maxWidth, container.width), height: container.height)
        var size = (presentation.style == .alert ? AlertActions(content) : nil)?.size(limit: limit)
            ?? LayoutEngine.sizeThatFits(content, limit: limit)
        if presentation.widthMode == .fixed { size.width = limit.width }
        let width = min(size.width, limit.width), height = min(size.height, limit.height)
        let offsetX = presentation.offsetX.isFinite ? presentation.offsetX : 0
        let offsetY = presentation.offsetY.isFinite ? presentation.offsetY : 0
        return Rect(x: ((container.width - width) / 2).rounded(.down) + container.x + offsetX,
                    y: ((container.height - height) / 2).rounded(.down) + container.y + offsetY,
                    width: width, height: height)
    }

    /// The container an alert presented with `presentation` is laid out in.
    public static func container(for presentation: Presentation, in scene: Scene, keyboardHeight: Double) -> Rect {
        AlertLayout().container(for: presentation, in: scene, keyboardHeight: keyboardHeight)
    }
}
