import PopModel

/// Where the frame's screen (in points) lies in a terminal of `columns × rows` cells.
///
/// A cell is `columnWidth` points wide and `2 × pixelHeight` high, and holds two pixels stacked vertically
/// (half blocks). The screen is centred in every row but the last, which is left for a status line.
///
/// Text is drawn one character per column, so columns are kept at most `textColumn` (6.5 pt: 13 pt body
/// text) wide while the screen fits across, for legibility. A cell row is a whole fraction of `rowPitch`
/// (60 pt, the app's list rows: 15, 20, 30 or 60 pt), the shortest that fits the screen's height and is at
/// least two text columns, so that rows repeated every `rowPitch` points take the same number of cells
/// and come out even: a terminal with room draws pixels of 6.5 × 7.5 pt (close to the screen's aspect
/// ratio); a shorter one makes the rows taller, and the screen then looks wider than it is. Only when the
/// width does not fit either do the columns widen. Past `legibleRowHeight` or `legibleColumnWidth` the
/// picture is not legible (`isLegible`): lines of text would share a row or be cut.
public struct TerminalViewport: Hashable, Sendable {
    /// The widest a column is while the screen fits across: 13 pt regular text advances 6.5 pt a character.
    public static let textColumn = 6.5
    /// The pitch cell rows divide evenly: the app's list rows are 60 pt apart.
    public static let listRowPitch = 60.0
    /// The tallest legible cell row: the title and subtitle of a list row (22 pt apart) fall in rows of their
    /// own, and so do the lines of 17 pt text (20 pt apart).
    public static let legibleRowHeight = 20.0
    /// The widest legible column: 17 pt body text advances 8.5 pt a character.
    public static let legibleColumnWidth = 8.5

    /// The screen drawn, in points.
    public let screen: Size
    /// The terminal's size in cells (at least 1 column and 2 rows).
    public let columns: Int
    public let rows: Int
    /// The narrowest a column is.
    public let textColumn: Double
    /// What cell rows divide evenly; nil: rows are exactly as tall as the height needs.
    public let rowPitch: Double?
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

    /// The viewport of `screen` in `columns × rows` cells, columns at least `textColumn` points wide, rows whole
    /// fractions of `rowPitch`.
    public init(
        screen: Size, columns: Int, rows: Int, textColumn: Double = Self.textColumn,
        rowPitch: Double? = Self.listRowPitch
    ) {
        let columns = max(1, columns), rows = max(2, rows)
        let width = max(1, screen.width.length), height = max(1, screen.height.length)
        let available = rows - 1
        let textColumn = textColumn.isFinite && textColumn > 0 ? textColumn : Self.textColumn
        let rowPitch = rowPitch.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        let rowHeight = Self.rowHeight(atLeast: max(2 * textColumn, height / Double(available)), pitch: rowPitch)
        let columnWidth = max(textColumn, width / Double(columns))
        self.textColumn = textColumn
        self.rowPitch = rowPitch
        self.screen = Size(width: width, height: height)
        self.columns = columns
        self.rows = rows
        self.columnWidth = columnWidth
        pixelHeight = rowHeight / 2
        screenColumns = min(columns, Int((width / columnWidth).rounded(.up)))
        screenRows = min(available, Int((height / rowHeight).rounded(.up)))
        originColumn = (columns - screenColumns) / 2
        originRow = (available - screenRows) / 2
    }

    /// The shortest row of at least `minimum` points that divides `pitch` (`pitch / n` for a whole `n`), or a
    /// whole multiple of it when `minimum` is taller; `minimum` itself without a pitch.
    static func rowHeight(atLeast minimum: Double, pitch: Double?) -> Double {
        guard let pitch else { return minimum }
        if minimum > pitch { return (minimum / pitch).rounded(.up) * pitch }
        return pitch / max(1, (pitch / minimum).rounded(.down))
    }

    /// Whether text can be read: rows and columns within the legible limits.
    public var isLegible: Bool {
        2 * pixelHeight <= Self.legibleRowHeight + 1e-9 && columnWidth <= Self.legibleColumnWidth + 1e-9
    }

    /// The smallest terminal, in cells, that draws `screen` legibly (the status line included).
    public static func legibleSize(for screen: Size) -> (columns: Int, rows: Int) {
        (Int((screen.width.length / legibleColumnWidth).rounded(.up)), Int((screen.height.length / legibleRowHeight).rounded(.up)) + 1)
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
