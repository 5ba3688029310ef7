/// UIKit's text styles (`UIFont.TextStyle`), whose size follows the person's text size (Dynamic
/// Type). The raw value is the ABI's `POP_TEXT_STYLE_*` number. Sizes are the HIG's
/// iOS tables (docs/appearance.md).
public enum TextStyle: Int32, Hashable, Sendable, CaseIterable, Codable {
    case largeTitle = 0, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// The style's font size in points at `category`.
    public func size(at category: ContentSizeCategory) -> Double {
        Self.sizes[Int(rawValue)][Int(category.rawValue)]
    }

    /// The size per style (rows) and category XS … AX5 (columns), from Apple's HIG (the leadings it
    /// gives beside them are not used: pophost's line height follows the size, docs/appearance.md).
    private static let sizes: [[Double]] = [
        [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],
        [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],
        [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],
        [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],
        [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51],
        [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49],
        [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],
        [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],
        [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40],
    ]
}
