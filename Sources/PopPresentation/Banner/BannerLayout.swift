import PopModel

/// Where a banner goes (after SwiftEntryKit's top and bottom floats): as wide as the screen inside its
/// horizontal margins (or its width mode's width), as high as its content, against the top or bottom
/// of the safe area.
///
/// ```
/// limit = (min(maxWidth, W − mL − mR), H / 2)
/// x = floor((W − mL − mR − w) / 2) + mL + offsetX
/// y = safeTop + offsetY                         (top)
///     H − safeBottom − h − offsetY              (bottom)
/// ```
/// A banner spans the limit's width (`.fit`, `.fixed`), or with `.maximum` is as wide as its content, up to
/// the limit.
public struct BannerLayout: PopupLayout {
    public init() {}

    public func frame(for content: ContentNode, presentation: Presentation, scene: Scene, container: Rect, traits: DisplayTraits) -> Rect {
        Self.frame(for: content, presentation: presentation, scene: scene, traits: traits)
    }

    public static func frame(for content: ContentNode, presentation: Presentation, scene: Scene, traits: DisplayTraits) -> Rect {
        let available = max(0, scene.width - presentation.marginLeft.length - presentation.marginRight.length)
        let maxWidth = presentation.widthMode == .fit ? available : min(available, presentation.width.length)
        var size = LayoutEngine.sizeThatFits(content, limit: Size(width: maxWidth, height: scene.height / 2), traits: traits)
        if presentation.widthMode != .maximum { size.width = maxWidth }
        let offsetX = presentation.offsetX.isFinite ? presentation.offsetX : 0
        let offsetY = presentation.offsetY.isFinite ? presentation.offsetY : 0
        let y =
            presentation.bannerEdge == .top
            ? scene.safeArea.top.length + offsetY
            : scene.height - scene.safeArea.bottom.length - size.height - offsetY
        return Rect(
            x: ((available - size.width) / 2).rounded(.down) + presentation.marginLeft.length + offsetX,
            y: y, width: size.width, height: size.height)
    }
}
