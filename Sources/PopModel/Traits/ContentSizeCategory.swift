/// The person's preferred text size (UIKit's `UIContentSizeCategory`), from extra small to the
/// largest accessibility size; `large` is the default. The raw value is the ABI's
/// `POP_CONTENT_SIZE_*` number, in UIKit's order.
public enum ContentSizeCategory: Int32, Hashable, Sendable, CaseIterable, Codable, Comparable {
    case extraSmall = 0, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge
    case accessibilityExtraExtraExtraLarge

    /// The short name scenarios, flags and traces use: `xs`, `s`, `m`, `l`, `xl`, `xxl`, `xxxl`, `ax1` … `ax5`.
    public var name: String { Self.names[Int(rawValue)] }

    /// The category with this short or UIKit name (case-insensitive).
    public init?(name: String) {
        let lowered = name.lowercased()
        guard
            let index = Self.names.firstIndex(of: lowered)
                ?? Self.uikitNames.firstIndex(where: { $0.lowercased() == lowered })
        else { return nil }
        self = Self.allCases[index]
    }

    /// AX1 … AX5, which need Larger Accessibility Sizes (UIKit's `isAccessibilityCategory`).
    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    public static let names = ["xs", "s", "m", "l", "xl", "xxl", "xxxl", "ax1", "ax2", "ax3", "ax4", "ax5"]
    static let uikitNames = [
        "extraSmall", "small", "medium", "large", "extraLarge", "extraExtraLarge", "extraExtraExtraLarge",
        "accessibilityMedium", "accessibilityLarge", "accessibilityExtraLarge", "accessibilityExtraExtraLarge",
        "accessibilityExtraExtraExtraLarge",
    ]
}
