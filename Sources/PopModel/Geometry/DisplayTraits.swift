/// What a person has set on their device that changes how everything is drawn and moves, beside the
/// screen's geometry: today Reduce Motion; the appearance issue adds appearance, text size and layout
/// direction here. A frame carries the traits it was drawn under.
public struct DisplayTraits: Hashable, Sendable {
    /// Reduce Motion with Prefer Cross-Fade Transitions (UIKit's `isReduceMotionEnabled` and
    /// `prefersCrossFadeTransitions`): slides, scales and bounces become fades in place, springs are
    /// critically damped; durations and the order of events stay.
    public var reduceMotion: Bool

    public init(reduceMotion: Bool = false) {
        self.reduceMotion = reduceMotion
    }

    /// Whether these are the traits a device has out of the box (a frame leaves them out of its JSON).
    public var isDefault: Bool { self == DisplayTraits() }
}
