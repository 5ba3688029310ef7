/// An SVG document being written: one element per line, indented two spaces a level, attributes in
/// the order given, every value XML-escaped, so that output is deterministic and diffs read well.
struct SVGDocument {
    /// An attribute; nil values are left out, so optional attributes can be listed inline.
    typealias Attribute = (name: String, value: String?)

    /// One element without children: `<name …/>`, or `<name …>content</name>` with text content.
    struct Element {
        var name: String
        var attributes: [Attribute]
        var content: String?

        init(_ name: String, _ attributes: [Attribute], content: String? = nil) {
            self.name = name
            self.attributes = attributes
            self.content = content
        }
    }

    /// The document so far, as UTF-8. (Bytes, not a String: appending many short pieces to a byte array
    /// costs far less than to a String.)
    private var bytes: [UInt8]
    private var open: [String] = []

    init() {
        bytes = []
        bytes.reserveCapacity(16 * 1024)
        append(#"<?xml version="1.0" encoding="UTF-8"?>"# + "\n")
    }

    /// The document so far.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Writes `element` on its own line.
    mutating func write(_ element: Element) {
        write(element, id: nil, then: [])
    }

    /// Writes `element` on its own line with an `id` attribute before its own and `trailing` after them.
    mutating func write(_ element: Element, id: String?, then trailing: [Attribute]) {
        indent()
        bytes.append(UInt8(ascii: "<"))
        append(element.name)
        if let id { appendAttributes(CollectionOfOne<Attribute>((name: "id", value: id))) }
        appendAttributes(element.attributes)
        appendAttributes(trailing)
        if let content = element.content {
            bytes.append(UInt8(ascii: ">"))
            appendEscaped(content)
            append("</")
            append(element.name)
            append(">\n")
        } else {
            append("/>\n")
        }
    }

    /// Opens `<name …>`; what is written until the matching `close()` goes inside it.
    mutating func open(_ name: String, _ attributes: [Attribute]) {
        indent()
        bytes.append(UInt8(ascii: "<"))
        append(name)
        appendAttributes(attributes)
        append(">\n")
        open.append(name)
    }

    /// Closes the element opened last.
    mutating func close() {
        let name = open.removeLast()
        indent()
        append("</")
        append(name)
        append(">\n")
    }

    /// Two spaces a level, at the start of a line.
    private mutating func indent() {
        for _ in 0..<(2 * open.count) { bytes.append(UInt8(ascii: " ")) }
    }

    private mutating func appendAttributes(_ attributes: some Collection<Attribute>) {
        for attribute in attributes {
            guard let value = attribute.value else { continue }
            bytes.append(UInt8(ascii: " "))
            append(attribute.name)
            append("=\"")
            appendEscaped(value)
            bytes.append(UInt8(ascii: "\""))
        }
    }

    private mutating func append(_ text: String) {
        bytes.appendUTF8(text)
    }

    private mutating func appendEscaped(_ text: String) {
        bytes.appendUTF8(XML.escaped(text))
    }
}
