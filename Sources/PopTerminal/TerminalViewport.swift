import PopModel

/// Where the frame's screen (in points) lies in a terminal of `columns × rows` cells.
///
/// A cell is `columnWidth` points wide and `2 × pixelHeight` high, and holds two pixels stacked vertically
/// (half blocks). The screen is centred in every row but the last, which is left for a status line.
///
/// Text is drawn one character per column, so columns are kept at most `textColumn` (6.5 pt: 13 pt body
/// text) wide while the screen fits across, for legibility: a terminal with room draws square pixels of
/// 6.5 pt (the screen's true aspect ratio); a shorter one makes the rows taller to fit the height, and the
/// screen then looks wider than it is. Only when the width does not fit either do the columns widen.
public struct TerminalViewport: Hashable, Sendable {
    /// The widest a column is while the screen fits across: 13 pt regular text advances 6.5 pt a character.
    public static let textColumn = 6.5

    /// The screen drawn, in points.
    public let screen: Size
    /// The terminal's size in cells (at least 1 column and 2 rows).
    public let columns: Int
    public let rows: Int
    /// The narrowest a column is.
    public let textColumn: Double
    /// Points per column.
    public let columnWidth: Double
    /// Points per pixel, vertically: a row is two pixels high.
    public let pixelHeight: Double
    /// The first column and row of the screen's cells.
    public let originColumn: Int
    public let originRow: Int
    /// How many columns and rows the screen takes.
    public let screenColumns: Int
    public let screenRows: Int

    /// The viewport of `screen` in `columns × rows` cells, columns at least `textColumn` points wide.
    public init(screen: Size, columns: Int, rows: Int, textColumn: Double = Self.textColumn) {
        let columns = max(1, columns), rows = max(2, rows)
        let width = max(1, screen.width.length), height = max(1, screen.height.length)
        let available = rows - 1
        let textColumn = textColumn.isFinite && textColumn > 0 ? textColumn : Self.textColumn
        let pixelHeight = max(textColumn, height / (2 * Double(available)))
        let columnWidth = max(textColumn, width / Double(columns))
        self.textColumn = textColumn
        self.screen = Size(width: width, height: height)
        self.columns = columns
        self.rows = rows
        self.columnWidth = columnWidth
        self.pixelHeight = pixelHeight
        screenColumns = min(columns, Int((width / columnWidth).rounded(.up)))
        screenRows = min(available, Int((height / (2 * pixelHeight)).rounded(.up)))
        originColumn = (columns - screenColumns) / 2
        originRow = (available - screenRows) / 2
    }

    /// The row of the status line: the last.
    public var statusRow: Int { rows - 1 }

    /// The cell holding `point` (it may lie outside the terminal when the point is off the screen).
    public func cell(for point: Point) -> (column: Int, row: Int) {
        (originColumn + Self.cellIndex(point.x / columnWidth), originRow + Self.cellIndex(point.y / (2 * pixelHeight)))
    }

    /// The centre of the cell at `column`, `row`, in screen points.
    public func point(forColumn column: Int, row: Int) -> Point {
        Point(x: (Double(column - originColumn) + 0.5) * columnWidth, y: (Double(row - originRow) + 0.5) * 2 * pixelHeight)
    }

    /// `floor(value)` as an index, any non-finite or huge value kept in a safe range.
    static func cellIndex(_ value: Double) -> Int {
        guard value.isFinite else { return value > 0 ? 1 << 30 : -(1 << 30) }
        return Int(min(max(value, -1e9), 1e9).rounded(.down))
    }

    /// The first screen-relative column (or pixel, or row) of `unit` points whose centre is at or after `coordinate`.
    static func firstIndex(from coordinate: Double, unit: Double) -> Int {
        cellIndex((coordinate / unit - 0.5).rounded(.up))
    }
}
