/// The deterministic text model the layout engine measures with, so that a layout is the same on every machine
/// (no fonts, no shaping):
///
/// - **Advance.** Every character (a Unicode extended grapheme cluster, Swift's `Character`) is one column
///   wide, or two when it is East Asian wide: CJK ideographs and punctuation, Hiragana, Katakana, Bopomofo,
///   Hangul, Yi, full-width forms, and emoji (emoji presentation, or an emoji followed by U+FE0F). A column
///   advances `size × factor`, the factor by weight: regular 0.5, medium 0.52, semibold 0.54, bold 0.56.
/// - **Lines.** A line is `round(size × 1.2)` points high; text is as high as its lines. Empty text has no lines
///   and measures 0 × 0; every newline starts a new line.
/// - **Wrapping** (when a width limit is given): greedily at spaces, the space at a break dropped. A word longer
///   than a line breaks between characters; a line holds at least one character even if it does not fit.
/// - **Truncation.** With `maxLines` > 0 and more lines than that, the last kept line loses characters (and
///   trailing spaces) until it fits with "…" (one column) appended.
/// - **Width** is the widest line's columns × advance, not rounded.
public enum TextMetrics {
    /// Columns × size of one column per point of font size.
    public static func advanceFactor(_ weight: ContentNode.Weight) -> Double {
        switch weight {
        case .regular: 0.5
        case .medium: 0.52
        case .semibold: 0.54
        case .bold: 0.56
        }
    }

    /// The height of one line of text of font size `size`.
    public static func lineHeight(size: Double) -> Double { (size.length * 1.2).rounded() }

    /// Lays out `text` of font size `size` in lines at most `maxWidth` wide (nil or infinite: no wrapping), at
    /// most `maxLines` of them (0: unlimited).
    public static func measure(
        _ text: String, size: Double, weight: ContentNode.Weight, maxWidth: Double?,
        maxLines: Int
    ) -> TextLayout {
        let advance = size.length * advanceFactor(weight)
        let limit = maxWidth.map { $0.isNaN ? 0 : max(0, $0) }
        let fits = { (columns: Int) in limit.map { Double(columns) * advance <= $0 } ?? true }
        var lines = text.isEmpty ? [] : paragraphs(text).flatMap { wrap($0, fits: fits) }
        if maxLines > 0, lines.count > maxLines {
            lines.removeLast(lines.count - maxLines)
            lines[maxLines - 1] = truncate(lines[maxLines - 1], fits: fits)
        }
        let widest = lines.map { columns($0) }.max() ?? 0
        return TextLayout(
            lines: lines, width: Double(widest) * advance,
            height: Double(lines.count) * lineHeight(size: size))
    }

    /// The columns `character` takes: 2 when East Asian wide or an emoji, else 1.
    public static func columns(_ character: Character) -> Int {
        // An ASCII character of one byte is neither wide nor an emoji sequence: skip the property lookups.
        if character.utf8.count == 1 { return 1 }
        guard let first = character.unicodeScalars.first else { return 1 }
        if first.properties.isEmojiPresentation
            || (first.properties.isEmoji && character.unicodeScalars.contains("\u{FE0F}"))
        {
            return 2
        }
        return wideRanges.contains { $0.contains(first.value) } ? 2 : 1
    }

    /// The columns of a string: the sum of its characters'.
    static func columns<S: StringProtocol>(_ string: S) -> Int {
        // ASCII without a carriage return (the one ASCII pair that is a single character, "\r\n") has one
        // character, and one column, per byte.
        if let count = string.withUTF8Buffer({ $0.allSatisfy { $0 < 0x80 && $0 != 0x0D } ? $0.count : nil }) { return count }
        return string.reduce(0) { $0 + columns($1) }
    }

    /// East Asian wide scalars (after UAX #11), by their first scalar value.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,  // Hangul Jamo initial consonants
        0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
        0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, CJK compatibility
        0x3400...0x4DBF,  // CJK extension A
        0x4E00...0x9FFF,  // CJK unified ideographs
        0xA000...0xA4CF,  // Yi
        0xA960...0xA97F,  // Hangul Jamo extended A
        0xAC00...0xD7A3,  // Hangul syllables
        0xF900...0xFAFF,  // CJK compatibility ideographs
        0xFE10...0xFE19,  // vertical forms
        0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
        0xFF00...0xFF60,  // full-width forms
        0xFFE0...0xFFE6,  // full-width signs
        0x1F300...0x1F64F,  // pictographs and emoticons
        0x1F900...0x1F9FF,  // supplemental symbols and pictographs
        0x20000...0x3FFFD,  // CJK extensions B and later
    ]

    /// `text` split at every newline character (`Character.isNewline`).
    private static func paragraphs(_ text: String) -> [Substring] {
        // Splitting by characters (grapheme clusters) is slow. A newline character is "\r\n" or a single
        // scalar: U+000A…U+000D, U+0085 (UTF-8 C2 85), U+2028 or U+2029 (E2 80 A8, E2 80 A9). Text with none
        // of the bytes 0A…0D, 85, A8, A9 has none and is one paragraph.
        let newlineFree = text.withUTF8Buffer { bytes in
            bytes.allSatisfy { !(0x0A...0x0D).contains($0) && $0 != 0x85 && $0 != 0xA8 && $0 != 0xA9 }
        }
        if newlineFree { return [text[...]] }
        return text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    }

    /// A paragraph's words: split at every space character.
    private static func words(_ paragraph: Substring) -> [Substring] {
        // In ASCII text (no newlines here) every byte is a character, so splitting the bytes at 0x20 is
        // splitting the characters at " ", much faster.
        if paragraph.withUTF8Buffer({ $0.allSatisfy { $0 < 0x80 } }) {
            return paragraph.utf8.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false).map(Substring.init)
        }
        return paragraph.split(separator: " ", omittingEmptySubsequences: false)
    }

    /// One paragraph (no newlines) in lines that fit.
    private static func wrap(_ paragraph: Substring, fits: (Int) -> Bool) -> [String] {
        var lines: [String] = []
        var line: String?
        var lineColumns = 0
        for word in words(paragraph) {
            let wordColumns = columns(word)
            if line != nil {
                if fits(lineColumns + 1 + wordColumns) {
                    line!.append(" ")
                    line!.append(contentsOf: word)
                    lineColumns += 1 + wordColumns
                    continue
                }
                lines.append(line!)
            }
            // A word that fits on a line starts the next one whole (the loop below would not break it).
            if fits(wordColumns) {
                line = String(word)
                lineColumns = wordColumns
                continue
            }
            var chunk = "", chunkColumns = 0
            for character in word {
                let width = columns(character)
                if !chunk.isEmpty, !fits(chunkColumns + width) {
                    lines.append(chunk)
                    chunk = ""
                    chunkColumns = 0
                }
                chunk.append(character)
                chunkColumns += width
            }
            line = chunk
            lineColumns = chunkColumns
        }
        lines.append(line ?? "")
        return lines
    }

    /// `line` shortened until it fits with "…" appended.
    private static func truncate(_ line: String, fits: (Int) -> Bool) -> String {
        var characters = Array(line)
        var total = columns(line)
        while let last = characters.last, last == " " || !fits(total + 1) {
            total -= columns(last)
            characters.removeLast()
        }
        return String(characters) + "…"
    }
}

/// Text as `TextMetrics` lays it out: the lines drawn, top to bottom, and their bounding size in points.
public struct TextLayout: Hashable, Sendable {
    public var lines: [String]
    public var width: Double
    public var height: Double
}
