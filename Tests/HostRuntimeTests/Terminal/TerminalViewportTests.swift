import Testing
@testable import HostRuntime

@Suite struct TerminalViewportTests {
    static let phone = Size(width: 390, height: 844)

    @Test("a large terminal: 8.5 pt a column, the screen centred above the status line")
    func large() {
        let viewport = TerminalViewport(screen: Self.phone, columns: 200, rows: 80)
        #expect(viewport.scale == TerminalViewport.preferredScale)
        #expect(viewport.screenColumns == 46 && viewport.screenRows == 50)
        #expect(viewport.originColumn == 77 && viewport.originRow == 14)
        #expect(viewport.statusRow == 79)
    }

    @Test("a small terminal shrinks the screen to fit, keeping its aspect ratio", arguments: [(80, 24), (120, 30), (30, 60)])
    func small(columns: Int, rows: Int) {
        let viewport = TerminalViewport(screen: Self.phone, columns: columns, rows: rows)
        #expect(viewport.scale > TerminalViewport.preferredScale)
        #expect(viewport.screenColumns <= columns && viewport.screenRows <= rows - 1)
        #expect(Double(viewport.screenColumns) * viewport.scale >= 390 - 1e-9)
        #expect(Double(viewport.screenRows) * 2 * viewport.scale >= 844 - 1e-9)
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
                #expect(abs(centre.x - x) <= viewport.scale / 2 + 1e-9)
                #expect(abs(centre.y - y) <= viewport.scale + 1e-9)
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
