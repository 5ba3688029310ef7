import PopModel

/// The lines a single-line text measures to (`TextMetrics.measure`), kept from frame to frame: a text field's
/// text or placeholder and an image placeholder's name are measured where they are drawn, so a still screen
/// measured the same strings every frame — a quarter of a popup frame's cost. Measuring is a pure function of
/// its arguments, so a kept answer is the answer.
final class TextLines {
    private struct Key: Hashable {
        let text: String
        let size: Double
        let weight: ContentNode.Weight
        let maxWidth: Double
    }

    private var kept: [Key: [String]] = [:]
    /// Answers kept at most: a screen measures a few; past this they are forgotten and measured again.
    private static let limit = 256

    /// `text` measured on one line at most `maxWidth` wide (truncated as `TextMetrics` truncates).
    func line(_ text: String, size: Double, weight: ContentNode.Weight, maxWidth: Double) -> [String] {
        let key = Key(text: text, size: size, weight: weight, maxWidth: maxWidth)
        if let lines = kept[key] { return lines }
        let lines = TextMetrics.measure(text, size: size, weight: weight, maxWidth: maxWidth, maxLines: 1).lines
        if kept.count >= Self.limit { kept.removeAll(keepingCapacity: true) }
        kept[key] = lines
        return lines
    }
}
