import PopModel

/// An alert's buttons laid out as iOS lays out an alert's actions: under the rest of the content, across the
/// alert's whole width, each `buttonHeight` high (44 pt, taller when the text size makes a line of Body text
/// and its padding taller), a hairline above them; two side by side with a hairline between them, one or three
/// and more stacked with a hairline between each. At the accessibility text sizes two actions stack as well, as
/// UIKit's do (FL-dlg's accessibility mode: their titles no longer fit side by side). They are drawn as text on the
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
    static let hairline = 0.5

    /// The content as the view loader built it.
    let root: ContentNode
    /// The root without its actions.
    let body: ContentNode
    /// The root's children that hold the actions: their indices, from the first action on.
    let groups: Range<Int>
    /// Every action button, in document order.
    let buttons: [ContentNode]
    /// The traits it is laid out under: the text size sets the actions' height and whether two share a row.
    let traits: DisplayTraits

    /// The actions of `content` under `traits`, or nil when it does not end with buttons (or is not a vertical
    /// stack).
    init?(_ content: ContentNode, traits: DisplayTraits) {
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
        self.traits = traits
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

    /// Two actions share a row, except at the accessibility text sizes; one, or three and more, take a row each.
    var sideBySide: Bool { buttons.count == 2 && !traits.contentSize.isAccessibilityCategory }

    /// The height of one action: a line of its title (Body) with a button's padding, at least 44 pt.
    var buttonHeight: Double { LayoutEngine.controlHeight(traits) }

    /// The height of the actions, under the body.
    var height: Double { sideBySide ? buttonHeight : buttonHeight * Double(buttons.count) }

    /// The alert's size within `limit`: the body's, widened to fit the actions' titles, with the actions under it.
    func size(limit: Size) -> Size {
        let limit = limit.limit
        let bodySize = LayoutEngine.sizeThatFits(
            body, limit: Size(width: limit.width, height: max(0, limit.height - height)), traits: traits)
        let titles = buttons.map {
            LayoutEngine.sizeThatFits($0, limit: Size(width: limit.width, height: buttonHeight), traits: traits).width
        }
        let actionsWidth = (titles.max() ?? 0) * (sideBySide ? 2 : 1)
        return Size(width: min(limit.width, max(bodySize.width, actionsWidth)), height: min(limit.height, bodySize.height + height))
    }

    /// The alert laid out in `frame`: the body at the top, the actions' cells under it, the hairlines; mirrored
    /// in right-to-left.
    func layout(in frame: Rect) -> LaidOutNode {
        ContentMirror.mirrored(leftToRight(in: frame), in: traits.layoutDirection)
    }

    private func leftToRight(in frame: Rect) -> LaidOutNode {
        let frame = frame.sanitized
        let top = frame.y + max(0, frame.height - height)
        var laid = LayoutEngine.leftToRight(
            body, in: Rect(x: frame.x, y: frame.y, width: frame.width, height: top - frame.y), traits: traits)
        laid.node = root
        laid.frame = frame
        var cells = (0..<buttons.count).map { index in
            sideBySide
                ? Rect(x: frame.x + frame.width / 2 * Double(index), y: top, width: frame.width / 2, height: buttonHeight)
                : Rect(x: frame.x, y: top + buttonHeight * Double(index), width: frame.width, height: buttonHeight)
        }[...]
        guard case .vstack(_, _, let children) = root.kind else { return laid }
        for index in groups {
            let group = children[index]
            if case .button = group.kind {
                laid.children.append(action(group, in: cells.removeFirst()))
                continue
            }
            let count = Self.buttons(in: group)?.count ?? 0
            let taken = cells.prefix(count)
            cells = cells.dropFirst(count)
            let left = taken.map(\.x).min() ?? frame.x, right = taken.map { $0.x + $0.width }.max() ?? frame.x
            let upper = taken.map(\.y).min() ?? top, lower = taken.map { $0.y + $0.height }.max() ?? top
            var stack = LaidOutNode(node: group, frame: Rect(x: left, y: upper, width: right - left, height: lower - upper))
            stack.children = zip(Self.buttons(in: group) ?? [], taken).map { action($0, in: $1) }
            laid.children.append(stack)
        }
        laid.separators =
            [Rect(x: frame.x, y: top, width: frame.width, height: Self.hairline)]
            + (1..<max(1, buttons.count)).map { index in
                sideBySide
                    ? Rect(x: frame.x + frame.width / 2, y: top, width: Self.hairline, height: buttonHeight)
                    : Rect(x: frame.x, y: top + buttonHeight * Double(index), width: frame.width, height: Self.hairline)
            }
        return laid
    }

    /// A button laid out in its cell, drawn as an alert's action.
    private func action(_ button: ContentNode, in cell: Rect) -> LaidOutNode {
        var laid = LayoutEngine.leftToRight(button, in: cell, traits: traits)
        laid.chrome = .alertAction
        return laid
    }
}
