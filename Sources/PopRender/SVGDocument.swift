import PopModel

/// An SVG document being written straight into UTF-8 bytes: one element per line, indented two spaces
/// a level, attributes in the order they are written, text XML-escaped, so that output is deterministic
/// and diffs read well. An element is `start`ed, given its attributes, then ended by `end()` (`<name …/>`),
/// `end(content:)` (`<name …>text</name>`) or `endOpening()` (children follow until `close()`). Its methods
/// are inlined: the names and pieces written are literals, so each copy becomes a few moves of known length
/// instead of a call to `memmove`.
struct SVGDocument: ~Copyable {
    /// The document so far. (Bytes, not a String: appending many short pieces to a byte buffer costs far
    /// less than to a String.)
    private var bytes = ByteBuffer(capacity: 16 * 1024)
    /// The elements opened and not yet closed, outermost first.
    private var open: [StaticString] = []
    /// The element whose start tag is being written.
    private var current: StaticString = ""

    init() {
        append(#"<?xml version="1.0" encoding="UTF-8"?>"#)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// The document so far.
    var text: String { bytes.string }

    /// How many bytes the document has so far.
    var byteCount: Int { bytes.count }

    /// How many elements are open: how deep what is written next is indented.
    var depth: Int { open.count }

    /// The document's bytes from `start` on, copied.
    func bytes(from start: Int) -> [UInt8] { bytes.bytes(from: start) }

    /// Appends `bytes` as they are: elements this document wrote before, at the same depth.
    mutating func append(written bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes.append(bytes)
    }

    /// Starts `<name` on a new line.
    @inline(__always)
    mutating func start(_ name: StaticString) {
        indent()
        bytes.append(UInt8(ascii: "<"))
        append(name)
        current = name
    }

    /// Ends the started element with `/>`.
    @inline(__always)
    mutating func end() {
        append("/>\n")
    }

    /// Ends the started element with `content`, escaped, and its end tag.
    @inline(__always)
    mutating func end(content: String) {
        bytes.append(UInt8(ascii: ">"))
        XML.appendEscaped(content, to: &bytes)
        append("</")
        append(current)
        append(">\n")
    }

    /// Ends the started element's start tag; what is written until the matching `close()` goes inside it.
    @inline(__always)
    mutating func endOpening() {
        append(">\n")
        open.append(current)
    }

    /// Writes the end tag of the element opened last.
    @inline(__always)
    mutating func close() {
        let name = open.removeLast()
        indent()
        append("</")
        append(name)
        append(">\n")
    }

    /// ` name="value"`, `value` written as it is (it must need no escaping).
    @inline(__always)
    mutating func attribute(_ name: StaticString, _ value: StaticString) {
        beginAttribute(name)
        append(value)
        endAttribute()
    }

    /// ` name="value"`, `value` XML-escaped.
    @inline(__always)
    mutating func attribute(_ name: StaticString, escaping value: String) {
        beginAttribute(name)
        XML.appendEscaped(value, to: &bytes)
        endAttribute()
    }

    /// ` name="value"`, `value` as `NumberFormat` writes it.
    @inline(__always)
    mutating func attribute(_ name: StaticString, _ value: Double) {
        // The most common attribute, written through one pointer after one capacity check.
        let length = name.utf8CodeUnitCount
        bytes.append(upTo: length + 4 + NumberFormat.maximumLength) { start in
            start.pointee = UInt8(ascii: " ")
            (start + 1).initialize(from: name.utf8Start, count: length)
            var end = start + 1 + length
            end[0] = UInt8(ascii: "=")
            end[1] = UInt8(ascii: "\"")
            end += 2
            end += NumberFormat.write(value, to: end)
            end.pointee = UInt8(ascii: "\"")
            return end + 1 - start
        }
    }

    /// ` name="#rrggbb"`: `color` without its alpha.
    @inline(__always)
    mutating func attribute(_ name: StaticString, rgb color: ContentNode.Color) {
        beginAttribute(name)
        bytes.append(UInt8(ascii: "#"))
        for shift in stride(from: 28, through: 8, by: -4) {
            let nibble = UInt8(truncatingIfNeeded: color.rawValue >> UInt32(shift)) & 0xF
            bytes.append(nibble < 10 ? 0x30 + nibble : 0x57 + nibble)
        }
        endAttribute()
    }

    /// ` name="`: a value built piece by piece (`raw`, `number`) follows, then `endAttribute()`.
    @inline(__always)
    mutating func beginAttribute(_ name: StaticString) {
        bytes.append(UInt8(ascii: " "))
        append(name)
        append("=\"")
    }

    /// The closing quote of an attribute begun by `beginAttribute`.
    @inline(__always)
    mutating func endAttribute() {
        bytes.append(UInt8(ascii: "\""))
    }

    /// Part of an attribute's value, written as it is (it must need no escaping).
    @inline(__always)
    mutating func raw(_ text: StaticString) {
        append(text)
    }

    /// A number in an attribute's value, as `NumberFormat` writes it.
    @inline(__always)
    mutating func number(_ value: Double) {
        NumberFormat.append(value, to: &bytes)
    }

    @inline(__always)
    private mutating func append(_ text: StaticString) {
        bytes.append(text)
    }

    /// Two spaces for each element open.
    @inline(__always)
    private mutating func indent() {
        let count = 2 * open.count
        bytes.append(upTo: count) { start in
            start.initialize(repeating: UInt8(ascii: " "), count: count)
            return count
        }
    }
}
