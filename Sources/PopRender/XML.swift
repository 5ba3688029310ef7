/// Escaping text for XML 1.0 documents (the SVG renderer's output).
package enum XML {
    /// `text` safe in element content and in double-quoted attributes: `&`, `<`, `>` and `"` become
    /// entities, and the characters XML 1.0 forbids (C0 controls other than tab, newline and carriage
    /// return; U+FFFE and U+FFFF) become U+FFFD.
    package static func escaped(_ text: String) -> String {
        var bytes = ByteBuffer(capacity: text.utf8.count)
        appendEscaped(text, to: &bytes)
        return bytes.string
    }

    /// Appends `text`, escaped as `escaped` does, as UTF-8.
    static func appendEscaped(_ text: String, to bytes: inout ByteBuffer) {
        // Most text (ids, labels) has nothing to escape: its bytes are copied whole. A byte 0xEF may start
        // U+FFFE or U+FFFF, so it takes the slow path too.
        // (`String.UTF8View`'s own contiguous storage, not PopModel's generic `withUTF8Buffer`, which is not
        // specialized across modules and looked up generic metadata on every call.)
        let clean = text.utf8.withContiguousStorageIfAvailable { utf8 in
            if utf8.allSatisfy(isPlain) {
                bytes.append(utf8)
                return true
            }
            return false
        }
        if clean == true { return }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": bytes.append("&amp;")
            case "<": bytes.append("&lt;")
            case ">": bytes.append("&gt;")
            case "\"": bytes.append("&quot;")
            case "\t", "\n", "\r": bytes.append(UInt8(scalar.value))
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": bytes.append("\u{FFFD}")
            default: for byte in UTF8.encode(scalar)! { bytes.append(byte) }
            }
        }
    }

    /// A byte that stands for itself in escaped text.
    private static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), 0xEF: false
        case 0x09, 0x0A, 0x0D: true
        case ..<0x20: false
        default: true
        }
    }
}
