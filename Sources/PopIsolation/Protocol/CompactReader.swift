/// Reads a compact message (see `MessageFrame`) as `CompactWriter` wrote it; every read is nil
/// past the end or for a malformed value, so a message that is not the protocol is refused, never
/// misread.
struct CompactReader {
    private let bytes: [UInt8]
    private var offset: Int

    /// A reader of `frame`, after its first byte (`MessageFrame.compact`).
    init(_ frame: [UInt8]) {
        bytes = frame
        offset = 1
    }

    /// Every byte has been read.
    var isAtEnd: Bool { offset == bytes.count }

    mutating func byte() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func bool() -> Bool? {
        switch byte() {
        case 0: false
        case 1: true
        default: nil
        }
    }

    mutating func number() -> UInt64? {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 7) {
            guard let byte = byte() else { return nil }
            value |= UInt64(byte & 0x7F) << UInt64(shift)
            if byte < 0x80 { return value }
        }
        return nil
    }

    mutating func signed() -> Int64? { number().map { Int64(bitPattern: $0) } }

    mutating func int32() -> Int32? { signed().flatMap { Int32(exactly: $0) } }

    mutating func text() -> String? {
        data().map { String(decoding: $0, as: UTF8.self) }
    }

    mutating func data() -> ArraySlice<UInt8>? {
        guard let count = number().flatMap({ Int(exactly: $0) }), count <= bytes.count - offset else { return nil }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    /// A count of items that take at least a byte each: nil when the message cannot hold that many.
    mutating func count() -> Int? {
        guard let count = number().flatMap({ Int(exactly: $0) }), count <= bytes.count - offset else { return nil }
        return count
    }
}
