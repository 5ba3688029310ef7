import PopModel

/// How a popup's laid-out content is drawn: every node with its background, corner radius and
/// border; text as laid out; buttons filled by style (default: accent with white text; cancel:
/// grey; destructive: red on pale red; plain: accent text only) with 10-point corners, or as an alert's
/// actions (text on the alert: accent, semibold for the default style, red when destructive); text fields
/// as a rounded well with their text (dots when secure) or placeholder, outlined in the accent colour
/// when focused; image placeholders as a grey tile with their name; dividers as hairlines. A node laid out
/// right to left (`LaidOutNode.direction`) draws its leading-aligned text, its padding's leading side and a
/// field's text from the right. Buttons' titles and fields' text are drawn at the size the layout measured them
/// at (`LayoutEngine.controlFontSize`). What the content leaves to the host is in the appearance's colours
/// (`Palette`); what it wrote stays.
struct ContentStyle {
    let request: RequestID
    let transform: AffineTransform
    let opacity: Double
    let fields: [String: String]
    let focused: String?
    /// The traits the content was laid out under: the host's control text follows their text size.
    let traits: DisplayTraits
    /// The colours of the traits' appearance, for what the content leaves to the host.
    var palette: Palette { Palette(traits.appearance) }
    /// Where the content may draw (the visible part of a popup or page it scrolls in); nil: anywhere.
    var clip: Rect? = nil
    /// The id of the text a screen reader takes as the content's title (`ContentNode.titleTextPath`).
    var titleID: String? = nil
    /// Where single-line measurements are kept from frame to frame (a stage's frames); nil: measured each time.
    var lines: TextLines? = nil

    /// Appends `laid` (id `id`) and its descendants (`id.0`, `id.0.1`, …), in document order, each that
    /// a screen reader reads with its description (none under a hidden node or a labelled container),
    /// moved by `offset` when there is one: the same sums `LaidOutNode.moved` makes, without copying
    /// the tree to make them.
    func append(
        _ laid: LaidOutNode, id: String, readable: Bool = true, offset: (x: Double, y: Double)? = nil, to nodes: inout [FrameNode]
    ) {
        var ids = ContentIDs()
        append(laid, id: id, readable: readable, offset: offset, ids: &ids, to: &nodes)
    }

    /// `append`, with the descendants' ids from `ids` (made and kept there when it has none): the ids of a layout
    /// drawn before.
    func append(
        _ laid: LaidOutNode, id: String, readable: Bool = true, offset: (x: Double, y: Double)? = nil, ids: inout ContentIDs,
        to nodes: inout [FrameNode]
    ) {
        let content = laid.node
        let padding = ContentMirror.insets(content.padding, in: laid.direction)
        let readable = readable && content.accessibility?.hidden != true
        var node = FrameNode(
            id: id, role: .stack, request: request, rect: Self.placed(laid.frame, by: offset), transform: transform, opacity: opacity,
            fill: content.background, stroke: content.border, cornerRadius: content.cornerRadius.length, clip: clip,
            accessibility: readable ? content.accessibility(isTitle: id == titleID) : nil)
        switch content.kind {
        case .vstack, .hstack:
            break
        case .overlay:
            node.role = .overlay
        case .spacer:
            node.role = .spacer
        case .divider:
            node.role = .divider
            node.fill = content.background ?? palette.separator
        case .text(_, let size, let weight, let color, let alignment, _):
            node.role = .text
            node.text = TextRun(
                lines: laid.lines, size: size, weight: weight, color: color,
                alignment: ContentMirror.alignment(alignment, in: laid.direction), inset: padding)
        case .button(_, let style, let action):
            node.role = .button
            node.action = action
            let (fill, color): (ContentNode.Color?, ContentNode.Color) =
                switch style {
                case .default: (palette.accent, palette.onAccent)
                case .cancel: (palette.cancelButton, palette.label)
                case .destructive: (palette.destructiveButton, palette.destructive)
                case .plain: (nil, palette.accent)
                }
            let titleSize = LayoutEngine.controlFontSize(traits)
            if laid.chrome == .alertAction {
                node.fill = content.background
                node.text = TextRun(
                    lines: laid.lines, size: titleSize, weight: style == .default ? .semibold : .regular,
                    color: style == .destructive ? palette.destructive : palette.accent, alignment: .center,
                    inset: padding, centeredVertically: true)
                break
            }
            node.fill = content.background ?? fill
            if content.cornerRadius <= 0 { node.cornerRadius = 10 }
            node.text = TextRun(
                lines: laid.lines, size: titleSize, weight: style == .default ? .semibold : .regular,
                color: color, alignment: .center, inset: padding, centeredVertically: true)
        case .textField(let field, let placeholder, let secure):
            node.role = .textField
            node.field = field
            node.focused = field == focused
            node.fill = content.background ?? palette.field
            node.stroke = node.focused ? palette.focusedFieldBorder : (content.border ?? palette.fieldBorder)
            if content.cornerRadius <= 0 { node.cornerRadius = 8 }
            let typed = fields[field] ?? ""
            let shown = secure ? String(repeating: "•", count: typed.count) : typed
            // A screen reader reads what the field holds as its value, dots for a secure one.
            if !shown.isEmpty, node.accessibility != nil, node.accessibility?.value == nil { node.accessibility?.value = shown }
            let inset = EdgeInsets(
                top: padding.top, leading: padding.leading + 12, bottom: padding.bottom, trailing: padding.trailing + 12)
            let width = max(0, laid.frame.width - inset.horizontal)
            let size = LayoutEngine.controlFontSize(traits)
            let line = Self.line(shown.isEmpty ? placeholder : shown, size: size, maxWidth: width, kept: lines)
            node.text = TextRun(
                lines: line, size: size, weight: .regular, color: shown.isEmpty ? palette.placeholder : palette.label,
                alignment: ContentMirror.alignment(.leading, in: laid.direction), inset: inset, centeredVertically: true)
        case .image(let name, _, _):
            node.role = .image
            node.fill = content.background ?? palette.image
            if content.cornerRadius <= 0 { node.cornerRadius = 8 }
            node.text = Self.imageLabel(name, in: laid.frame, color: palette.placeholder, kept: lines)
        }
        nodes.append(node)
        for (index, child) in laid.children.enumerated() {
            append(
                child, id: ids.next { "\(id).\(index)" }, readable: readable && !content.isLabelledContainer, offset: offset, ids: &ids,
                to: &nodes)
        }
        for (index, rect) in laid.separators.enumerated() {
            nodes.append(
                FrameNode(
                    id: ids.next { "\(id).separator.\(index)" }, role: .divider, request: request, rect: Self.placed(rect, by: offset),
                    transform: transform,
                    opacity: opacity, fill: palette.separator, clip: clip))
        }
    }

    /// `text` in regular weight on one line at most `maxWidth` wide, from `kept` when there is one.
    private static func line(_ text: String, size: Double, maxWidth: Double, kept: TextLines?) -> [String] {
        kept?.line(text, size: size, weight: .regular, maxWidth: maxWidth)
            ?? TextMetrics.measure(text, size: size, weight: .regular, maxWidth: maxWidth, maxLines: 1).lines
    }

    /// `rect` moved by `offset`, if any.
    private static func placed(_ rect: Rect, by offset: (x: Double, y: Double)?) -> Rect {
        guard let offset else { return rect }
        return Rect(x: rect.x + offset.x, y: rect.y + offset.y, width: rect.width, height: rect.height)
    }

    /// The space an image placeholder's label takes at the bottom of the tile, with its margin.
    static let imageLabelSize = 11.0, imageLabelMargin = 6.0

    /// An image placeholder's name in `color`, on one line at the bottom of its tile, under the space the renderers
    /// draw the image's glyph in; nil when the tile is too low for both (the glyph then takes the whole tile).
    static func imageLabel(_ name: String, in frame: Rect, color: ContentNode.Color, kept: TextLines? = nil) -> TextRun? {
        let line = TextMetrics.lineHeight(size: imageLabelSize)
        guard frame.height >= 2 * (line + imageLabelMargin) + 16 else { return nil }
        let lines = Self.line(name, size: imageLabelSize, maxWidth: frame.width - 2 * imageLabelMargin, kept: kept)
        return TextRun(
            lines: lines, size: imageLabelSize, weight: .regular, color: color, alignment: .center,
            inset: EdgeInsets(
                top: frame.height - line - imageLabelMargin, leading: imageLabelMargin,
                bottom: imageLabelMargin, trailing: imageLabelMargin))
    }
}
