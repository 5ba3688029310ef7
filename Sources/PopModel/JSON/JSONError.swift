/// Why a JSON text is not a `Value`: where (byte offset, line, column) and what was expected there.
public struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Byte offset into the UTF-8 text, from 0.
    public let offset: Int
    /// Line, from 1 (lines end at "\n").
    public let line: Int
    /// Column in Unicode scalars, from 1.
    public let column: Int
    /// What the grammar allows at `offset`, e.g. "',' or ']'".
    public let expected: String
    /// What is there instead, e.g. "'x'" or "end of input".
    public let found: String

    public var description: String {
        "JSON error at line \(line), column \(column) (byte \(offset)): expected \(expected), found \(found)"
    }

    public init(offset: Int, line: Int, column: Int, expected: String, found: String) {
        self.offset = offset
        self.line = line
        self.column = column
        self.expected = expected
        self.found = found
    }

    /// An error at `offset` of `text`, with its line and column.
    init(in text: UnsafeBufferPointer<UInt8>, at offset: Int, expected: String, found: String) {
        var line = 1
        var column = 1
        for byte in text[..<offset] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        self.init(offset: offset, line: line, column: column, expected: expected, found: found)
    }
}
