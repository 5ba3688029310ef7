/// The terminal's state as the bytes `TerminalEncoder` wrote so far leave it — where the cursor is, which colours and
/// weight are set — and the writing of cells from that state: a cursor move only when the cursor is not already on the
/// cell, an SGR only for what changed.
struct TerminalWriter {
    /// The index of the cell the cursor is on (`row * columns + column`); -1 when unknown (at first, and after
    /// writing the last column).
    var cursor = -1
    /// The colours and weight set, packed as `Cell.styleBits`; `unknownStyle` until the first cell sets them.
    var style = unknownStyle

    /// No cell's `styleBits` (those use bits 0–48), so that no cell matches it: the terminal's colours are not known
    /// yet. Its bold bit is clear, as bold is off at first.
    static let unknownStyle: UInt64 = 1 << 63

    /// Writes the cell at `index` (at `column`, `row`), moving the cursor and changing attributes as needed.
    @inline(__always)
    mutating func write(
        _ cells: UnsafeBufferPointer<Cell>, at index: Int, column: Int, row: Int,
        columns: Int, into output: inout TerminalRowBytes
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
        if newStyle != style {
            let coloursUnknown = style == Self.unknownStyle
            let changed = newStyle ^ style
            output.append(0x1B)
            output.append(0x5B)
            var separator = false
            if changed & Cell.boldBit != 0 {
                if newStyle & Cell.boldBit != 0 { output.append(0x31) } else { output.append(0x32); output.append(0x32) }
                separator = true
            }
            if coloursUnknown || changed & Cell.foregroundBits != 0 {
                if separator { output.append(0x3B) }
                output.appendColor(0x33, newStyle)
                separator = true
            }
            if coloursUnknown || changed & Cell.backgroundBits != 0 {
                if separator { output.append(0x3B) }
                output.appendColor(0x34, newStyle >> 24)
            }
            output.append(0x6D)
            style = newStyle
        }
        var width = 1
        if cell.isWideTail {
            output.append(0x20)  // a right half without its left: a space
        } else {
            output.appendGlyph(cell.glyph)
            if column &+ 1 < columns, cells[index &+ 1].isWideTail { width = 2 }
        }
        cursor = column &+ width < columns ? index &+ width : -1
    }

    /// Writes a run of changed cells of one row: from `first` (a cell of `after` that differs from `before`) up to the
    /// first cell that does not differ or the row's end, whose index it returns. The right half of a wide character is
    /// not written (writing the character covers it).
    ///
    /// In an animation frame most cells of a run are narrow characters in the colours just set: once `write` has left
    /// the cursor on the next cell of the run, the run writes such characters' bytes alone (`appendCharacters`), with
    /// no check of the cursor or the colours per cell, and `write` takes the cell that is not one of them.
    @inline(__always)
    mutating func writeRun(
        _ after: UnsafeBufferPointer<Cell>, changedFrom before: UnsafeBufferPointer<Cell>, from first: Int,
        row: Int, rowStart: Int, columns: Int, into output: inout TerminalRowBytes
    ) -> Int {
        // (Cell indices are below the buffer's count: wrapping arithmetic cannot overflow.)
        let rowEnd = rowStart &+ columns
        var index = first
        repeat {
            if !TerminalEncoder.isCoveredTail(after, rowStart, index &- rowStart) {
                write(after, at: index, column: index &- rowStart, row: row, columns: columns, into: &output)
            }
            index &+= 1
            if cursor == index {
                index = appendCharacters(after, changedFrom: before, from: index, before: rowEnd &- 1, into: &output)
                cursor = index
            }
        } while index < rowEnd && after[index] != before[index]
        return index
    }

    /// Appends the bytes of the cells from `first` on while they changed, are narrow characters (neither they nor
    /// their right neighbour a wide character's half) in the colours and weight set, and before `end` (the row's last
    /// cell, which `write` takes, as it leaves the cursor unknown); returns the index of the first cell not appended.
    /// The cursor is on `first` and moves with the characters.
    @inline(__always)
    func appendCharacters(
        _ after: UnsafeBufferPointer<Cell>, changedFrom before: UnsafeBufferPointer<Cell>, from first: Int, before end: Int,
        into output: inout TerminalRowBytes
    ) -> Int {
        var index = first
        while index < end {
            let cell = after[index]
            guard cell != before[index], cell.styleBits == style, !cell.isWideTail, !after[index &+ 1].isWideTail else { break }
            output.appendGlyph(cell.glyph)
            index &+= 1
        }
        return index
    }
}
