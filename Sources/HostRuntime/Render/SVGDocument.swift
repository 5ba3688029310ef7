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

    private(set) var text = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
    private var open: [String] = []

    /// Writes `element` on its own line.
    mutating func write(_ element: Element) {
        var line = "<" + element.name + Self.attributes(element.attributes)
        if let content = element.content {
            line += ">" + XML.escaped(content) + "</" + element.name + ">"
        } else {
            line += "/>"
        }
        append(line)
    }

    /// Opens `<name …>`; what is written until the matching `close()` goes inside it.
    mutating func open(_ name: String, _ attributes: [Attribute]) {
        append("<" + name + Self.attributes(attributes) + ">")
        open.append(name)
    }

    /// Closes the element opened last.
    mutating func close() {
        let name = open.removeLast()
        append("</" + name + ">")
    }

    private mutating func append(_ line: String) {
        text += String(repeating: "  ", count: open.count) + line + "\n"
    }

    private static func attributes(_ attributes: [Attribute]) -> String {
        attributes.reduce(into: "") { text, attribute in
            guard let value = attribute.value else { return }
            text += " " + attribute.name + "=\"" + XML.escaped(value) + "\""
        }
    }
}
