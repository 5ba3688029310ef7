/// The bytes of a short string stored inline in its `String` value (15 UTF-8 bytes at most), read
/// without the contiguous-storage call, which copies them out first: action arguments are mostly
/// such strings, and copying them is a large share of an action call's cost beside `ffi_call`.
///
/// On 64-bit platforms a small string's value is its UTF-8 in the first 15 bytes, zero-padded, and
/// a last byte whose high nibble says "small" (0xE ASCII, 0xA not) and whose low nibble is the count
/// (the standard library's StringObject.swift, part of its ABI). Elsewhere every string takes the
/// general path. `layoutHolds` checks the layout against strings whose bytes are known (the tests
/// require it), rather than every call paying for a lazily made flag.
@usableFromInline
struct SmallStringBits {
    /// Bytes 0–7 and 8–15 of the UTF-8, the last byte cleared: a NUL-terminated copy as they stand.
    @usableFromInline let low: UInt64
    @usableFromInline let high: UInt64
    @usableFromInline let count: Int

    /// Nil when `text` is not stored inline (or the layout is not the one expected).
    @inlinable
    init?(_ text: String) {
        #if _pointerBitWidth(_64)
        let raw = unsafeBitCast(text, to: (UInt64, UInt64).self)
        let discriminator = raw.1 >> 60
        guard discriminator == 0xE || discriminator == 0xA else { return nil }
        low = raw.0
        high = raw.1 & 0x00FF_FFFF_FFFF_FFFF
        count = Int(truncatingIfNeeded: (raw.1 >> 56) & 0xF)
        #else
        return nil
        #endif
    }

    /// Whether known short strings read back as their bytes.
    static var layoutHolds: Bool {
        guard MemoryLayout<String>.size == 16 else { return false }
        func holds(_ text: String) -> Bool {
            let raw = unsafeBitCast(text, to: (UInt64, UInt64).self)
            guard raw.1 >> 60 == (text.utf8.allSatisfy { $0 < 0x80 } ? 0xE : 0xA) else { return false }
            guard Int((raw.1 >> 56) & 0xF) == text.utf8.count else { return false }
            let bytes = withUnsafeBytes(of: (raw.0, raw.1 & 0x00FF_FFFF_FFFF_FFFF)) { Array($0) }
            return Array(bytes[..<text.utf8.count]) == Array(text.utf8) && bytes[text.utf8.count...].allSatisfy { $0 == 0 }
        }
        // Built at run time, so that they are values of this process's standard library.
        let ascii = String(repeating: "a", count: 3) + "4"
        let longest = String(repeating: "x", count: 15)
        let accented = "caf" + String(UnicodeScalar(0xE9)!)
        return holds(ascii) && holds(longest) && holds(accented) && holds(String())
    }
}
