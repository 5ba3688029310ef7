/// Turns cell buffers into the bytes that draw them on a truecolor terminal: cursor moves (`CSI row;col H`),
/// SGR colours (`38;2;r;g;b`, `48;2;r;g;b`), bold and the characters' UTF-8.
///
/// Colours and weight are emitted only when they change from the previously written cell, the cursor is
/// moved only when it is not already where the next cell goes, and output ends with an SGR reset. The right
/// half of a wide character is never written: writing the character covers it.
public enum TerminalEncoder {
    /// Clears the terminal and draws every cell.
    public static func full(_ buffer: CellBuffer) -> [UInt8] {
        var output: [UInt8] = []
        full(buffer, into: &output)
        return output
    }

    /// `full(_:)`, appended to `output`.
    public static func full(_ buffer: CellBuffer, into output: inout [UInt8]) {
        output.reserveCapacity(output.count + buffer.cells.count * 24)
        output.append(contentsOf: [0x1B, 0x5B, 0x30, 0x6D, 0x1B, 0x5B, 0x32, 0x4A])  // ESC[0m ESC[2J
        let columns = buffer.columns
        buffer.cells.withUnsafeBufferPointer { cells in
            RowBytes.withRowBuffer(columns: columns) { rowBuffer in
                var writer = Writer()
                for row in 0..<buffer.rows {
                    let start = row * columns
                    var bytes = RowBytes(rowBuffer)
                    for column in 0..<columns where !isCoveredTail(cells, start, column) {
                        writer.write(cells, at: start + column, column: column, row: row, columns: columns, into: &bytes)
                    }
                    bytes.flush(to: &output)
                }
            }
        }
        output.append(contentsOf: reset)
    }

    /// Draws the cells of `new` that differ from `old`, on a terminal showing `old`; empty when none differ.
    /// Buffers of different sizes give `full(new)`.
    public static func diff(from old: CellBuffer, to new: CellBuffer) -> [UInt8] {
        var output: [UInt8] = []
        diff(from: old, to: new, into: &output)
        return output
    }

    /// `diff(from:to:)`, appended to `output`.
    public static func diff(from old: CellBuffer, to new: CellBuffer, into output: inout [UInt8]) {
        guard old.columns == new.columns, old.rows == new.rows else { return full(new, into: &output) }
        let initialCount = output.count
        let columns = new.columns
        old.cells.withUnsafeBufferPointer { before in
            new.cells.withUnsafeBufferPointer { after in
                RowBytes.withRowBuffer(columns: columns) { rowBuffer in
                    var writer = Writer()
                    for row in 0..<new.rows {
                        let start = row * columns
                        // (Cell indices are below the buffer's count: wrapping arithmetic cannot overflow, and keeps overflow
                        // checks out of these loops.)
                        // Most rows of an animation frame do not change: find the first cell that did, at the cost of a
                        // comparison a cell. A cell before it can have changed only through the tail of its wide character.
                        var first = start
                        while first < start &+ columns && after[first] == before[first] { first &+= 1 }
                        if first == start &+ columns { continue }
                        var bytes = RowBytes(rowBuffer)
                        var column = max(0, first - start - 1)
                        while column < columns {
                            let index = start &+ column
                            // A wide character is rewritten when either of its halves changed.
                            let changed =
                                after[index] != before[index]
                                || (column &+ 1 < columns && after[index &+ 1].isWideTail && after[index].glyph != 0
                                    && after[index &+ 1] != before[index &+ 1])
                            if changed && !isCoveredTail(after, start, column) {
                                writer.write(after, at: index, column: column, row: row, columns: columns, into: &bytes)
                            }
                            // A cell is written only when it or its right neighbour changed: go on from the cell before
                            // the next one that changed.
                            var next = column &+ 1
                            while next < columns && after[start &+ next] == before[start &+ next] { next &+= 1 }
                            column = max(column &+ 1, next &- 1)
                        }
                        bytes.flush(to: &output)
                    }
                }
            }
        }
        if output.count != initialCount { output.append(contentsOf: reset) }
    }

    private static let reset: [UInt8] = [0x1B, 0x5B, 0x30, 0x6D]

    /// Whether the cell is the right half of the wide character to its left (written with it).
    @inline(__always)
    private static func isCoveredTail(_ cells: UnsafeBufferPointer<Cell>, _ rowStart: Int, _ column: Int) -> Bool {
        column > 0 && cells[rowStart &+ column].isWideTail && !cells[rowStart &+ column &- 1].isWideTail
    }

    /// The terminal's state as the bytes written so far leave it.
    private struct Writer {
        /// The index of the cell the cursor is on (`row * columns + column`); -1 when unknown (at first, and after
        /// writing the last column).
        var cursor = -1
        /// The colours and weight set, packed as `Cell.styleBits`; bold is off at first.
        var style: UInt64 = 0
        /// Whether colours have been set (at first the terminal's are unknown).
        var coloursSet = false

        /// Writes the cell at `index` (at `column`, `row`), moving the cursor and changing attributes as needed.
        @inline(__always)
        mutating func write(
            _ cells: UnsafeBufferPointer<Cell>, at index: Int, column: Int, row: Int,
            columns: Int, into output: inout RowBytes
        ) {
            let cell = cells[index]
            if cursor != index {
                output.append(0x1B)
                output.append(0x5B)
                output.appendDecimal(row &+ 1)
                output.append(0x3B)
                output.appendDecimal(column &+ 1)
                output.append(0x48)
            }
            let newStyle = cell.styleBits
            if newStyle != style || !coloursSet {
                let changed = newStyle ^ style
                output.append(0x1B)
                output.append(0x5B)
                var separator = false
                if changed & Cell.boldBit != 0 {
                    if newStyle & Cell.boldBit != 0 { output.append(0x31) } else { output.append(0x32); output.append(0x32) }
                    separator = true
                }
                if !coloursSet || changed & Cell.foregroundBits != 0 {
                    if separator { output.append(0x3B) }
                    output.appendColor(0x33, newStyle)
                    separator = true
                }
                if !coloursSet || changed & Cell.backgroundBits != 0 {
                    if separator { output.append(0x3B) }
                    output.appendColor(0x34, newStyle >> 24)
                }
                output.append(0x6D)
                style = newStyle
                coloursSet = true
            }
            var width = 1
            let glyph = cell.glyph
            if glyph == 0 {
                output.append(0x20)  // a right half without its left: a space
            } else {
                if glyph < 0x80 {
                    output.append(UInt8(truncatingIfNeeded: glyph))
                } else {
                    var rest = glyph
                    while rest != 0 {
                        output.append(UInt8(truncatingIfNeeded: rest))
                        rest >>= 8
                    }
                }
                if column &+ 1 < columns, cells[index &+ 1].isWideTail { width = 2 }
            }
            cursor = column &+ width < columns ? index &+ width : -1
        }
    }

    /// The bytes written for one row of cells, gathered in a buffer that holds any row and appended to the output at
    /// once (appending to an array byte by byte, or cell by cell, costs more than encoding). A local value: its end
    /// stays in a register while a row is written, where a count kept in memory would be loaded and stored a byte.
    private struct RowBytes {
        /// More than a cell can take: a cursor move with two 19-digit numbers (42 bytes), bold and two colours
        /// (39) and 8 bytes of character.
        static let cellCapacity = 96
        let start: UnsafeMutablePointer<UInt8>
        /// Where the next byte goes.
        var end: UnsafeMutablePointer<UInt8>

        /// An empty row in `buffer` (from `withRowBuffer`).
        @inline(__always)
        init(_ buffer: UnsafeMutablePointer<UInt8>) {
            start = buffer
            end = buffer
        }

        /// Runs `body` with a buffer that holds any row of `columns` cells, reused for every row of a frame.
        @inline(__always)
        static func withRowBuffer(columns: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Void) {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, columns) * cellCapacity) { buffer in
                body(buffer.baseAddress!)
            }
        }

        /// Appends the row's bytes to `output`.
        @inline(__always)
        func flush(to output: inout [UInt8]) {
            output.append(contentsOf: UnsafeBufferPointer(start: start, count: end - start))
        }

        @inline(__always)
        mutating func append(_ byte: UInt8) {
            end.pointee = byte
            end += 1
        }

        /// `38;2;r;g;b` (`kind` "3") or `48;2;r;g;b` (`kind` "4") for the colour in the low 24 bits of `packed`
        /// (`Cell.RGB.packed`).
        @inline(__always)
        mutating func appendColor(_ kind: UInt8, _ packed: UInt64) {
            append(kind)
            append(0x38)
            append(0x3B)
            append(0x32)
            append(0x3B)
            appendChannel(packed & 0xFF)
            append(0x3B)
            appendChannel(packed >> 8 & 0xFF)
            append(0x3B)
            appendChannel(packed >> 16 & 0xFF)
        }

        /// A colour channel (0...255) in decimal.
        @inline(__always)
        mutating func appendChannel(_ value: UInt64) {
            if value >= 10 {
                if value >= 100 { append(0x30 + UInt8(truncatingIfNeeded: value / 100)) }
                append(0x30 + UInt8(truncatingIfNeeded: value / 10 % 10))
            }
            append(0x30 + UInt8(truncatingIfNeeded: value % 10))
        }

        /// `value` (not negative) in decimal. (Not recursive, so that it is inlined and the row's end stays in a register.)
        @inline(__always)
        mutating func appendDecimal(_ value: Int) {
            var digits = 1, power = 10
            while digits < 19 && value >= power {
                digits &+= 1
                power &*= 10
            }
            end += digits
            var digit = end, rest = value
            repeat {
                digit -= 1
                digit.pointee = 0x30 + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest != 0
        }
    }
}
