import Testing

@testable import PopModel
@testable import PopTerminal

/// A small terminal emulator for what `TerminalEncoder` writes: cursor positioning (`CSI row;col H`), clearing
/// (`CSI 2J`), SGR truecolour, bold and reset, and printed UTF-8 characters (wide ones over two cells). It
/// records an issue for anything else, and for printing past the last column (the encoder must move the
/// cursor explicitly instead of relying on wrapping).
struct VirtualTerminal {
    /// Colours after an SGR reset: stand-ins for the terminal's defaults.
    static let defaultForeground = Cell.RGB(1, 2, 3)
    static let defaultBackground = Cell.RGB(4, 5, 6)
    static let blank = Cell(" ", foreground: defaultForeground, background: defaultBackground)

    let columns: Int
    let rows: Int
    private(set) var grid: [Cell]
    private var cursor: (column: Int, row: Int) = (0, 0)
    private var foreground = defaultForeground
    private var background = defaultBackground
    private var bold = false

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        grid = Array(repeating: Self.blank, count: columns * rows)
    }

    mutating func apply(_ bytes: [UInt8]) {
        var index = 0
        var text: [UInt8] = []
        while index < bytes.count {
            if bytes[index] == 0x1B {
                print(text)
                text.removeAll()
                guard index + 1 < bytes.count, bytes[index + 1] == 0x5B else {
                    Issue.record("ESC not followed by [ at \(index)")
                    return
                }
                var end = index + 2
                while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                guard end < bytes.count else {
                    Issue.record("unterminated control sequence")
                    return
                }
                control(String(decoding: bytes[(index + 2)..<end], as: UTF8.self), final: bytes[end])
                index = end + 1
            } else {
                text.append(bytes[index])
                index += 1
            }
        }
        print(text)
    }

    private mutating func control(_ parameters: String, final: UInt8) {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        switch final {
        case 0x48:  // H
            cursor = (max(1, numbers.count > 1 ? numbers[1] : 1) - 1, max(1, numbers.first ?? 1) - 1)
        case 0x4A:  // J
            #expect(parameters == "2")
            grid = Array(repeating: Self.blank, count: columns * rows)
        case 0x6D:  // m
            var index = 0
            while index < numbers.count {
                switch numbers[index] {
                case 0:
                    foreground = Self.defaultForeground
                    background = Self.defaultBackground
                    bold = false
                case 1: bold = true
                case 22: bold = false
                case 38, 48:
                    guard index + 4 < numbers.count, numbers[index + 1] == 2 else {
                        Issue.record("bad colour in SGR \(parameters)")
                        return
                    }
                    let color = Cell.RGB(UInt8(numbers[index + 2]), UInt8(numbers[index + 3]), UInt8(numbers[index + 4]))
                    if numbers[index] == 38 { foreground = color } else { background = color }
                    index += 4
                default: Issue.record("unexpected SGR \(parameters)")
                }
                index += 1
            }
        default:
            Issue.record("unexpected control sequence \(parameters)\(UnicodeScalar(final))")
        }
    }

    private mutating func print(_ bytes: [UInt8]) {
        for character in String(decoding: bytes, as: UTF8.self) {
            let width = TextMetrics.columns(character)
            guard cursor.row < rows, cursor.column + width <= columns else {
                Issue.record("printed \(character) at \(cursor) past the edge")
                return
            }
            let start = cursor.row * columns
            // Overwriting half of a wide character blanks its other half.
            for column in cursor.column..<(cursor.column + width) {
                if grid[start + column].isWideTail, column > 0 { grid[start + column - 1] = Self.blank }
                if column + 1 < columns, grid[start + column + 1].isWideTail { grid[start + column + 1] = Self.blank }
            }
            grid[start + cursor.column] = Cell(character, foreground: foreground, background: background, bold: bold)
            if width == 2 {
                grid[start + cursor.column + 1] = .wideTail(foreground: foreground, background: background, bold: bold)
            }
            cursor.column += width
        }
    }
}
