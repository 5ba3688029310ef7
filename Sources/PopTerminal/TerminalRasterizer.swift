import PopModel

/// Draws a `Frame` into terminal cells for a viewport; no layout, only what the frame says.
///
/// Nodes are composed back to front into pixels, two per cell (drawn as "▀" in the top pixel's colour over
/// the bottom one's): each pixel centre is mapped through the node's inverse transform and tested against its
/// rect with rounded corners, and the node's fill blends over it (colour alpha × opacity). A shadow is a
/// faint darkening of the node's shape, spread by half its blur and offset below it. So that the picture
/// keeps what a phone shows at any size, a node that is not rotated or scaled is painted on at least one
/// pixel each way (a hairline separator never vanishes, and shows the same in every row), a keyboard key
/// is inset by half a pixel each side (two keys always have a pixel of gap between them), and corners
/// rounded by less than a pixel are drawn square (rounding them would only notch the shape). An upright
/// popup card (and its shadow) covers whole cell rows, so that its top and bottom edges never run along a
/// row of half blocks (see `rowsCovered(by:offsetY:on:)`). Over the pixels:
///
/// - **The status bar's icons** as characters (`StatusBarGlyphs`: `▃▅▆█ ◥◤ [██▍]╸`), not as pixels.
///
/// - **Borders** of nodes that are not rotated or scaled, in box drawing (╭╮╰╯ when the node's corners are
///   rounded, else ┌┐└┘) on the cells just inside its edges. A node three rows high or more gets the whole box
///   with its text in the rows inside; a lower one keeps `│` on either side of its text row, with the top or
///   bottom edge on its other row, so a text field always shows its border around its text.
/// - **Text**: each line on the cell row holding its centre (within the border; below the line before it
///   when both centres fall in one row), one column per character
///   (two for wide ones, as `TextMetrics.columns` says), aligned as the run says — centred lines in the middle
///   of the columns their box covers — and cut with "…" to the node's columns, bold when semibold or bold.
///   Text of a node with an opacity under 0.25, or that is rotated or scaled (mid-animation), is not drawn:
///   characters cannot be rotated in cells, and faint text would only flicker.
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
        var iconsDrawn: Bool?
        for node in frame.nodes {
            if StatusBarGlyphs.isIcon(node) {
                if iconsDrawn == nil { iconsDrawn = StatusBarGlyphs.draw(frame.nodes, on: &canvas) }
                if iconsDrawn == true { continue }
            }
            draw(node, on: &canvas)
        }
        var buffer = CellBuffer(
            columns: viewport.columns, rows: viewport.rows,
            filling: Cell(" ", foreground: outside, background: outside))
        canvas.draw(into: &buffer, column: viewport.originColumn, row: viewport.originRow)
        canvas.recycle()
        drawStatusLine(statusLine, into: &buffer)
        return buffer
    }

    private static func draw(_ node: FrameNode, on canvas: inout TerminalCanvas) {
        let rect = node.rect
        guard node.opacity > 0, rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite,
            let inverse = node.transform.inverted
        else { return }
        let opacity = min(1, node.opacity)
        let transform = node.transform
        canvas.clip = node.clip.map { transform.boundingBox(of: $0) }
        defer { canvas.clip = nil }
        let upright = TerminalCanvas.onlyTranslates(transform)
        // An upright card's straight top and bottom edges lie between cell rows, not across half blocks.
        let wholeRows = upright && node.role == .popup
        if let shadow = node.shadow, shadow.offsetY.isFinite {
            let spread = shadow.blur.length / 2
            var shape = Rect(
                x: rect.x - spread, y: rect.y + shadow.offsetY - spread,
                width: rect.width + 2 * spread, height: rect.height + 2 * spread)
            if wholeRows { shape = rowsCovered(by: shape, offsetY: transform.f, on: canvas) }
            canvas.paint(
                shape, radius: node.cornerRadius + spread, bounds: node.transform.boundingBox(of: shape),
                inverse: inverse, color: shadow.color,
                alpha: alpha(of: shadow.color) * opacity * shadowStrength)
        }
        if let fill = node.fill {
            var shape = upright ? pixelShape(of: rect, role: node.role, offset: (transform.e, transform.f), on: canvas) : rect
            if wholeRows { shape = rowsCovered(by: shape, offsetY: transform.f, on: canvas) }
            let bounds =
                upright
                ? Rect(x: shape.x + transform.e, y: shape.y + transform.f, width: shape.width, height: shape.height)
                : node.bounds
            // A corner rounded by less than a pixel cannot be drawn round: it would only notch the shape.
            let radius = upright && node.cornerRadius < max(canvas.columnWidth, canvas.pixelHeight) ? 0 : node.cornerRadius
            // A card's rows are all its own: it hides the glyphs in the half rows it was grown by.
            canvas.paint(
                shape, glyphRect: wholeRows ? shape : rect, radius: radius, bounds: bounds, inverse: inverse, color: fill,
                alpha: alpha(of: fill) * opacity)
        }
        guard upright else { return }
        let placed = Rect(x: rect.x + transform.e, y: rect.y + transform.f, width: rect.width, height: rect.height)
        var inside = cells(of: placed, on: canvas)
        if let stroke = node.stroke, stroke.width > 0, let box = inside {
            let textRow = node.text.map { row(of: $0, line: 0, in: placed, on: canvas) }
            inside = drawBorder(
                box, of: placed, textRow: textRow, rounded: node.cornerRadius > 0, color: stroke.color,
                alpha: alpha(of: stroke.color) * opacity, on: &canvas)
        }
        if let text = node.text, opacity >= minimumTextOpacity {
            drawText(text, in: placed, cells: inside, alpha: alpha(of: text.color) * opacity, on: &canvas)
        }
    }

    private static func alpha(of color: ContentNode.Color) -> Double { Double(color.alpha) / 255 }

    /// The shape an upright node's fill is painted in: at least one pixel each way (the pixel nearest its
    /// centre: a hairline stays visible, the same in every row), a key inset by half a pixel each side (the
    /// gap between two keys always holds a pixel centre).
    private static func pixelShape(of rect: Rect, role: FrameNode.Role, offset: (Double, Double), on canvas: TerminalCanvas) -> Rect {
        var shape = rect
        if role == .key, rect.width > 2 * canvas.columnWidth, rect.height > 4 * canvas.pixelHeight {
            shape = Rect(
                x: rect.x + canvas.columnWidth / 2, y: rect.y + canvas.pixelHeight / 2,
                width: rect.width - canvas.columnWidth, height: rect.height - canvas.pixelHeight)
        }
        if shape.width < canvas.columnWidth {
            let index = TerminalViewport.cellIndex((shape.x + offset.0 + shape.width / 2) / canvas.columnWidth)
            shape = Rect(x: Double(index) * canvas.columnWidth - offset.0, y: shape.y, width: canvas.columnWidth, height: shape.height)
        }
        if shape.height < canvas.pixelHeight {
            let index = TerminalViewport.cellIndex((shape.y + offset.1 + shape.height / 2) / canvas.pixelHeight)
            shape = Rect(x: shape.x, y: Double(index) * canvas.pixelHeight - offset.1, width: shape.width, height: canvas.pixelHeight)
        }
        return shape
    }

    /// `shape` (its node moved down by `offsetY` on the screen) grown to whole cell rows: a row holding one of
    /// its pixels holds both. A card's top and bottom edges then never run along a row of half blocks, which a
    /// terminal that draws "▀" from its font leaves thin seams between (ticks all along the edge), wherever
    /// the card lies.
    private static func rowsCovered(by shape: Rect, offsetY: Double, on canvas: TerminalCanvas) -> Rect {
        let first = TerminalViewport.firstIndex(from: shape.y + offsetY, unit: canvas.pixelHeight)
        let end = TerminalViewport.firstIndex(from: shape.y + shape.height + offsetY, unit: canvas.pixelHeight)
        guard end > first else { return shape }
        let row = 2 * canvas.pixelHeight
        let top = (Double(first) / 2).rounded(.down) * row, bottom = (Double(end) / 2).rounded(.up) * row
        return Rect(x: shape.x, y: top - offsetY, width: shape.width, height: bottom - top)
    }

    /// The cells whose centres lie in `rect` (screen-relative, possibly off the canvas): at least the one holding
    /// its centre each way; nil when it has no size.
    private static func cells(of rect: Rect, on canvas: TerminalCanvas) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>)? {
        guard rect.width > 0, rect.height > 0 else { return nil }
        func range(_ start: Double, _ length: Double, _ unit: Double) -> ClosedRange<Int> {
            let first = TerminalViewport.firstIndex(from: start, unit: unit)
            let last = TerminalViewport.firstIndex(from: start + length, unit: unit) - 1
            if last >= first { return first...last }
            let middle = TerminalViewport.cellIndex((start + length / 2) / unit)
            return middle...middle
        }
        return (range(rect.x, rect.width, canvas.columnWidth), range(rect.y, rect.height, 2 * canvas.pixelHeight))
    }

    /// The cell row holding the centre of `run`'s line `line` in `rect`.
    private static func row(of run: TextRun, line: Int, in rect: Rect, on canvas: TerminalCanvas) -> Int {
        let box = run.lineRect(line, in: rect)
        return TerminalViewport.cellIndex((box.y + box.height / 2) / (2 * canvas.pixelHeight))
    }

    /// Box drawing around `box`'s cells; returns the cells left inside for the text: the rows and columns within
    /// the box, or — a box under three rows high — its text row between the two `│`.
    private static func drawBorder(
        _ box: (columns: ClosedRange<Int>, rows: ClosedRange<Int>), of rect: Rect, textRow: Int?, rounded: Bool,
        color: ContentNode.Color, alpha: Double,
        on canvas: inout TerminalCanvas
    ) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>)? {
        let left = box.columns.lowerBound, right = box.columns.upperBound
        guard right - left >= 2 else { return box }
        let corners: [Character] = rounded ? ["╭", "╮", "╰", "╯"] : ["┌", "┐", "└", "┘"]
        let put = { (character: Character, column: Int, row: Int, canvas: inout TerminalCanvas) in
            canvas.setGlyph(character, width: 1, column: column, row: row, color: color, alpha: alpha, bold: false, within: rect)
        }
        let edge = { (row: Int, first: Character, last: Character, canvas: inout TerminalCanvas) in
            for column in (left + 1)..<right { put("─", column, row, &canvas) }
            put(first, left, row, &canvas)
            put(last, right, row, &canvas)
        }
        let top = box.rows.lowerBound, bottom = box.rows.upperBound
        if bottom - top >= 2 {
            edge(top, corners[0], corners[1], &canvas)
            edge(bottom, corners[2], corners[3], &canvas)
            for row in (top + 1)..<bottom {
                put("│", left, row, &canvas)
                put("│", right, row, &canvas)
            }
            return ((left + 1)...(right - 1), (top + 1)...(bottom - 1))
        }
        // Too low for a box: the text row between bars, the other row (if any) as the top or bottom edge.
        let row = min(max(textRow ?? bottom, top), bottom)
        put("│", left, row, &canvas)
        put("│", right, row, &canvas)
        if top < row { edge(top, corners[0], corners[1], &canvas) }
        if bottom > row { edge(bottom, corners[2], corners[3], &canvas) }
        return ((left + 1)...(right - 1), row...row)
    }

    private static func drawText(
        _ run: TextRun, in rect: Rect, cells: (columns: ClosedRange<Int>, rows: ClosedRange<Int>)?,
        alpha: Double, on canvas: inout TerminalCanvas
    ) {
        guard let cells else { return }
        let column = canvas.columnWidth
        let clip = cells.columns
        let first = max(0, clip.lowerBound), last = min(canvas.columns - 1, clip.upperBound)
        guard first <= last else { return }
        let bold = run.weight == .semibold || run.weight == .bold
        var previous = Int.min
        for (index, line) in run.lines.enumerated() {
            let box = run.lineRect(index, in: rect)
            // Each line below the one before, even when both centres fall in one row (lines closer than a row).
            let row = min(max(row(of: run, line: index, in: rect, on: canvas), cells.rows.lowerBound, previous + 1), cells.rows.upperBound)
            previous = row
            guard row >= 0, row < canvas.rows else { continue }
            let characters = fitted(Array(line), columns: clip.count)
            let widths = characters.map(Cell.columns)
            let width = widths.reduce(0, +)
            var start: Int
            switch run.alignment {
            case .leading, .fill: start = TerminalViewport.firstIndex(from: box.x, unit: column)
            case .center:
                let covered = Self.cells(of: box, on: canvas)?.columns ?? clip
                start = covered.lowerBound + (covered.count - width + 1) / 2  // an odd spare column goes left
            case .trailing: start = TerminalViewport.firstIndex(from: box.x + box.width, unit: column) - width
            }
            start = max(clip.lowerBound, min(start, clip.upperBound - width + 1))
            for (character, columns) in zip(characters, widths) {
                if start >= first, start + columns - 1 <= last {
                    canvas.setGlyph(
                        character, width: columns, column: start, row: row, color: run.color,
                        alpha: alpha, bold: bold, within: rect)
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

    static func drawStatusLine(_ text: String, into buffer: inout CellBuffer) {
        let row = buffer.rows - 1
        guard row >= 0 else { return }
        for column in 0..<buffer.columns {
            buffer[column, row] = Cell(" ", foreground: statusForeground, background: statusBackground)
        }
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        buffer.write(
            String(fitted(Array(line), columns: buffer.columns - 1)), column: 1, row: row,
            foreground: statusForeground, background: statusBackground)
    }
}
