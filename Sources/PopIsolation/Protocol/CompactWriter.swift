/// Writes a compact message (see `MessageFrame`): bytes, booleans, unsigned LEB128 numbers (a
/// signed one as its bit pattern), and text as its UTF-8 length and bytes.
struct CompactWriter {
    private(set) var bytes: [UInt8]

    /// One allocation: room reserved first, then the first byte (a literal array, then a reserve,
    /// would be two).
    init() {
        bytes = []
        bytes.reserveCapacity(32)
        bytes.append(MessageFrame.compact)
    }

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func number(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func number(_ value: Int64) { number(UInt64(bitPattern: value)) }

    mutating func number(_ value: Int32) { number(Int64(value)) }

    mutating func text(_ value: String) {
        var value = value
        value.withUTF8 { data($0) }
    }

    mutating func data(_ value: some Collection<UInt8>) {
        number(UInt64(value.count))
        bytes.append(contentsOf: value)
    }
}
