/// Escaping text for XML 1.0 documents (the SVG renderer's output).
enum XML {
    /// `text` safe in element content and in double-quoted attributes: `&`, `<`, `>` and `"` become
    /// entities, and the characters XML 1.0 forbids (C0 controls other than tab, newline and carriage
    /// return; U+FFFE and U+FFFF) become U+FFFD.
    static func escaped(_ text: String) -> String {
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
