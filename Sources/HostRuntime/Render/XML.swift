/// Escaping text for XML 1.0 documents (the SVG renderer's output).
enum XML {
    /// `text` safe in element content and in double-quoted attributes: `&`, `<`, `>` and `"` become
    /// entities, and the characters XML 1.0 forbids (C0 controls other than tab, newline and carriage
    /// return; U+FFFE and U+FFFF) become U+FFFD.
    static func escaped(_ text: String) -> String {
        // Most text (numbers, ids, colours) has nothing to escape: return it as it is. A byte 0xEF may
        // start U+FFFE or U+FFFF, so it takes the slow path too.
        let clean = text.withUTF8Buffer { bytes in
            bytes.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), 0xEF: false
                case 0x09, 0x0A, 0x0D: true
                case ..<0x20: false
                default: true
                }
            }
        }
        if clean { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
