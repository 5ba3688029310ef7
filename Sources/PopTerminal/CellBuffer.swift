/// A grid of terminal cells, row by row, top to bottom.
///
/// A wide character (two columns, see `TextMetrics.columns`) takes its cell and a wide tail to its right;
/// `put` keeps that pairing intact when characters overwrite each other.
public struct CellBuffer: Hashable, Sendable {
    public let columns: Int
    public let rows: Int
    /// The cells, row-major.
    public internal(set) var cells: [Cell]

    /// A grid of `columns × rows` copies of `cell`.
    public init(columns: Int, rows: Int, filling cell: Cell) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        cells = Array(repeating: cell, count: self.columns * self.rows)
    }

    /// The cell at `column`, `row` (0-based). Setting it does not look after wide characters; `put` does.
    public internal(set) subscript(column: Int, row: Int) -> Cell {
        get { cells[row * columns + column] }
        set { cells[row * columns + column] = newValue }
    }

    /// Draws `character` at `column`, `row` and returns the columns it took (0 when outside the grid). A wide
    /// character that does not fit before the last column becomes a space. Whatever wide character this
    /// overwrites half of becomes a space.
    @discardableResult
    public mutating func put(
        _ character: Character, column: Int, row: Int, foreground: Cell.RGB, background: Cell.RGB,
        bold: Bool = false
    ) -> Int {
        guard row >= 0, row < rows, column >= 0, column < columns else { return 0 }
        let wide = Cell.columns(character) == 2
        let glyph = wide && column + 1 >= columns ? Cell.spaceGlyph : Cell.pack(character)
        let width = glyph == Cell.spaceGlyph ? 1 : (wide ? 2 : 1)
        clearWideHalves(column: column, row: row, width: width)
        cells[row * columns + column] = Cell(glyph: glyph, foreground: foreground, background: background, bold: bold)
        if width == 2 {
            cells[row * columns + column + 1] = .wideTail(foreground: foreground, background: background, bold: bold)
        }
        return width
    }

    /// Writes `text` from `column` on, one character per column (two for wide ones), stopping at the grid's edge.
    public mutating func write(
        _ text: String, column: Int, row: Int, foreground: Cell.RGB, background: Cell.RGB,
        bold: Bool = false
    ) {
        var column = column
        for character in text where column < columns {
            column += max(
                1,
                put(
                    character, column: column, row: row, foreground: foreground, background: background,
                    bold: bold))
        }
    }

    /// Turns into spaces the halves of wide characters that lie outside `column..<column + width` but pair with
    /// a cell inside it.
    private mutating func clearWideHalves(column: Int, row: Int, width: Int) {
        let start = row * columns
        if column > 0, cells[start + column].isWideTail { cells[start + column - 1].glyph = Cell.spaceGlyph }
        let after = column + width
        if after < columns, cells[start + after].isWideTail { cells[start + after].glyph = Cell.spaceGlyph }
    }
}
