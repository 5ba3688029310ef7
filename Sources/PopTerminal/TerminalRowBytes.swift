/// The bytes `TerminalEncoder` writes for one row of cells, gathered in a buffer that holds any row and appended to the
/// output at once (appending to an array byte by byte, or cell by cell, costs more than encoding). A local value: its end
/// stays in a register while a row is written, where a count kept in memory would be loaded and stored a byte.
struct TerminalRowBytes {
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

    /// A character's UTF-8 bytes (`Cell.glyph`, not 0). All eight bytes of the glyph are stored at once (a cell has
    /// room for them) and the end moves past the character's own, the glyph's nonzero bytes (UTF-8 has no zero byte
    /// but NUL, which a cell never holds): one store instead of a loop over the bytes.
    @inline(__always)
    mutating func appendGlyph(_ glyph: UInt64) {
        UnsafeMutableRawPointer(end).storeBytes(of: glyph.littleEndian, as: UInt64.self)
        end += (71 &- glyph.leadingZeroBitCount) >> 3
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
