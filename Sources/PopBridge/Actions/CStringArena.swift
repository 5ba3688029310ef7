/// NUL-terminated copies of the `str` arguments of one action call: in stack space the caller
/// gives while it lasts, then in heap blocks that `release()` frees.
@usableFromInline
struct CStringArena {
    @usableFromInline var next: UnsafeMutableRawPointer
    @usableFromInline let end: UnsafeMutableRawPointer
    /// The latest heap block; each starts with a pointer to the one before.
    @usableFromInline var overflow: UnsafeMutableRawPointer?

    @inlinable
    init(_ start: UnsafeMutableRawPointer, end: UnsafeMutableRawPointer) {
        next = start
        self.end = end
    }

    /// A copy of `text` as a C string, valid until `release()`: two stores for the short strings most
    /// arguments are; the rest is `copyLong`.
    @usableFromInline
    mutating func copy(_ text: String) -> UnsafeRawPointer {
        if let small = SmallStringBits(text), next.distance(to: end) >= 16 {
            // The string's own 16 bytes: its UTF-8, zero-padded, so NUL-terminated as they stand.
            let destination = next
            destination.storeBytes(of: small.low, as: UInt64.self)
            destination.storeBytes(of: small.high, toByteOffset: 8, as: UInt64.self)
            next += small.count + 1
            return UnsafeRawPointer(destination)
        }
        return copyLong(text)
    }

    /// `copy` of a string not stored inline, or when the stack space is nearly used up.
    @usableFromInline
    mutating func copyLong(_ text: String) -> UnsafeRawPointer {
        let size = text.utf8.count + 1
        let destination: UnsafeMutableRawPointer
        if next.distance(to: end) >= size {
            destination = next
            next += size
        } else {
            let block = UnsafeMutableRawPointer.allocate(byteCount: 8 + size, alignment: 8)
            block.storeBytes(of: overflow, as: UnsafeMutableRawPointer?.self)
            overflow = block
            destination = block + 8
        }
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let source = bytes.baseAddress else { return }
            Self.copyBytes(from: UnsafeRawPointer(source), to: destination, count: bytes.count)
        }
        if copied == nil {  // UTF-8 not stored contiguously
            for (index, byte) in text.utf8.enumerated() { destination.storeBytes(of: byte, toByteOffset: index, as: UInt8.self) }
        }
        destination.storeBytes(of: 0, toByteOffset: size - 1, as: UInt8.self)
        return UnsafeRawPointer(destination)
    }

    /// Copies `count` bytes; up to 16 with two overlapping loads and stores each, which beats a
    /// call to memcpy for the short strings most arguments are.
    private static func copyBytes(from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer, count: Int) {
        switch count {
        case 0:
            break
        case 1...3:
            let first = source.load(as: UInt8.self), middle = source.load(fromByteOffset: count / 2, as: UInt8.self)
            let last = source.load(fromByteOffset: count - 1, as: UInt8.self)
            destination.storeBytes(of: first, as: UInt8.self)
            destination.storeBytes(of: middle, toByteOffset: count / 2, as: UInt8.self)
            destination.storeBytes(of: last, toByteOffset: count - 1, as: UInt8.self)
        case 4...7:
            let head = source.loadUnaligned(as: UInt32.self), tail = source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            destination.storeBytes(of: head, as: UInt32.self)
            destination.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
        case 8...16:
            let head = source.loadUnaligned(as: UInt64.self), tail = source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            destination.storeBytes(of: head, as: UInt64.self)
            destination.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
        default:
            destination.copyMemory(from: source, byteCount: count)
        }
    }

    /// Frees the heap blocks.
    @inlinable
    func release() {
        if overflow != nil { releaseOverflow() }
    }

    @usableFromInline
    func releaseOverflow() {
        var block = overflow
        while let current = block {
            block = current.load(as: UnsafeMutableRawPointer?.self)
            current.deallocate()
        }
    }
}
