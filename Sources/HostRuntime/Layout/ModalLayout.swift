/// Where a modal (alert) popup's content goes: QMUI's formula (QMUIModalPresentationViewController.m).
///
/// ```
/// container = Scene.container(for:keyboard:)   the screen inside the margins, above the popup's keyboard
/// limit     = (min(maxWidth, container.w), container.h)
/// size      = content.sizeThatFits(limit), clamped to limit
/// x = floor((container.w − w) / 2) + mL + offsetX
/// y = floor((container.h − h) / 2) + mT + offsetY
/// ```
/// `maxWidth` comes from the width mode: `.fit` unlimited, `.maximum` the presentation's `width`, `.fixed` also
/// `width`, and the content is then exactly that wide (clamped to the container). Rounding: the centring offsets
/// are floored to whole points, as QMUI's flat() does at 1× scale; the size is not rounded. Non-finite offsets
/// count as 0.
public enum ModalLayout {
    /// The frame of `content` presented with `presentation` in `container` (see `Scene.container(for:keyboard:)`),
    /// in screen coordinates.
    public static func frame(for content: ContentNode, presentation: Presentation, container: Rect) -> Rect {
        let container = container.sanitized
        let maxWidth = presentation.widthMode == .fit ? Double.infinity : presentation.width.length
        let limit = Size(width: min(maxWidth, container.width), height: container.height)
        var size = LayoutEngine.sizeThatFits(content, limit: limit)
        if presentation.widthMode == .fixed { size.width = limit.width }
        let width = min(size.width, limit.width), height = min(size.height, limit.height)
        let offsetX = presentation.offsetX.isFinite ? presentation.offsetX : 0
        let offsetY = presentation.offsetY.isFinite ? presentation.offsetY : 0
        return Rect(x: ((container.width - width) / 2).rounded(.down) + container.x + offsetX,
                    y: ((container.height - height) / 2).rounded(.down) + container.y + offsetY,
                    width: width, height: height)
    }
}
