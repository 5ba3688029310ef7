/// What a person has set on their device that changes how everything is drawn and moves, beside the
/// screen's geometry (UIKit's trait collection and accessibility settings): the appearance, the text
/// size, the layout direction and Reduce Motion. A frame carries the traits it was drawn under.
public struct DisplayTraits: Hashable, Sendable, Codable {
    /// Light or dark (UIKit's `userInterfaceStyle`): semantic colours and the host's chrome resolve for it.
    public var appearance: Appearance
    /// The person's text size (UIKit's `preferredContentSizeCategory`): text marked with a text style scales.
    public var contentSize: ContentSizeCategory
    /// Left-to-right or right-to-left (UIKit's `layoutDirection`): leading and trailing swap sides.
    public var layoutDirection: LayoutDirection
    /// Reduce Motion with Prefer Cross-Fade Transitions (UIKit's `isReduceMotionEnabled` and
    /// `prefersCrossFadeTransitions`): slides, scales and bounces become fades in place, springs are
    /// critically damped; durations and the order of events stay.
    public var reduceMotion: Bool
    /// A screen reader is running (UIKit's `isVoiceOverRunning`): focus moves into popups and back,
    /// banners are announced, and frames and the trace say so (docs/accessibility.md). Off, nothing
    /// of it is traced, so runs without it are as they always were.
    public var voiceOver: Bool

    public init(
        appearance: Appearance = .light, contentSize: ContentSizeCategory = .large,
        layoutDirection: LayoutDirection = .leftToRight, reduceMotion: Bool = false, voiceOver: Bool = false
    ) {
        self.appearance = appearance
        self.contentSize = contentSize
        self.layoutDirection = layoutDirection
        self.reduceMotion = reduceMotion
        self.voiceOver = voiceOver
    }

    /// Whether these are the traits a device has out of the box (a frame leaves them out of its JSON).
    public var isDefault: Bool { self == DisplayTraits() }

    /// What differs from `old`, as the trace's `traits` detail names it: `appearance dark`,
    /// `content-size ax5`, `layout-direction rtl`, `reduce-motion on`, joined by ", ".
    public func changes(from old: DisplayTraits) -> String {
        var changes: [String] = []
        if appearance != old.appearance { changes.append("appearance \(appearance.rawValue)") }
        if contentSize != old.contentSize { changes.append("content-size \(contentSize.name)") }
        if layoutDirection != old.layoutDirection { changes.append("layout-direction \(layoutDirection.rawValue)") }
        if reduceMotion != old.reduceMotion { changes.append("reduce-motion \(reduceMotion ? "on" : "off")") }
        if voiceOver != old.voiceOver { changes.append("voice-over \(voiceOver ? "on" : "off")") }
        return changes.joined(separator: ", ")
    }
}
