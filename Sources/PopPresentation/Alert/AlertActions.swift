import PopModel

/// An alert's buttons laid out as iOS lays out an alert's actions: under the rest of the content, across the
/// alert's whole width, each `buttonHeight` high, a hairline above them; two side by side with a hairline
/// between them, one or three and more stacked with a hairline between each. They are drawn as text on the
/// alert (`LaidOutNode.Chrome.alertAction`): the accent colour, semibold for the default style, red for a
/// destructive one.
///
/// The actions are the root vertical stack's trailing children that are buttons, or stacks of buttons only
/// (the payment dialog's Cancel | Confirm row and its "Forgot password?" make three). The rest of the content
/// (the body) is measured and laid out as `LayoutEngine` does, with its padding. Node ids are child indices,
/// so they stay what they were: scenarios, snapshots and hit testing find the same buttons. In right-to-left
/// the whole alert is laid out left to right, then mirrored (`ContentMirror`): two actions side by side swap
/// places, as UIKit puts the first action on the right.
struct AlertActions {
    static let buttonHeight = 44.0
    static let hairline = 0.5

    /// The content as the view loader built it.
    let root: ContentNode
    /// The root without its actions.
    let body: ContentNode
    /// The root's children that hold the actions: their indices, from the first action on.
    let groups: Range<Int>
    /// Every action button, in document order.
    let buttons: [ContentNode]

    /// The actions of `content`, or nil when it does not end with buttons (or is not a vertical stack).
    init?(_ content: ContentNode) {
        guard case .vstack(let spacing, let alignment, let children) = content.kind else { return nil }
        var first = children.count
        while first > 0, let buttons = Self.buttons(in: children[first - 1]), !buttons.isEmpty { first -= 1 }
        guard first < children.count else { return nil }
        root = content
        var body = content
        body.kind = .vstack(spacing: spacing, alignment: alignment, children: Array(children[..<first]))
        self.body = body
        groups = first..<children.count
        buttons = children[first...].flatMap { Self.buttons(in: $0) ?? [] }
    }

    /// `node`'s buttons when it is a button or a stack of nothing but buttons; nil otherwise.
    private static func buttons(in node: ContentNode) -> [ContentNode]? {
        switch node.kind {
        case .button: return [node]
        case .hstack(_, _, let children), .vstack(_, _, let children):
            return children.allSatisfy({ if case .button = $0.kind { true } else { false } }) ? children : nil
        default: return nil
        }
    }

    /// Two actions share a row; one, or three and more, take a row each.
    var sideBySide: Bool { buttons.count == 2 }

    /// The height of the actions, under the body.
    var height: Double { sideBySide ? Self.buttonHeight : Self.buttonHeight * Double(buttons.count) }

    /// The alert's size within `limit`: the body's, widened to fit the actions' titles, with the actions under it.
    func size(limit: Size, traits: DisplayTraits) -> Size {
        let limit = limit.limit
        let bodySize = LayoutEngine.sizeThatFits(
            body, limit: Size(width: limit.width, height: max(0, limit.height - height)), traits: traits)
        let titles = buttons.map {
            LayoutEngine.sizeThatFits($0, limit: Size(width: limit.width, height: Self.buttonHeight), traits: traits).width
        }
        let actionsWidth = (titles.max() ?? 0) * (sideBySide ? 2 : 1)
        return Size(width: min(limit.width, max(bodySize.width, actionsWidth)), height: min(limit.height, bodySize.height + height))
    }

    /// The alert laid out in `frame`: the body at the top, the actions' cells under it, the hairlines; mirrored
    /// in right-to-left.
    func layout(in frame: Rect, traits: DisplayTraits) -> LaidOutNode {
        ContentMirror.mirrored(leftToRight(in: frame, traits: traits), in: traits.layoutDirection)
    }

    private func leftToRight(in frame: Rect, traits: DisplayTraits) -> LaidOutNode {
        let frame = frame.sanitized
        let top = frame.y + max(0, frame.height - height)
        var laid = LayoutEngine.leftToRight(
            body, in: Rect(x: frame.x, y: frame.y, width: frame.width, height: top - frame.y), traits: traits)
        laid.node = root
        laid.frame = frame
        var cells = (0..<buttons.count).map { index in
            sideBySide
                ? Rect(x: frame.x + frame.width / 2 * Double(index), y: top, width: frame.width / 2, height: Self.buttonHeight)
                : Rect(x: frame.x, y: top + Self.buttonHeight * Double(index), width: frame.width, height: Self.buttonHeight)
        }[...]
        guard case .vstack(_, _, let children) = root.kind else { return laid }
        for index in groups {
            let group = children[index]
            if case .button = group.kind {
                laid.children.append(Self.action(group, in: cells.removeFirst(), traits: traits))
                continue
            }
            let count = Self.buttons(in: group)?.count ?? 0
            let taken = cells.prefix(count)
            cells = cells.dropFirst(count)
            let left = taken.map(\.x).min() ?? frame.x, right = taken.map { $0.x + $0.width }.max() ?? frame.x
            let upper = taken.map(\.y).min() ?? top, lower = taken.map { $0.y + $0.height }.max() ?? top
            var stack = LaidOutNode(node: group, frame: Rect(x: left, y: upper, width: right - left, height: lower - upper))
            stack.children = zip(Self.buttons(in: group) ?? [], taken).map { Self.action($0, in: $1, traits: traits) }
            laid.children.append(stack)
        }
        laid.separators =
            [Rect(x: frame.x, y: top, width: frame.width, height: Self.hairline)]
            + (1..<max(1, buttons.count)).map { index in
                sideBySide
                    ? Rect(x: frame.x + frame.width / 2, y: top, width: Self.hairline, height: Self.buttonHeight)
                    : Rect(x: frame.x, y: top + Self.buttonHeight * Double(index), width: frame.width, height: Self.hairline)
            }
        return laid
    }

    /// A button laid out in its cell, drawn as an alert's action.
    private static func action(_ button: ContentNode, in cell: Rect, traits: DisplayTraits) -> LaidOutNode {
        var laid = LayoutEngine.leftToRight(button, in: cell, traits: traits)
        laid.chrome = .alertAction
        return laid
    }
}
