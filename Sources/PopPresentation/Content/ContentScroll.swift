import PopModel

/// Content taller than the room its popup or page has. UIKit and QMUI keep such content at its size in a
/// scroll view that clips it, instead of squeezing its children to nothing (issue 29): the content is laid out
/// at its intrinsic height, moved up by the scroll offset and clipped to its container.
enum ContentScroll {
    /// `content` laid out at the origin under `traits`, `size.width` wide: filling `size` when it fits (spacers
    /// share what is left, as before), else at its intrinsic height; an alert's with its actions (`AlertActions`).
    /// Larger text makes content taller, never squeezed: what no longer fits scrolls. Right to left, it is mirrored.
    static func layout(_ content: ContentNode, in size: Size, alert: Bool, traits: DisplayTraits) -> LaidOutNode {
        let actions = alert ? AlertActions(content, traits: traits) : nil
        let limit = Size(width: size.width, height: .infinity)
        let intrinsic = actions?.size(limit: limit).height ?? LayoutEngine.sizeThatFits(content, limit: limit, traits: traits).height
        let height = intrinsic > size.height + tolerance ? intrinsic : size.height
        let frame = Rect(x: 0, y: 0, width: size.width, height: height)
        return actions?.layout(in: frame) ?? LayoutEngine.layout(content, in: frame, traits: traits)
    }

    /// How much taller than its container content must be to scroll: less is float noise.
    static let tolerance = 1e-9

    /// The scroll of content `contentHeight` high in a container `visible` high, at `offset` clamped to
    /// 0…contentHeight − visible; nil when the content fits.
    static func scroll(contentHeight: Double, visible: Double, offset: Double) -> Scroll? {
        guard contentHeight > visible + tolerance else { return nil }
        let offset = offset.isFinite ? offset : 0
        return Scroll(offset: min(max(0, offset), contentHeight - max(0, visible)), contentHeight: contentHeight)
    }

    /// UIScrollView's `scrollRectToVisible`: the offset nearest `offset` that shows the span `top`…`bottom` of
    /// the content whole in `visible` points, or its top when it is taller than that.
    static func revealing(top: Double, bottom: Double, from offset: Double, visible: Double) -> Double {
        if top < offset || bottom - top > visible { return top }
        if bottom > offset + visible { return bottom - visible }
        return offset
    }

    /// The frame of the text field `id` in `laid`, if it has one.
    static func frame(ofField id: String, in laid: LaidOutNode) -> Rect? {
        if case .textField(id, _, _) = laid.node.kind { return laid.frame }
        for child in laid.children {
            if let frame = frame(ofField: id, in: child) { return frame }
        }
        return nil
    }
}
