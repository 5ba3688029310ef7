import HostRuntime

/// Text that came from outside pophost — a plugin's names, descriptions, ids and log messages, its
/// action names, a file's name — made safe to print for people. A plugin could otherwise set the
/// terminal's title, move the cursor or clear the screen (NO_COLOR or not), or forge lines of
/// output. Escaped: control characters (C0, DEL, C1; newline and tab too, since each such text is
/// one field), the bidirectional overrides that reorder what is shown, and the bytes of a file name
/// that are not UTF-8 (`PathBytes`), shown as `\xE9`. JSON output needs none of this: the JSON
/// writer escapes control characters itself.
///
/// The one place the CLI makes outside text printable: every human-readable line passes what it
/// did not write itself through here before adding its own styling.
func printable(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
        guard needsEscape(scalar) else {
            out.append(scalar)
            continue
        }
        let escaped: String
        if let byte = PathBytes.escapedByte(scalar) {
            escaped = "\\x" + hex(UInt32(byte), digits: 2)
        } else {
            switch scalar.value {
            case 0x0A: escaped = "\\n"
            case 0x0D: escaped = "\\r"
            case 0x09: escaped = "\\t"
            case 0x1B: escaped = "\\e"
            case 0..<0x100: escaped = "\\x" + hex(scalar.value, digits: 2)
            default: escaped = "\\u{" + hex(scalar.value, digits: 4) + "}"
            }
        }
        out.append(contentsOf: escaped.unicodeScalars)
    }
    return String(out)
}

private func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F...0x9F: true
    case 0x202A...0x202E, 0x2066...0x2069: true  // bidirectional embeddings, overrides and isolates
    default: PathBytes.escapedByte(scalar) != nil
    }
}

private func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
}
