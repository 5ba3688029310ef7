/// A growable run of bytes written through a raw pointer, for the SVG writer: appending a byte is a
/// capacity check, a store and an increment, without `[UInt8]`'s uniqueness check and generic paths.
struct ByteBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes were appended.
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes as a String. Everything appended is valid UTF-8 (ASCII, and bytes copied or encoded from Strings'
    /// scalars), so they are copied without validation: the standard library's checks a word at a time only while
    /// the bytes are ASCII, and an SVG's first non-ASCII character (in the status bar) sent the rest through a check
    /// byte by byte, about 10 instructions a byte and the largest single cost of an SVG frame.
    var string: String {
        let bytes = UnsafeBufferPointer(start: base, count: count)
        assert(String(validating: bytes, as: UTF8.self) != nil, "a ByteBuffer holds UTF-8")
        return String(copying: UTF8Span(unchecked: bytes.span))
    }

    /// The bytes from `start` to the end, copied.
    func bytes(from start: Int) -> [UInt8] {
        Array(UnsafeBufferPointer(start: base + start, count: count - start))
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        if count + bytes.count > capacity { grow(to: count + bytes.count) }
        (base + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    @inline(__always)
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    /// Lets `body` store up to `maximum` bytes at the end and keeps as many as it says it stored: a few bytes
    /// written through a pointer, without a capacity check for each.
    @inline(__always)
    mutating func append(upTo maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        if count + maximum > capacity { grow(to: count + maximum) }
        count += body(base + count)
    }

    /// Room for at least `needed` bytes, doubling the capacity.
    private mutating func grow(to needed: Int) {
        let larger = max(needed, 2 * capacity)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.initialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }
}
