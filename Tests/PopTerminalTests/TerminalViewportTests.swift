import Testing
import PopTestSupport
@testable import PopModel
@testable import PopTerminal

@Suite struct TerminalViewportTests {
    static let phone = Size(width: 390, height: 844)

    @Test("a large terminal: square 6.5 pt pixels (the true aspect ratio), the screen centred above the status line")
    func large() {
        let viewport = TerminalViewport(screen: Self.phone, columns: 200, rows: 80)
        #expect(viewport.columnWidth == TerminalViewport.textColumn && viewport.pixelHeight == TerminalViewport.textColumn)
        #expect(viewport.screenColumns == 60 && viewport.screenRows == 65)
        #expect(viewport.originColumn == 70 && viewport.originRow == 7)
        #expect(viewport.statusRow == 79)
    }

    @Test("a shorter terminal makes the rows taller and keeps text columns; a narrow one widens them too")
    func legible() {
        let short = TerminalViewport(screen: Self.phone, columns: 120, rows: 50)
        #expect(short.columnWidth == TerminalViewport.textColumn && short.pixelHeight > TerminalViewport.textColumn)
        let narrow = TerminalViewport(screen: Self.phone, columns: 40, rows: 50)
        #expect(narrow.columnWidth > TerminalViewport.textColumn && narrow.screenColumns == 40)
    }

    @Test("a small terminal shrinks the screen to fit", arguments: [(80, 24), (120, 30), (30, 60)])
    func small(columns: Int, rows: Int) {
        let viewport = TerminalViewport(screen: Self.phone, columns: columns, rows: rows)
        #expect(viewport.pixelHeight > TerminalViewport.textColumn || viewport.columnWidth > TerminalViewport.textColumn)
        #expect(viewport.screenColumns <= columns && viewport.screenRows <= rows - 1)
        #expect(Double(viewport.screenColumns) * viewport.columnWidth >= 390 - 1e-9)
        #expect(Double(viewport.screenRows) * 2 * viewport.pixelHeight >= 844 - 1e-9)
        // One side fills the terminal (up to one cell of rounding).
        #expect(viewport.screenColumns >= columns - 1 || viewport.screenRows >= rows - 2)
        #expect(viewport.originColumn >= 0 && viewport.originRow >= 0)
    }

    @Test("cell centres map back to their cells; points map to the cell holding them", arguments: [(200, 80), (80, 24), (47, 51)])
    func roundTrips(columns: Int, rows: Int) {
        let viewport = TerminalViewport(screen: Self.phone, columns: columns, rows: rows)
        for row in 0..<rows {
            for column in 0..<columns {
                let cell = viewport.cell(for: viewport.point(forColumn: column, row: row))
                #expect(cell.column == column && cell.row == row)
            }
        }
        for x in stride(from: 0.0, to: 390, by: 7.3) {
            for y in stride(from: 0.0, to: 844, by: 11.9) {
                let cell = viewport.cell(for: Point(x: x, y: y))
                let centre = viewport.point(forColumn: cell.column, row: cell.row)
                #expect(abs(centre.x - x) <= viewport.columnWidth / 2 + 1e-9)
                #expect(abs(centre.y - y) <= viewport.pixelHeight + 1e-9)
            }
        }
    }

    @Test("degenerate sizes and points do not trap")
    func degenerate() {
        let viewport = TerminalViewport(screen: Size(width: .nan, height: -1), columns: 0, rows: 0)
        #expect(viewport.columns == 1 && viewport.rows == 2 && viewport.screenRows == 1)
        _ = viewport.cell(for: Point(x: .infinity, y: .nan))
    }
}
