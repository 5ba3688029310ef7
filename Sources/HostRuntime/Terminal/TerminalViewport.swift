/// Where the frame's screen (in points) lies in a terminal of `columns × rows` cells.
///
/// A cell is `scale` points wide and `2 × scale` high, and holds two square pixels stacked vertically (half
/// blocks), so the screen keeps its aspect ratio. The screen is centred in every row but the last, which is
/// left for a status line. `scale` is `preferredScale` (17 pt text: about one character per column) when the
/// terminal is large enough, and larger (the screen smaller) when the screen must shrink to fit.
public struct TerminalViewport: Hashable, Sendable {
    /// Points per column when the terminal has room: 17 pt regular text advances 8.5 pt a character.
    public static let preferredScale = 8.5

    /// The screen drawn, in points.
    public let screen: Size
    /// The terminal's size in cells (at least 1 column and 2 rows).
    public let columns: Int
    public let rows: Int
    /// Points per column; a row is twice as high.
    public let scale: Double
    /// The first column and row of the screen's cells.
    public let originColumn: Int
    public let originRow: Int
    /// How many columns and rows the screen takes.
    public let screenColumns: Int
    public let screenRows: Int

    public init(screen: Size, columns: Int, rows: Int) {
        let columns = max(1, columns), rows = max(2, rows)
        let width = max(1, screen.width.length), height = max(1, screen.height.length)
        let available = rows - 1
        let scale = max(Self.preferredScale, width / Double(columns), height / (2 * Double(available)))
        self.screen = Size(width: width, height: height)
        self.columns = columns
        self.rows = rows
        self.scale = scale
        screenColumns = min(columns, Int((width / scale).rounded(.up)))
        screenRows = min(available, Int((height / (2 * scale)).rounded(.up)))
        originColumn = (columns - screenColumns) / 2
        originRow = (available - screenRows) / 2
    }

    /// The row of the status line: the last.
    public var statusRow: Int { rows - 1 }

    /// The cell holding `point` (it may lie outside the terminal when the point is off the screen).
    public func cell(for point: Point) -> (column: Int, row: Int) {
        (originColumn + Self.cellIndex(point.x / scale), originRow + Self.cellIndex(point.y / (2 * scale)))
    }

    /// The centre of the cell at `column`, `row`, in screen points.
    public func point(forColumn column: Int, row: Int) -> Point {
        Point(x: (Double(column - originColumn) + 0.5) * scale, y: (Double(row - originRow) + 0.5) * 2 * scale)
    }

    /// `floor(value)` as an index, any non-finite or huge value kept in a safe range.
    static func cellIndex(_ value: Double) -> Int {
        guard value.isFinite else { return value > 0 ? 1 << 30 : -(1 << 30) }
        return Int(min(max(value, -1e9), 1e9).rounded(.down))
    }

    /// The first screen-relative column (or row, with `2 × scale`) whose centre is at or after `coordinate`.
    static func firstIndex(from coordinate: Double, unit: Double) -> Int {
        cellIndex((coordinate / unit - 0.5).rounded(.up))
    }
}
