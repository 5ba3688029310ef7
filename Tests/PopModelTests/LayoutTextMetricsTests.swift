import Testing

@testable import PopModel

@Suite struct LayoutTextMetricsTests {
    /// 10 pt regular: 5 pt a column, 12 pt a line.
    static func measure(_ text: String, maxWidth: Double? = nil, maxLines: Int = 0) -> TextLayout {
        TextMetrics.measure(text, size: 10, weight: .regular, maxWidth: maxWidth, maxLines: maxLines)
    }

    @Test(
        "advance factor by weight, line height rounded",
        arguments: [
            (ContentNode.Weight.regular, 0.5), (.medium, 0.52), (.semibold, 0.54), (.bold, 0.56),
        ])
    func factors(weight: ContentNode.Weight, factor: Double) {
        #expect(TextMetrics.advanceFactor(weight) == factor)
        let layout = TextMetrics.measure("abcd", size: 100, weight: weight, maxWidth: nil, maxLines: 0)
        #expect(abs(layout.width - 400 * factor) < 1e-9)
        #expect(layout.height == 120)
    }

    @Test("line height is round(size × 1.2)", arguments: [(10.0, 12.0), (15, 18), (17, 20), (13, 16), (0, 0)])
    func lineHeight(size: Double, height: Double) {
        #expect(TextMetrics.lineHeight(size: size) == height)
    }

    @Test(
        "columns: ASCII 1, East Asian wide and emoji 2, by grapheme cluster",
        arguments: [
            ("Hello", 5), ("你好", 4), ("こんにちは", 10), ("カタカナ", 8), ("한국어", 6), ("ＡＢ", 4), ("😀", 2),
            ("👍🏽", 2), ("👨‍👩‍👧", 2), ("❤️", 2), ("❤", 1), ("e\u{301}", 1), ("a你b", 4), ("。", 2), (" ", 1),
        ])
    func columns(text: String, columns: Int) {
        let layout = Self.measure(text)
        #expect(layout.width == Double(columns) * 5)
        #expect(layout.lines == [text])
        #expect(layout.height == 12)
    }

    @Test("empty text has no lines; newlines start lines")
    func emptyAndNewlines() {
        #expect(Self.measure("") == TextLayout(lines: [], width: 0, height: 0))
        #expect(Self.measure("\n") == TextLayout(lines: ["", ""], width: 0, height: 24))
        #expect(Self.measure("ab\nc") == TextLayout(lines: ["ab", "c"], width: 10, height: 24))
    }

    @Test(
        "wrapping at spaces, long words by characters, CJK by characters",
        arguments: [
            ("hello world foo", 60.0, ["hello world", "foo"]),
            ("hello world foo", 55, ["hello world", "foo"]),
            ("hello world foo", 54.9, ["hello", "world foo"]),
            ("hello world foo", 44.9, ["hello", "world", "foo"]),
            ("abcdefghij", 20, ["abcd", "efgh", "ij"]),
            ("ab abcdefgh x", 20, ["ab", "abcd", "efgh", "x"]),
            ("ab abcdefgh x", 30, ["ab", "abcdef", "gh x"]),
            ("你好世界", 25, ["你好", "世界"]),
            ("abc", 0, ["a", "b", "c"]),
            ("abc", -5, ["a", "b", "c"]),
            ("abc", .nan, ["a", "b", "c"]),
            ("a b c", .infinity, ["a b c"]),
        ])
    func wrapping(text: String, maxWidth: Double, lines: [String]) {
        let layout = Self.measure(text, maxWidth: maxWidth)
        #expect(layout.lines == lines)
        #expect(layout.height == Double(lines.count) * 12)
        #expect(layout.width == Double(lines.map { TextMetrics.columns($0) }.max() ?? 0) * 5)
    }

    @Test(
        "maxLines truncates with an ellipsis that fits",
        arguments: [
            ("one two three four", 50.0, 1, ["one two…"]),
            ("abcdefghij klm", 50, 1, ["abcdefghi…"]),
            ("abcd efgh ijkl", 20, 2, ["abcd", "efg…"]),
            ("abcd efgh", 20, 2, ["abcd", "efgh"]),
            ("abcd efgh", 20, 0, ["abcd", "efgh"]),
            ("你好世界你好", 20, 1, ["你…"]),
        ])
    func truncation(text: String, maxWidth: Double, maxLines: Int, lines: [String]) {
        let layout = Self.measure(text, maxWidth: maxWidth, maxLines: maxLines)
        #expect(layout.lines == lines)
        #expect(layout.width <= maxWidth)
    }

    @Test("maxLines without a width limit")
    func truncationUnlimited() {
        #expect(Self.measure("a\nb\nc", maxLines: 2).lines == ["a", "b…"])
    }
}
