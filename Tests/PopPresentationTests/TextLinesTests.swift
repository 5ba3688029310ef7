import Testing

@testable import PopModel
@testable import PopPresentation

/// A kept measurement is the measurement: whatever was asked before, and past the limit where the
/// kept answers are forgotten, `TextLines` answers what `TextMetrics` measures.
@Suite struct TextLinesTests {
    @Test("every answer equals TextMetrics' one-line measure, asked once or again, before and after the kept answers are forgotten")
    func keptAnswersAreMeasurements() {
        let kept = TextLines()
        let texts = ["", "Amount", "A much longer placeholder that will not fit", "ünïcode ✓", "12.50"]
        for round in 0..<3 {
            for index in 0..<300 {
                let text = texts[index % texts.count] + (round == 2 ? String(index) : "")
                let size = [11.0, 15, 17][index % 3], width = Double(20 + index % 7 * 30)
                let weight: ContentNode.Weight = index % 2 == 0 ? .regular : .semibold
                let expected = TextMetrics.measure(text, size: size, weight: weight, maxWidth: width, maxLines: 1).lines
                #expect(kept.line(text, size: size, weight: weight, maxWidth: width) == expected, "\(text) \(size) \(width)")
            }
        }
    }
}
