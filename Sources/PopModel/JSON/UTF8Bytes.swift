/// Fast access to a string's UTF-8 bytes for the writers (JSON, SVG): iterating `utf8` or
/// `append(contentsOf: text.utf8)` go through the generic, byte-at-a-time path; native and small
/// strings can hand over their bytes in one buffer.
extension StringProtocol {
    /// Calls `body` with the UTF-8 bytes (in place when they are contiguous, else a copy).
    @inline(__always)
    package func withUTF8Buffer<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        return try Array(utf8).withUnsafeBufferPointer(body)
    }
}

extension Array where Element == UInt8 {
    /// Appends the UTF-8 bytes of `text`.
    @inline(__always)
    mutating func appendUTF8<S: StringProtocol>(_ text: S) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }
}
