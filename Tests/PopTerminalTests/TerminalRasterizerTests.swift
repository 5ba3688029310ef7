import Testing

@testable import PopModel
@testable import PopTerminal

@Suite struct TerminalRasterizerTests {
    /// 340 × 680 pt in a 60 × 45 terminal, rows not snapped to a pitch: 8.5 pt a column, 17 pt a row; the screen takes 40 × 40 cells from
    /// column 10, row 2.
    static let viewport = TerminalViewport(screen: Size(width: 340, height: 680), columns: 60, rows: 45, textColumn: 8.5, rowPitch: nil)
    static let white = Cell.RGB(255, 255, 255), black = Cell.RGB(0, 0, 0), dimmed = Cell.RGB(153, 153, 153)

    static func text(
        _ line: String, weight: ContentNode.Weight = .regular, color: ContentNode.Color = 0x000000FF,
        alignment: ContentNode.Alignment = .leading, inset: EdgeInsets = .zero,
        centered: Bool = false
    ) -> TextRun {
        TextRun(
            lines: [line], size: 17, weight: weight, color: color, alignment: alignment, inset: inset,
            centeredVertically: centered)
    }

    static let frame = Frame(
        time: .zero, screen: Size(width: 340, height: 680),
        nodes: [
            FrameNode(id: "app", role: .app, rect: Rect(x: 0, y: 0, width: 340, height: 680), fill: 0xFFFFFFFF),
            FrameNode(
                id: "app.title", role: .text, rect: Rect(x: 17, y: 85, width: 68, height: 20),
                text: text("Settings", color: 0x007AFFFF)),
            FrameNode(id: "app.hidden", role: .text, rect: Rect(x: 119, y: 221, width: 51, height: 20), text: text("Hidden")),
            FrameNode(id: "popup.1.dimming", role: .dimming, rect: Rect(x: 0, y: 0, width: 340, height: 680), fill: 0x00000066),
            FrameNode(
                id: "popup.1", role: .popup, rect: Rect(x: 85, y: 170, width: 170, height: 170), fill: 0xFFFFFFFF,
                cornerRadius: 20, shadow: Shadow(offsetY: 8, blur: 16, color: 0x00000040)),
            FrameNode(
                id: "popup.1.content.0", role: .text, rect: Rect(x: 85, y: 187, width: 170, height: 20),
                text: text("Hello", weight: .semibold, alignment: .center)),
            FrameNode(
                id: "popup.1.content.1", role: .textField, rect: Rect(x: 102, y: 238, width: 136, height: 51),
                fill: 0xFFFFFFFF, stroke: ContentNode.Border(width: 1, color: 0x8E8E93FF), cornerRadius: 8,
                text: text("abc", inset: EdgeInsets(top: 0, leading: 8.5, bottom: 0, trailing: 0), centered: true),
                field: "name"),
            FrameNode(
                id: "popup.2", role: .popup, rect: Rect(x: 34, y: 510, width: 68, height: 68),
                transform: .scaleRotate(scale: 1, rotation: .pi / 4, about: (68, 544)), fill: 0xFF3B30FF,
                text: text("ROT", color: 0xFFFFFFFF, alignment: .center)),
            FrameNode(
                id: "popup.3", role: .text, rect: Rect(x: 17, y: 612, width: 200, height: 20), opacity: 0.2,
                text: text("Faint")),
            FrameNode(
                id: "popup.4", role: .text, rect: Rect(x: 17, y: 646, width: 42.5, height: 20),
                text: text("Hello world")),
        ])

    static let buffer = TerminalRasterizer.render(frame, in: viewport, statusLine: "status: 1 popup")

    /// The cell at a column and row of the screen.
    static func cell(_ column: Int, _ row: Int) -> Cell { buffer[column + 10, row + 2] }

    static func string(row: Int, from column: Int, count: Int) -> String {
        String((column..<(column + count)).map { cell($0, row).character })
    }

    @Test("outside the screen, the dimming's blend, the status line")
    func background() {
        #expect(Self.buffer[0, 0] == Cell(" ", foreground: TerminalRasterizer.outside, background: TerminalRasterizer.outside))
        #expect(Self.cell(0, 0).character == " " && Self.cell(0, 0).background == Self.dimmed)
        #expect(Self.cell(39, 39).background == Self.dimmed)
        let status = (0..<15).map { Self.buffer[$0, 44].character }
        #expect(String(status) == " status: 1 popu")
    }

    @Test("the card: white inside, rounded corner as a half block, hides the app's text under it, casts a shadow")
    func card() {
        #expect(Self.cell(15, 18) == Cell(" ", foreground: Self.white, background: Self.white))
        #expect(Self.cell(14, 13).character == " " && Self.cell(14, 13).background == Self.white)
        let corner = Self.cell(10, 10)
        #expect(corner.character == "▀" && corner.background == Self.white && corner.foreground.red <= 153)
        #expect(Self.cell(20, 20).background == Cell.RGB(134, 134, 134))  // 153 darkened by 0x40 × 0.5
        #expect(Self.cell(20, 21).background == Self.dimmed)
    }

    @Test("text on the row of its line's centre, aligned, bold when semibold, tinted by a dimming over it")
    func text() {
        #expect(Self.string(row: 11, from: 17, count: 7) == " Hello ")
        #expect(Self.cell(18, 11) == Cell("H", foreground: Self.black, background: Self.white, bold: true))
        #expect(Self.string(row: 5, from: 1, count: 10) == " Settings ")
        #expect(Self.cell(2, 5) == Cell("S", foreground: Cell.RGB(0, 73, 153), background: Self.dimmed))
        #expect(Self.string(row: 38, from: 2, count: 6) == "Hell… ")
    }

    @Test("a bordered text field: rounded box drawing in the stroke colour, its text inside")
    func border() {
        let stroke = Cell.RGB(0x8E, 0x8E, 0x93)
        #expect(Self.cell(12, 14) == Cell("╭", foreground: stroke, background: Self.white))
        #expect(Self.cell(27, 14).character == "╮" && Self.cell(12, 16).character == "╰" && Self.cell(27, 16).character == "╯")
        #expect(Self.string(row: 14, from: 13, count: 14) == String(repeating: "─", count: 14))
        #expect(Self.string(row: 15, from: 12, count: 5) == "│abc ")
        #expect(Self.cell(27, 15).character == "│")
    }

    @Test("a rotated node is drawn as pixels without its text; faint text is not drawn")
    func rotatedAndFaint() {
        #expect(Self.cell(8, 32).background == Cell.RGB(0xFF, 0x3B, 0x30))
        #expect(Self.cell(4, 30).background == Self.dimmed)
        for row in 29...34 {
            #expect(!Self.string(row: row, from: 0, count: 40).contains { "ROT".contains($0) })
        }
        #expect(Self.string(row: 36, from: 0, count: 40).allSatisfy { $0 == " " })
    }

    @Test("wide characters take two columns and are cut whole")
    func wide() {
        let frame = Frame(
            time: .zero, screen: Size(width: 340, height: 680),
            nodes: [
                FrameNode(id: "t", role: .text, rect: Rect(x: 0, y: 0, width: 34, height: 20), text: Self.text("界界界"))
            ])
        let buffer = TerminalRasterizer.render(frame, in: Self.viewport)
        #expect(buffer[10, 2].character == "界" && buffer[11, 2].isWideTail && buffer[12, 2].character == "…")
        #expect(buffer[13, 2].character == " ")
    }

    /// Each canvas fills again the arrays the last one drew into (`TerminalCanvas.recycle`): nothing of
    /// a frame may show in the next, at whatever size either was drawn.
    @Test("nothing of one frame shows in the next, at any viewport size")
    func nothingCarriesOver() {
        let empty = Frame(time: .zero, screen: Self.frame.screen, nodes: [])
        let screen = Self.frame.screen
        let viewports = [
            TerminalViewport(screen: screen, columns: 140, rows: 80, textColumn: 8.5, rowPitch: nil),
            TerminalViewport(screen: screen, columns: 24, rows: 14, textColumn: 8.5, rowPitch: nil), Self.viewport,
        ]
        for viewport in viewports {
            _ = TerminalRasterizer.render(Self.frame, in: viewport)
            let blank = TerminalRasterizer.render(empty, in: Self.viewport)
            for row in 2..<42 {
                for column in 10..<50 {
                    #expect(blank[column, row] == Cell(" ", foreground: Self.black, background: Self.black), "\(column), \(row)")
                }
            }
        }
        #expect(TerminalRasterizer.render(Self.frame, in: Self.viewport, statusLine: "status: 1 popup") == Self.buffer)
    }

    @Test("frames drawn on several threads at once are drawn as on one")
    func severalThreads() async {
        let buffers = await withTaskGroup(of: CellBuffer.self) { group in
            for _ in 0..<8 {
                group.addTask { TerminalRasterizer.render(Self.frame, in: Self.viewport, statusLine: "status: 1 popup") }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(buffers.count == 8 && buffers.allSatisfy { $0 == Self.buffer })
    }
}
