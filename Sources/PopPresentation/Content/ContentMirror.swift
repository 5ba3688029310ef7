import PopModel

/// Content in a right-to-left layout (UIKit's `semanticContentAttribute`): a tree laid out left to right is
/// mirrored within its frame, so horizontal stacks run right to left, `leading`/`trailing` alignment and
/// padding swap sides and an alert's side-by-side actions swap places; text aligned `leading` (natural) is
/// drawn right-aligned (`alignment(_:in:)`). Vertical positions and every node's size stay; node ids (paths of
/// child indices) are the same in both directions, so scenarios and hit tests find the same nodes.
///
/// A node's `semantics.direction` decides the direction of its subtree (`SemanticDirection.effective(in:)`):
/// a `playback`, `spatial` or `forceLeftToRight` subtree keeps its left-to-right arrangement and is only moved
/// as a block to its mirrored place; a `forceRightToLeft` one flips even in a left-to-right interface.
enum ContentMirror {
    /// `laid` (laid out left to right) as drawn in `direction`; `laid` itself when nothing in it runs right to left.
    static func mirrored(_ laid: LaidOutNode, in direction: LayoutDirection) -> LaidOutNode {
        guard direction.isRightToLeft || laid.node.forcesRightToLeft else { return laid }
        return place(laid, at: laid.frame.x, inherited: direction)
    }

    /// `laid` with its left edge moved to `x`, its children arranged in its effective direction (the one it
    /// inherits unless its semantics say otherwise).
    private static func place(_ laid: LaidOutNode, at x: Double, inherited: LayoutDirection) -> LaidOutNode {
        let direction = laid.node.semantics?.direction?.effective(in: inherited) ?? inherited
        let from = laid.frame, shift = x - from.x
        // Where a child's left edge goes: as far from the node's new left edge as it was from its right
        // edge (mirrored), or carried along with the node.
        func left(of rect: Rect) -> Double {
            direction.isRightToLeft ? x + (from.x + from.width - rect.x - rect.width) : rect.x + shift
        }
        var placed = laid
        placed.frame.x = x
        placed.direction = direction
        placed.children = laid.children.map { place($0, at: left(of: $0.frame), inherited: direction) }
        placed.separators = laid.separators.map { Rect(x: left(of: $0), y: $0.y, width: $0.width, height: $0.height) }
        return placed
    }

    /// How text aligned `alignment` is drawn in `direction`: leading (and `fill`) on the right and trailing on
    /// the left in right-to-left; centred text stays centred.
    static func alignment(_ alignment: ContentNode.Alignment, in direction: LayoutDirection) -> ContentNode.Alignment {
        switch (alignment, direction) {
        case (.fill, .leftToRight): .leading
        case (.leading, .rightToLeft), (.fill, .rightToLeft): .trailing
        case (.trailing, .rightToLeft): .leading
        default: alignment
        }
    }

    /// `insets` as drawn in `direction`: the leading and trailing sides swap in right-to-left.
    static func insets(_ insets: EdgeInsets, in direction: LayoutDirection) -> EdgeInsets {
        guard direction.isRightToLeft else { return insets }
        return EdgeInsets(top: insets.top, leading: insets.trailing, bottom: insets.bottom, trailing: insets.leading)
    }
}

extension ContentNode {
    /// Whether this node or a descendant forces right-to-left (it flips even in a left-to-right interface).
    fileprivate var forcesRightToLeft: Bool {
        semantics?.direction == .forceRightToLeft || children.contains { $0.forcesRightToLeft }
    }
}
