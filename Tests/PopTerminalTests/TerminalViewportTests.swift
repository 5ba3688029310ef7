import Testing

@testable import PopModel
@testable import PopTerminal

@Suite struct TerminalViewportTests {
    static let phone = Size(width: 390, height: 844)

    @Test("a large terminal: 6.5 pt columns and 15 pt rows (pixels close to square), the screen centred above the status line")
    func large() {
        let viewport = TerminalViewport(screen: Self.phone, columns: 200, rows: 80)
        #expect(viewport.columnWidth == TerminalViewport.textColumn && viewport.pixelHeight == 7.5)
        #expect(viewport.screenColumns == 60 && viewport.screenRows == 57)
        #expect(viewport.originColumn == 70 && viewport.originRow == 11)
        #expect(viewport.statusRow == 79)
        #expect(viewport.isLegible)
    }

    @Test("a shorter terminal makes the rows taller and keeps text columns; a narrow one widens them too")
    func legible() {
        let short = TerminalViewport(screen: Self.phone, columns: 120, rows: 45)
        #expect(short.columnWidth == TerminalViewport.textColumn && short.pixelHeight == 10)
        #expect(short.isLegible)
        let narrow = TerminalViewport(screen: Self.phone, columns: 40, rows: 50)
        #expect(narrow.columnWidth > TerminalViewport.textColumn && narrow.screenColumns == 40)
        #expect(!narrow.isLegible, "390 pt in 40 columns: 9.75 pt a column cuts 17 pt text")
    }

    @Test(
        "rows are whole fractions of the 60-point list rows, so rows 60 points apart take the same cells",
        arguments: [(200, 80), (120, 45), (100, 50), (80, 40), (150, 50), (60, 30)])
    func evenRows(columns: Int, rows: Int) {
        for screen in [Self.phone, Size(width: 844, height: 390)] {
            let viewport = TerminalViewport(screen: screen, columns: columns, rows: rows)
            let rowHeight = 2 * viewport.pixelHeight
            #expect([15.0, 20, 30, 60].contains(rowHeight) || rowHeight.truncatingRemainder(dividingBy: 60) == 0, "\(rowHeight)")
            let cellsPerListRow = Set(
                stride(from: 111.0, to: screen.height - 60, by: 60).map { top in
                    viewport.cell(for: Point(x: 0, y: top + 60)).row - viewport.cell(for: Point(x: 0, y: top)).row
                })
            #expect(cellsPerListRow.count == 1, "\(screen) in \(columns)×\(rows): \(cellsPerListRow)")
            #expect(Double(viewport.screenRows) * rowHeight >= screen.height - 1e-9 && viewport.screenRows <= rows - 1)
        }
    }

    @Test("a terminal too small for a legible phone says so, with the smallest size that is", arguments: [(80, 24), (120, 43), (45, 60)])
    func tooSmall(columns: Int, rows: Int) {
        let viewport = TerminalViewport(screen: Self.phone, columns: columns, rows: rows)
        #expect(!viewport.isLegible)
        let needed = TerminalViewport.legibleSize(for: Self.phone)
        #expect(needed.columns == 46 && needed.rows == 44)
        #expect(TerminalViewport(screen: Self.phone, columns: needed.columns, rows: needed.rows).isLegible)
        #expect(!TerminalViewport(screen: Self.phone, columns: needed.columns - 1, rows: needed.rows).isLegible)
        #expect(!TerminalViewport(screen: Self.phone, columns: needed.columns, rows: needed.rows - 1).isLegible)
        #expect(viewport.screenColumns <= columns && viewport.screenRows <= rows - 1)
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
