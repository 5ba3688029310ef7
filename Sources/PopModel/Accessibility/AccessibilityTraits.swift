/// States a screen reader announces with an element (UIKit's `UIAccessibilityTraits` beyond the
/// role): the raw value is ext/accessibility.h's `POP_A11Y_*` bits.
public struct AccessibilityTraits: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Selected, checked or on ("Selected").
    public static let selected = AccessibilityTraits(rawValue: 1 << 0)
    /// Not enabled ("Dimmed"): it cannot be activated, and audits exempt it from contrast.
    public static let disabled = AccessibilityTraits(rawValue: 1 << 1)
    /// Its value goes up and down with swipes (a slider, a stepper).
    public static let adjustable = AccessibilityTraits(rawValue: 1 << 2)

    /// Every trait pophost knows, with its name.
    public static let named: [(AccessibilityTraits, String)] = [
        (.selected, "selected"), (.disabled, "disabled"), (.adjustable, "adjustable"),
    ]

    /// The traits' names, in `named`'s order.
    public var names: [String] { Self.named.filter { contains($0.0) }.map(\.1) }
}
