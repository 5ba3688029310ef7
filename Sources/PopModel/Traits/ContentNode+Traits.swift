extension ContentNode {
    /// This content as it is drawn under `traits`: every semantic colour resolved for the appearance
    /// (`elevated` for alerts and popovers), every text style sized for the text size. Content with no
    /// semantics comes back as it is.
    public func resolved(for traits: DisplayTraits, elevated: Bool = false) -> ContentNode {
        var node = self
        if let semantics {
            let appearance = traits.appearance
            if let background = semantics.background { node.background = background.resolved(for: appearance, elevated: elevated) }
            if let border = semantics.border, var stroke = node.border {
                stroke.color = border.resolved(for: appearance, elevated: elevated)
                node.border = stroke
            }
            if case .text(let string, var size, let weight, var color, let alignment, let maxLines) = kind {
                if let style = semantics.textStyle { size = style.size(at: traits.contentSize) }
                if let foreground = semantics.foreground { color = foreground.resolved(for: appearance, elevated: elevated) }
                node.kind = .text(string, size: size, weight: weight, color: color, alignment: alignment, maxLines: maxLines)
            }
        }
        switch node.kind {
        case .vstack(let spacing, let alignment, let children):
            node.kind = .vstack(
                spacing: spacing, alignment: alignment, children: children.map { $0.resolved(for: traits, elevated: elevated) })
        case .hstack(let spacing, let alignment, let children):
            node.kind = .hstack(
                spacing: spacing, alignment: alignment, children: children.map { $0.resolved(for: traits, elevated: elevated) })
        case .overlay(let alignment, let children):
            node.kind = .overlay(alignment: alignment, children: children.map { $0.resolved(for: traits, elevated: elevated) })
        default:
            break
        }
        return node
    }

    /// Whether this node or any descendant names something semantically.
    public var hasSemantics: Bool { semantics != nil || children.contains { $0.hasSemantics } }
}
