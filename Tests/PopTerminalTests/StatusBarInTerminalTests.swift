import Testing

@testable import PopModel
@testable import PopPresentation
@testable import PopTerminal

/// The status bar's icons in cells: characters that read as signal bars, Wi-Fi and a battery, not the blocks
/// (and the battery's `│` borders) their few-point rects make as pixels.
@Suite struct StatusBarInTerminalTests {
    static let screen = Size(width: 393, height: 852)
    static let viewport = TerminalViewport(screen: screen, columns: 120, rows: 45)

    /// The status bar of `palette` over a bar of its colour, the charge rect made `charge` of the body's inside.
    static func frame(palette: Palette, charge: Double = 0.8) -> Frame {
        var icons = StatusBarIcons.nodes(width: screen.width, centerY: 29.5, palette: palette)
        if let index = icons.firstIndex(where: { $0.id == "app.status-bar.battery.charge" }) {
            icons[index].rect.width = 21 * charge
        }
        let bar = FrameNode(id: "app.status-bar", role: .app, rect: Rect(x: 0, y: 0, width: screen.width, height: 59), fill: palette.bar)
        return Frame(time: .zero, screen: screen, nodes: [bar] + icons)
    }

    /// The status bar's row (the battery's centre) as text, and its cells.
    static func row(_ frame: Frame) -> (text: String, cells: [Cell]) {
        let buffer = TerminalRasterizer.render(frame, in: viewport)
        let row = viewport.cell(for: Point(x: 0, y: 29.5)).row
        let cells = (0..<buffer.columns).map { buffer[$0, row] }
        return (String(cells.map(\.character)), cells)
    }

    @Test("signal bars, the Wi-Fi wedge and the battery with its charge and cap, in the label's colour, right-aligned")
    func glyphs() throws {
        let (text, cells) = Self.row(Self.frame(palette: .light))
        #expect(text.contains("▃▅▆█ ◥◤ [██▍]╸"), "\(text)")
        let start = try #require(text.range(of: "▃")).lowerBound
        let icons = cells[text.distance(from: text.startIndex, to: start)...].prefix(14)
        #expect(!icons.contains { $0.character == "▀" || $0.character == "│" }, "no pixels or box borders among the icons")
        let label = Cell.RGB(Palette.light.label)
        #expect(icons.filter { "▃▅▆█◥◤▍".contains($0.character) }.allSatisfy { $0.foreground == label })
        // The outline and cap in the fainter label colour, as the rects' stroke and fill.
        #expect(icons.filter { "[]╸".contains($0.character) }.allSatisfy { $0.foreground != label && $0.foreground != $0.background })
        // The cap in the last column whose centre lies left of the icons' right edge (22 points from the screen's).
        let capColumn = Self.viewport.cell(for: Point(x: Self.screen.width - 22 - Self.viewport.columnWidth / 2, y: 0)).column
        #expect(cells[capColumn].character == "╸")
    }

    @Test("the battery shows the charge its rect has", arguments: [(0.0, "[   ]"), (0.5, "[█▌ ]"), (1.0, "[███]")])
    func charge(fraction: Double, battery: String) {
        #expect(Self.row(Self.frame(palette: .light, charge: fraction)).text.contains(battery + "╸"))
    }

    @Test("dark: the icons in the dark label colour on the dark bar")
    func dark() throws {
        let (text, cells) = Self.row(Self.frame(palette: .dark))
        let index = try #require(text.firstIndex(of: "█"))
        let cell = cells[text.distance(from: text.startIndex, to: index)]
        #expect(cell.foreground == Cell.RGB(Palette.dark.label))
        #expect(cell.background == Cell.RGB(Palette.dark.bar))
    }
}
