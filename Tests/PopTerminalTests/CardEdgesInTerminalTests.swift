import Testing

@testable import PopModel
@testable import PopTerminal

/// A card's straight top and bottom edges in cells: a row of half blocks across an edge ("▀" in the colour
/// outside over the card's, or the card's over the shadow's) is drawn by many terminals from the font, with
/// thin seams between its cells: tick marks all along the edge. An upright card covers whole rows instead,
/// wherever it lies against the cells.
@Suite struct CardEdgesInTerminalTests {
    /// The colours of a cell's two pixels: a half block's foreground over its background, else the background twice.
    static func pixels(_ buffer: CellBuffer, _ column: Int, _ row: Int) -> (upper: Cell.RGB, lower: Cell.RGB) {
        let cell = buffer[column, row]
        return cell.character == "▀" ? (cell.foreground, cell.background) : (cell.background, cell.background)
    }

    /// The cells along `card`'s straight top and bottom edges that are half blocks across the edge: one pixel
    /// the card's fill, the other the colour just outside it. Also what is wrong when the card does not start
    /// in the row holding its top edge (or the next) and end in the row holding its bottom edge (or the one before).
    static func ticks(along card: FrameNode, in buffer: CellBuffer, viewport: TerminalViewport) -> [String] {
        guard let color = card.fill else { return ["the card has no fill"] }
        let fill = Cell.RGB(color), bounds = card.bounds
        let middle = viewport.cell(for: bounds.center).column
        let rows = (0..<viewport.statusRow).filter { pixels(buffer, middle, $0).upper == fill || pixels(buffer, middle, $0).lower == fill }
        guard let top = rows.first, let bottom = rows.last, top > 0, bottom + 1 < viewport.statusRow else {
            return ["the card is not drawn"]
        }
        var found: [String] = []
        let edgeRows = (viewport.cell(for: Point(x: 0, y: bounds.y)).row, viewport.cell(for: Point(x: 0, y: bounds.maxY)).row)
        if top != edgeRows.0 && top != edgeRows.0 + 1 {
            found.append("the card starts in row \(top), its top edge is in row \(edgeRows.0)")
        }
        if bottom != edgeRows.1 && bottom != edgeRows.1 - 1 {
            found.append("the card ends in row \(bottom), its bottom edge is in row \(edgeRows.1)")
        }
        // The straight part: a column clear of the rounded corners on either side.
        let inset = card.cornerRadius + viewport.columnWidth
        let left = viewport.cell(for: Point(x: bounds.x + inset, y: 0)).column
        let right = viewport.cell(for: Point(x: bounds.x + bounds.width - inset, y: 0)).column
        for column in left...max(left, right) {
            let above = pixels(buffer, column, top - 1).lower, first = pixels(buffer, column, top)
            if first.lower == fill, first.upper != fill, first.upper == above {
                found.append("a tick at column \(column), row \(top) (the top edge): \(first.upper) over the card")
            }
            let below = pixels(buffer, column, bottom + 1).upper, last = pixels(buffer, column, bottom)
            if last.upper == fill, last.lower != fill, last.lower == below {
                found.append("a tick at column \(column), row \(bottom) (the bottom edge): the card over \(last.lower)")
            }
        }
        return found
    }

    @Test(
        "the demo's promotion card at rest: no tick along its top or bottom edge, at any terminal size",
        arguments: [(120, 45), (100, 50), (60, 66), (80, 40), (90, 44), (200, 60)])
    func promotionAtRest(columns: Int, rows: Int) throws {
        for frame in try PhoneInTerminalTests.demoFrames(at: [1500, 9000]) {
            let card = try #require(frame.nodes.first { $0.role == .popup && $0.request != nil })
            try #require(card.transform == .identity, "at rest at \(frame.time)")
            let viewport = TerminalViewport(screen: frame.screen, columns: columns, rows: rows)
            let buffer = TerminalRasterizer.render(frame, in: viewport)
            #expect(Self.ticks(along: card, in: buffer, viewport: viewport) == [], "at \(frame.time) in \(columns) × \(rows)")
        }
    }

    @Test("a rounded card at every eighth of a row: its edges between rows, never across half blocks", arguments: 0..<8)
    func subCellPositions(eighth: Int) {
        // 17-point rows (8.5-point pixels), the card moved down an eighth of a row at a time.
        let viewport = TerminalViewport(screen: Size(width: 340, height: 680), columns: 60, rows: 45, textColumn: 8.5, rowPitch: nil)
        let y = 170 + Double(eighth) * 17 / 8
        let card = FrameNode(
            id: "popup.1", role: .popup, request: 1, rect: Rect(x: 85, y: y, width: 170, height: 170 + Double(eighth)),
            fill: 0xFFFFFFFF, cornerRadius: 20, shadow: Shadow(offsetY: 8, blur: 16, color: 0x00000040))
        let frame = Frame(
            time: .zero, screen: viewport.screen,
            nodes: [FrameNode(id: "app", role: .app, rect: Rect(x: 0, y: 0, width: 340, height: 680), fill: 0x4C4C4CFF), card])
        let buffer = TerminalRasterizer.render(frame, in: viewport)
        #expect(Self.ticks(along: card, in: buffer, viewport: viewport) == [], "the card at y = \(y)")
    }
}
