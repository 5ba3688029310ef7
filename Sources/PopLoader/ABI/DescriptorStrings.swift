#if canImport(Glibc)
import Glibc
#endif

/// The strings of one plugin's descriptors, copied at load into one buffer: loading a plugin with
/// eleven components copies some ninety strings, and one buffer for all of them instead of a
/// `String` each is most of what keeps a cold load close to the bare `dlopen` (docs/benchmarks.md).
/// A `Descriptor` read from a plugin refers to its strings here and makes a `String` when a field
/// is read. Built by `DescriptorStrings.Builder`; the bytes never change afterwards.
final class DescriptorStrings: @unchecked Sendable {
    /// Where one string lies in the bytes (it is followed by a NUL, so it is also a C string).
    struct Span {
        var start: Int
        var count: Int
    }

    private let bytes: UnsafeMutableRawPointer
    private let spans: UnsafeMutablePointer<Span>

    private init(bytes: UnsafeMutableRawPointer, spans: UnsafeMutablePointer<Span>) {
        self.bytes = bytes
        self.spans = spans
    }

    deinit {
        free(bytes)
        free(spans)
    }

    /// String `index`, which the loader checked to be UTF-8.
    func string(_ index: Int) -> String {
        String(
            decoding: UnsafeBufferPointer(
                start: (bytes + spans[index].start).assumingMemoryBound(to: UInt8.self), count: spans[index].count), as: UTF8.self)
    }

    /// Appends C strings to one growing buffer. A plain value while the loader reads (no reference
    /// counting or exclusivity checks per string); `finish()` hands the buffer to a
    /// `DescriptorStrings`, and a builder dropped on an error frees it.
    struct Builder: ~Copyable {
        private var bytes: UnsafeMutableRawPointer
        private var capacity: Int
        private var used = 0
        private var spans: UnsafeMutablePointer<Span>
        private var spanCapacity: Int
        /// How many strings it holds.
        private var count = 0

        /// An empty builder with room for about `bytes` bytes and `strings` strings (it grows as needed).
        init(bytes: Int, strings: Int) {
            capacity = max(bytes, 64)
            spanCapacity = max(strings, 8)
            self.bytes = malloc(capacity)!
            spans = malloc(spanCapacity * MemoryLayout<Span>.stride)!.bindMemory(to: Span.self, capacity: spanCapacity)
        }

        deinit {
            free(bytes)
            free(spans)
        }

        /// Copies the `length` bytes at `pointer` (nil: none) and a NUL; returns the string's index.
        mutating func append(_ pointer: UnsafePointer<CChar>?, length: Int) -> Int {
            if used + length + 1 > capacity {
                capacity = max(capacity * 2, used + length + 1)
                bytes = realloc(bytes, capacity)!
            }
            if count == spanCapacity {
                spanCapacity *= 2
                spans = realloc(spans, spanCapacity * MemoryLayout<Span>.stride)!.bindMemory(to: Span.self, capacity: spanCapacity)
            }
            if let pointer { memcpy(bytes + used, pointer, length) }
            bytes.storeBytes(of: 0, toByteOffset: used + length, as: UInt8.self)
            spans[count] = Span(start: used, count: length)
            used += length + 1
            count += 1
            return count - 1
        }

        /// The bytes of strings `range` with the NULs between them (valid until the next `append`).
        func bytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
            let start = spans[range.lowerBound].start
            let end = spans[range.upperBound - 1].start + spans[range.upperBound - 1].count
            return UnsafeBufferPointer(start: (bytes + start).assumingMemoryBound(to: UInt8.self), count: end - start)
        }

        /// The bytes of string `index` (valid until the next `append`).
        func bytes(_ index: Int) -> UnsafeBufferPointer<UInt8> { bytes(index..<index + 1) }

        /// String `index` as a C string (valid until the next `append`).
        func cString(_ index: Int) -> UnsafePointer<CChar> {
            UnsafePointer((bytes + spans[index].start).assumingMemoryBound(to: CChar.self))
        }

        /// String `index` as a `String`, for error messages.
        func string(_ index: Int) -> String { String(decoding: bytes(index), as: UTF8.self) }

        /// Whether strings `a` and `b` hold the same bytes.
        func equal(_ a: Int, _ b: Int) -> Bool {
            let first = spans[a], second = spans[b]
            return first.count == second.count && memcmp(bytes + first.start, bytes + second.start, first.count) == 0
        }

        /// The strings, for descriptors to refer to.
        consuming func finish() -> DescriptorStrings {
            let strings = DescriptorStrings(bytes: bytes, spans: spans)
            discard self
            return strings
        }
    }
}
