#if canImport(Glibc)
import Glibc
#endif

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
            TerminalRowBytes.withRowBuffer(columns: columns) { rowBuffer in
                var writer = TerminalWriter()
                for row in 0..<buffer.rows {
                    let start = row * columns
                    var bytes = TerminalRowBytes(rowBuffer)
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
                TerminalRowBytes.withRowBuffer(columns: columns) { rowBuffer in
                    var writer = TerminalWriter()
                    for row in 0..<new.rows {
                        // (Cell indices are below the buffer's count: wrapping arithmetic cannot overflow, and keeps overflow
                        // checks out of these loops.)
                        let start = row &* columns, end = start &+ columns
                        // Most rows of an animation frame do not change: their bytes are compared at once (see
                        // `rowsEqual`). In a row that changed, find the first cell that did, at the cost of a comparison a cell.
                        if rowsEqual(after, before, from: start, count: columns) { continue }
                        var index = start
                        while index < end && after[index] == before[index] { index &+= 1 }
                        var bytes = TerminalRowBytes(rowBuffer)
                        repeat {
                            // `index` starts a run of changed cells. The cell before it did not change, but when it is a
                            // wide character whose right half changed, the whole character is written again.
                            if index > start && after[index].isWideTail && !after[index &- 1].isWideTail {
                                writer.write(after, at: index &- 1, column: index &- 1 &- start, row: row, columns: columns, into: &bytes)
                            }
                            index = writer.writeRun(
                                after, changedFrom: before, from: index, row: row, rowStart: start, columns: columns, into: &bytes)
                            while index < end && after[index] == before[index] { index &+= 1 }
                        } while index < end
                        bytes.flush(to: &output)
                    }
                }
            }
        }
        if output.count != initialCount { output.append(contentsOf: reset) }
    }

    private static let reset: [UInt8] = [0x1B, 0x5B, 0x30, 0x6D]

    /// Whether `count` cells from `start` are the same in both buffers, compared as bytes by the C library's `memcmp`,
    /// which compares 32 bytes at a time with vector instructions (about a tenth of the instructions of comparing a
    /// row cell by cell). A `Cell` is two `UInt64`s, without padding: equal bytes are equal cells.
    @inline(__always)
    private static func rowsEqual(_ a: UnsafeBufferPointer<Cell>, _ b: UnsafeBufferPointer<Cell>, from start: Int, count: Int) -> Bool {
        guard let first = a.baseAddress, let second = b.baseAddress else { return true }
        return memcmp(first + start, second + start, count &* MemoryLayout<Cell>.stride) == 0
    }

    /// Whether the cell is the right half of the wide character to its left (written with it).
    @inline(__always)
    static func isCoveredTail(_ cells: UnsafeBufferPointer<Cell>, _ rowStart: Int, _ column: Int) -> Bool {
        column > 0 && cells[rowStart &+ column].isWideTail && !cells[rowStart &+ column &- 1].isWideTail
    }
}
