/// UIKit's text styles (`UIFont.TextStyle`), whose size follows the person's text size (Dynamic
/// Type). The raw value is the ABI's `POP_TEXT_STYLE_*` number. Sizes and leadings are the HIG's
/// iOS tables (docs/appearance.md).
public enum TextStyle: Int32, Hashable, Sendable, CaseIterable, Codable {
    case largeTitle = 0, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// The style's font size in points at `category`.
    public func size(at category: ContentSizeCategory) -> Double {
        Double(Self.table[Int(rawValue)][Int(category.rawValue)].size)
    }

    /// The style's line height in points at `category`.
    public func leading(at category: ContentSizeCategory) -> Double {
        Double(Self.table[Int(rawValue)][Int(category.rawValue)].leading)
    }

    /// The weight every category uses: semibold for the headline, regular for the rest.
    public var weight: ContentNode.Weight { self == .headline ? .semibold : .regular }

    /// How much larger text of this style is at `category` than at the default size.
    public func scale(at category: ContentSizeCategory) -> Double { size(at: category) / size(at: .large) }

    /// The name scenarios and docs use: `large-title`, `title1` … `caption2`.
    public var name: String { Self.names[Int(rawValue)] }

    public static let names = [
        "large-title", "title1", "title2", "title3", "headline", "body", "callout", "subheadline", "footnote",
        "caption1", "caption2",
    ]

    /// Size/leading per style (rows) and category XS … AX5 (columns), from Apple's HIG.
    private static let table: [[(size: Int, leading: Int)]] = [
        [(31, 38), (32, 39), (33, 40), (34, 41), (36, 43), (38, 46), (40, 48), (44, 52), (48, 57), (52, 61), (56, 66), (60, 70)],
        [(25, 31), (26, 32), (27, 33), (28, 34), (30, 37), (32, 39), (34, 41), (38, 46), (43, 51), (48, 57), (53, 62), (58, 68)],
        [(19, 24), (20, 25), (21, 26), (22, 28), (24, 30), (26, 32), (28, 34), (34, 41), (39, 47), (44, 52), (50, 59), (56, 66)],
        [(17, 22), (18, 23), (19, 24), (20, 25), (22, 28), (24, 30), (26, 32), (31, 38), (37, 44), (43, 51), (49, 58), (55, 65)],
        [(14, 19), (15, 20), (16, 21), (17, 22), (19, 24), (21, 26), (23, 29), (28, 34), (33, 40), (40, 48), (47, 56), (53, 62)],
        [(14, 19), (15, 20), (16, 21), (17, 22), (19, 24), (21, 26), (23, 29), (28, 34), (33, 40), (40, 48), (47, 56), (53, 62)],
        [(13, 18), (14, 19), (15, 20), (16, 21), (18, 23), (20, 25), (22, 28), (26, 32), (32, 39), (38, 46), (44, 52), (51, 60)],
        [(12, 16), (13, 18), (14, 19), (15, 20), (17, 22), (19, 24), (21, 28), (25, 31), (30, 37), (36, 43), (42, 50), (49, 58)],
        [(12, 16), (12, 16), (12, 16), (13, 18), (15, 20), (17, 22), (19, 24), (23, 29), (27, 33), (33, 40), (38, 46), (44, 52)],
        [(11, 13), (11, 13), (11, 13), (12, 16), (14, 19), (16, 21), (18, 23), (22, 28), (26, 32), (32, 39), (37, 44), (43, 51)],
        [(11, 13), (11, 13), (11, 13), (11, 13), (13, 18), (15, 20), (17, 22), (20, 25), (24, 30), (29, 35), (34, 41), (40, 48)],
    ]
}
