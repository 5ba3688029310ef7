import PopModel

/// Measures and places a content tree. Deterministic and free of rounding (text widths follow `TextMetrics`);
/// every result is clamped to its limit and never NaN (NaN, infinite and negative inputs count as 0).
///
/// - **Padding** adds around the content; border and corner radius take no space.
/// - **Stacks** place their children along their axis, `spacing` apart. Children are measured in document order,
///   each limited to what the earlier ones and the spacing left, except a horizontal stack's text fields, which
///   share what remains after the other children. A stack is as long as its children plus spacing, and as wide
///   across as its widest child. Across the axis, `alignment` puts each child at the leading (top) edge, centre or
///   trailing (bottom) edge, or `fill` stretches it to the stack's cross size.
/// - **Spacers** measure `minLength` along their stack; when laid out, they share the stack's remaining length
///   equally. Outside a stack a spacer is empty.
/// - **Dividers** are `dividerThickness` (1 pt) thick across their stack; outside a stack, horizontal and as wide
///   as offered.
/// - **Overlays** are as large as their largest child; each child is aligned on both axes (`fill`: stretched).
/// - **Text** wraps at the width available (`TextMetrics`).
/// - **Buttons** are their title (the Body text style at the person's text size — 17 pt by default —, semibold for
///   the default style, else regular, on one line) plus padding 12 × 8, at least 44 pt high.
/// - **Text fields** are a line of Body text plus the same vertical padding high, at least 44 pt (44 up to XXXL),
///   and take the width offered, 120 pt when it is unlimited.
///
/// The host's own control text follows the text size as UIKit's controls do; a plugin's text follows it when the
/// plugin marked it with a text style (`ContentNode.resolved(for:)` sizes it before layout).
/// - **Images** have their fixed size.
/// - **Right to left** (`traits.layoutDirection`, a node's `semantics.direction`): the tree is laid out left to
///   right, then mirrored within its frame (`ContentMirror`); sizes do not depend on the direction.
public enum LayoutEngine {
    public static let dividerThickness = 1.0
    /// The text style of the host's control text (buttons' titles, text fields' text, alerts' actions), as
    /// UIKit's controls use it.
    public static let controlTextStyle = TextStyle.body
    public static let buttonPadding = Size(width: 12, height: 8)
    /// The minimum tap height (HIG), whatever the text size.
    public static let buttonMinHeight = 44.0
    public static let textFieldUnlimitedWidth = 120.0

    /// The font size of the host's control text under `traits`: Body's, 17 pt at the default text size.
    public static func controlFontSize(_ traits: DisplayTraits) -> Double { controlTextStyle.size(at: traits.contentSize) }

    /// The height of a control with one line of control text under `traits` (a text field, an alert's action): the
    /// line and the buttons' vertical padding, at least `buttonMinHeight` (44 pt up to XXXL).
    public static func controlHeight(_ traits: DisplayTraits) -> Double {
        max(buttonMinHeight, TextMetrics.lineHeight(size: controlFontSize(traits)) + 2 * buttonPadding.height)
    }

    /// The size `node` takes, padding included, when it may be at most `limit`, under `traits` (the host's control
    /// text follows the text size; a size is the same in either layout direction).
    public static func sizeThatFits(_ node: ContentNode, limit: Size, traits: DisplayTraits) -> Size {
        let limit = limit.limit
        let padding = node.padding
        let inner = Size(width: max(0, limit.width - padding.horizontal), height: max(0, limit.height - padding.vertical))
        let content: Size
        switch node.kind {
        case .vstack(let spacing, _, let children):
            content = stackSize(.vertical, spacing: spacing, children: children, limit: inner, traits: traits)
        case .hstack(let spacing, _, let children):
            content = stackSize(.horizontal, spacing: spacing, children: children, limit: inner, traits: traits)
        case .overlay(_, let children):
            let sizes = children.map { sizeThatFits($0, limit: inner, traits: traits) }
            content = Size(width: sizes.map(\.width).max() ?? 0, height: sizes.map(\.height).max() ?? 0)
        case .text(let string, let size, let weight, _, _, let maxLines):
            let text = TextMetrics.measure(string, size: size, weight: weight, maxWidth: inner.width, maxLines: maxLines)
            content = Size(width: text.width, height: text.height)
        case .button(let title, let style, _):
            let text = buttonTitle(title, style: style, width: inner.width, traits: traits)
            content = Size(
                width: text.width + 2 * buttonPadding.width,
                height: max(buttonMinHeight, text.height + 2 * buttonPadding.height))
        case .textField:
            content = Size(width: inner.width.isFinite ? inner.width : textFieldUnlimitedWidth, height: controlHeight(traits))
        case .image(_, let width, let height):
            content = Size(width: width.length, height: height.length)
        case .spacer:
            content = .zero
        case .divider:
            content = Size(width: inner.width.isFinite ? inner.width : 0, height: dividerThickness)
        }
        return Size(
            width: min(limit.width, content.width + padding.horizontal),
            height: min(limit.height, content.height + padding.vertical))
    }

    /// `node` laid out to fill `frame`, its descendants inside it, all with absolute frames, in the layout
    /// direction of `traits` (right to left: mirrored within `frame`, `ContentMirror`).
    public static func layout(_ node: ContentNode, in frame: Rect, traits: DisplayTraits) -> LaidOutNode {
        ContentMirror.mirrored(leftToRight(node, in: frame, traits: traits), in: traits.layoutDirection)
    }

    /// `node` laid out to fill `frame` from left to right, whatever the layout direction: what `ContentMirror`
    /// mirrors (an alert's actions are placed around it before the whole alert is mirrored).
    static func leftToRight(_ node: ContentNode, in frame: Rect, traits: DisplayTraits) -> LaidOutNode {
        let frame = frame.sanitized
        let content = frame.inset(by: node.padding)
        switch node.kind {
        case .vstack(let spacing, let alignment, let children):
            return LaidOutNode(
                node: node, frame: frame,
                children: layoutStack(
                    .vertical, spacing: spacing, alignment: alignment, children: children, in: content, traits: traits))
        case .hstack(let spacing, let alignment, let children):
            return LaidOutNode(
                node: node, frame: frame,
                children: layoutStack(
                    .horizontal, spacing: spacing, alignment: alignment, children: children, in: content, traits: traits))
        case .overlay(let alignment, let children):
            return LaidOutNode(
                node: node, frame: frame,
                children: children.map { child in
                    let size = alignment == .fill ? content.size : sizeThatFits(child, limit: content.size, traits: traits)
                    let x = offset(of: size.width, in: content.width, alignment)
                    let y = offset(of: size.height, in: content.height, alignment)
                    return leftToRight(
                        child, in: Rect(x: content.x + x, y: content.y + y, width: size.width, height: size.height), traits: traits)
                })
        case .text(let string, let size, let weight, _, _, let maxLines):
            let text = TextMetrics.measure(string, size: size, weight: weight, maxWidth: content.width, maxLines: maxLines)
            return LaidOutNode(node: node, frame: frame, lines: text.lines)
        case .button(let title, let style, _):
            return LaidOutNode(
                node: node, frame: frame, lines: buttonTitle(title, style: style, width: content.width, traits: traits).lines)
        case .textField, .image, .spacer, .divider:
            return LaidOutNode(node: node, frame: frame)
        }
    }

    /// A button's title on one line, fitting a button at most `width` wide.
    private static func buttonTitle(_ title: String, style: ContentNode.ButtonStyle, width: Double, traits: DisplayTraits) -> TextLayout {
        TextMetrics.measure(
            title, size: controlFontSize(traits), weight: style == .default ? .semibold : .regular,
            maxWidth: width - 2 * buttonPadding.width, maxLines: 1)
    }

    /// Where a child `length` long starts in a space `available` long.
    private static func offset(of length: Double, in available: Double, _ alignment: ContentNode.Alignment) -> Double {
        switch alignment {
        case .leading, .fill: 0
        case .center: max(0, available - length) / 2
        case .trailing: max(0, available - length)
        }
    }

    /// A stack's content size: its children along `axis` plus spacing, its widest child across.
    private static func stackSize(
        _ axis: StackAxis, spacing: Double, children: [ContentNode], limit: Size, traits: DisplayTraits
    ) -> Size {
        let sizes = measure(axis, spacing: spacing, children: children, limit: limit, traits: traits)
        return axis.size(
            main: sizes.reduce(0) { $0 + axis.main($1) } + spacing.length * Double(max(0, children.count - 1)),
            cross: sizes.map { axis.cross($0) }.max() ?? 0)
    }

    /// Each child's size in a stack whose content is at most `limit`: spacers at `minLength` and dividers at their
    /// thickness along the axis (0 across), then the other children in order, each limited to what is left, a
    /// horizontal stack's text fields last, sharing the rest equally.
    private static func measure(
        _ axis: StackAxis, spacing: Double, children: [ContentNode], limit: Size, traits: DisplayTraits
    ) -> [Size] {
        var sizes = [Size](repeating: .zero, count: children.count)
        var remaining = axis.main(limit) - spacing.length * Double(max(0, children.count - 1))
        var rigid: [Int] = [], flexible: [Int] = []
        for (index, child) in children.enumerated() {
            let padded = { (main: Double) in
                let size = axis.size(main: main, cross: 0)
                return Size(width: size.width + child.padding.horizontal, height: size.height + child.padding.vertical)
            }
            switch child.kind {
            case .spacer(let minLength): sizes[index] = padded(minLength.length)
            case .divider: sizes[index] = padded(dividerThickness)
            case .textField where !axis.isVertical: flexible.append(index); continue
            default: rigid.append(index); continue
            }
            remaining -= axis.main(sizes[index])
        }
        for (position, index) in (rigid + flexible).enumerated() {
            let share = position < rigid.count ? max(0, remaining) : max(0, remaining) / Double(rigid.count + flexible.count - position)
            sizes[index] = sizeThatFits(children[index], limit: axis.size(main: share, cross: axis.cross(limit)), traits: traits)
            remaining -= axis.main(sizes[index])
        }
        return sizes
    }

    /// A stack's children laid out in `content`, spacers sharing the length left over.
    private static func layoutStack(
        _ axis: StackAxis, spacing: Double, alignment: ContentNode.Alignment,
        children: [ContentNode], in content: Rect, traits: DisplayTraits
    ) -> [LaidOutNode] {
        let sizes = measure(axis, spacing: spacing, children: children, limit: content.size, traits: traits)
        let spacing = spacing.length
        let used = sizes.reduce(0) { $0 + axis.main($1) } + spacing * Double(max(0, children.count - 1))
        let spacers = children.filter { if case .spacer = $0.kind { true } else { false } }.count
        let extra = spacers > 0 ? max(0, axis.main(content.size) - used) / Double(spacers) : 0
        let crossLength = axis.cross(content.size)
        var cursor = axis.mainOrigin(content)
        return zip(children, sizes).map { child, size in
            var main = axis.main(size), cross = axis.cross(size)
            switch child.kind {
            case .spacer: main += extra; cross = crossLength
            case .divider: cross = crossLength
            default: if alignment == .fill { cross = crossLength }
            }
            let origin = axis.crossOrigin(content) + offset(of: cross, in: crossLength, alignment)
            let laid = leftToRight(
                child, in: axis.rect(main: cursor, cross: origin, size: axis.size(main: main, cross: cross)), traits: traits)
            cursor += main + spacing
            return laid
        }
    }
}
