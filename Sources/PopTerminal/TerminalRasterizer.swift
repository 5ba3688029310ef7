import PopModel

/// Draws a `Frame` into terminal cells for a viewport; no layout, only what the frame says.
///
/// Nodes are composed back to front into square pixels, two per cell (drawn as "▀" in the top pixel's colour
/// over the bottom one's): each pixel centre is mapped through the node's inverse transform and tested against
/// its rect with rounded corners, and the node's fill blends over it (colour alpha × opacity). A shadow is a
/// faint darkening of the node's shape, spread by half its blur and offset below it. Over the pixels:
///
/// - **Borders** of nodes that are not rotated or scaled and span at least 2 cells each way, in box drawing
///   (╭╮╰╯ when the node's corners are rounded, else ┌┐└┘).
/// - **Text**: each line on the cell row holding its centre, one column per character (two for wide ones, as
///   `TextMetrics.columns` says), aligned as the run says and cut with "…" to the node's columns, bold when
///   semibold or bold. Text of a node with an opacity under 0.25, or that is rotated or scaled (mid-animation),
///   is not drawn: characters cannot be rotated in cells, and faint text would only flicker.
///
/// Later nodes tint the glyphs under them like the pixels, or hide them when mostly opaque. The last row shows
/// the status line.
public enum TerminalRasterizer {
    /// The colour around the screen.
    public static let outside = Cell.RGB(0x1C, 0x1C, 0x1E)
    /// The screen's colour where no node is drawn.
    public static let emptyScreen = Cell.RGB(0, 0, 0)
    static let statusForeground = Cell.RGB(0xD1, 0xD1, 0xD6)
    static let statusBackground = Cell.RGB(0x2C, 0x2C, 0x2E)
    /// How much of a shadow's colour is drawn: shadows are blurred, cells are coarse.
    static let shadowStrength = 0.5
    /// Text fainter than this is not drawn.
    static let minimumTextOpacity = 0.25

    /// The cells of `frame` in `viewport`, with `statusLine` on the last row.
    public static func render(_ frame: Frame, in viewport: TerminalViewport, statusLine: String = "") -> CellBuffer {
        var canvas = TerminalCanvas(viewport: viewport, screen: emptyScreen, outside: outside)
        for node in frame.nodes { draw(node, on: &canvas) }
        var buffer = CellBuffer(columns: viewport.columns, rows: viewport.rows,
                                filling: Cell(" ", foreground: outside, background: outside))
        canvas.draw(into: &buffer, column: viewport.originColumn, row: viewport.originRow)
        drawStatusLine(statusLine, into: &buffer)
        return buffer
    }

    private static func draw(_ node: FrameNode, on canvas: inout TerminalCanvas) {
        let rect = node.rect
        guard node.opacity > 0, rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite,
              let inverse = node.transform.inverted else { return }
        let opacity = min(1, node.opacity)
        if let shadow = node.shadow, shadow.offsetY.isFinite {
            let spread = shadow.blur.length / 2
            let shape = Rect(x: rect.x - spread, y: rect.y + shadow.offsetY - spread,
                             width: rect.width + 2 * spread, height: rect.height + 2 * spread)
            canvas.paint(shape, radius: node.cornerRadius + spread, bounds: node.transform.boundingBox(of: shape),
                         inverse: inverse, color: shadow.color,
                         alpha: alpha(of: shadow.color) * opacity * shadowStrength)
        }
        if let fill = node.fill {
            canvas.paint(rect, radius: node.cornerRadius, bounds: node.bounds, inverse: inverse, color: fill,
                         alpha: alpha(of: fill) * opacity)
        }
        let transform = node.transform
        guard transform.a == 1, transform.b == 0, transform.c == 0, transform.d == 1 else { return }
        let placed = Rect(x: rect.x + transform.e, y: rect.y + transform.f, width: rect.width, height: rect.height)
        if let stroke = node.stroke, stroke.width > 0 {
            drawBorder(around: placed, rounded: node.cornerRadius > 0, color: stroke.color,
                       alpha: alpha(of: stroke.color) * opacity, on: &canvas)
        }
        if let text = node.text, opacity >= minimumTextOpacity {
            drawText(text, in: placed, alpha: alpha(of: text.color) * opacity, on: &canvas)
        }
    }

    private static func alpha(of color: ContentNode.Color) -> Double { Double(color.alpha) / 255 }

    /// Box drawing on the cells whose centres lie just inside `rect`'s edges.
    private static func drawBorder(around rect: Rect, rounded: Bool, color: ContentNode.Color, alpha: Double,
                                   on canvas: inout TerminalCanvas) {
        let column = canvas.columnWidth, row = 2 * canvas.pixelHeight
        let left = TerminalViewport.firstIndex(from: rect.x, unit: column)
        let right = TerminalViewport.firstIndex(from: rect.x + rect.width, unit: column) - 1
        let top = TerminalViewport.firstIndex(from: rect.y, unit: row)
        let bottom = TerminalViewport.firstIndex(from: rect.y + rect.height, unit: row) - 1
        guard right > left, bottom > top else { return }
        let corners: [Character] = rounded ? ["╭", "╮", "╰", "╯"] : ["┌", "┐", "└", "┘"]
        let put = { (character: Character, column: Int, row: Int, canvas: inout TerminalCanvas) in
            canvas.setGlyph(character, width: 1, column: column, row: row, color: color, alpha: alpha, bold: false)
        }
        for column in stride(from: max(left + 1, 0), to: min(right, canvas.columns), by: 1) {
            put("─", column, top, &canvas)
            put("─", column, bottom, &canvas)
        }
        for row in stride(from: max(top + 1, 0), to: min(bottom, canvas.rows), by: 1) {
            put("│", left, row, &canvas)
            put("│", right, row, &canvas)
        }
        put(corners[0], left, top, &canvas)
        put(corners[1], right, top, &canvas)
        put(corners[2], left, bottom, &canvas)
        put(corners[3], right, bottom, &canvas)
    }

    private static func drawText(_ run: TextRun, in rect: Rect, alpha: Double, on canvas: inout TerminalCanvas) {
        let column = canvas.columnWidth, rowHeight = 2 * canvas.pixelHeight
        // The node's columns: those whose centres it covers, at least the one holding its centre.
        var clip = (TerminalViewport.firstIndex(from: rect.x, unit: column),
                    TerminalViewport.firstIndex(from: rect.x + rect.width, unit: column) - 1)
        if clip.1 < clip.0 {
            let middle = TerminalViewport.cellIndex((rect.x + rect.width / 2) / column)
            clip = (middle, middle)
        }
        let first = max(0, clip.0), last = min(canvas.columns - 1, clip.1)
        guard first <= last else { return }
        let bold = run.weight == .semibold || run.weight == .bold
        for (index, line) in run.lines.enumerated() {
            let box = run.lineRect(index, in: rect)
            let row = TerminalViewport.cellIndex((box.y + box.height / 2) / rowHeight)
            guard row >= 0, row < canvas.rows else { continue }
            let characters = fitted(Array(line), columns: clip.1 - clip.0 + 1)
            let widths = characters.map(Cell.columns)
            let width = widths.reduce(0, +)
            var start: Int
            switch run.alignment {
            case .leading, .fill: start = TerminalViewport.firstIndex(from: box.x, unit: column)
            case .center: start = TerminalViewport.cellIndex(((box.x + box.width / 2) / column - Double(width) / 2).rounded())
            case .trailing: start = TerminalViewport.firstIndex(from: box.x + box.width, unit: column) - width
            }
            start = max(clip.0, min(start, clip.1 - width + 1))
            for (character, columns) in zip(characters, widths) {
                if start >= first, start + columns - 1 <= last {
                    canvas.setGlyph(character, width: columns, column: start, row: row, color: run.color,
                                    alpha: alpha, bold: bold)
                }
                start += columns
            }
        }
    }

    /// `characters` as they fit in `columns`: cut, with "…" at the end, when they do not.
    static func fitted(_ characters: [Character], columns: Int) -> [Character] {
        guard columns > 0 else { return [] }
        var total = characters.reduce(0) { $0 + Cell.columns($1) }
        guard total > columns else { return characters }
        var kept = characters
        while let last = kept.last, total > columns - 1 {
            total -= Cell.columns(last)
            kept.removeLast()
        }
        return kept + ["…"]
    }

    private static func drawStatusLine(_ text: String, into buffer: inout CellBuffer) {
        let row = buffer.rows - 1
        guard row >= 0 else { return }
        for column in 0..<buffer.columns {
            buffer[column, row] = Cell(" ", foreground: statusForeground, background: statusBackground)
        }
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        buffer.write(String(fitted(Array(line), columns: buffer.columns - 1)), column: 1, row: row,
                     foreground: statusForeground, background: statusBackground)
    }
}
