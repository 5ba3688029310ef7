import PopModel

/// A scenario's `traits` step (or the traits of its screen): the display traits it sets; nil leaves
/// one as it is.
public struct TraitChange: Hashable, Sendable {
    public var appearance: Appearance?
    public var contentSize: ContentSizeCategory?
    public var layoutDirection: LayoutDirection?
    public var reduceMotion: Bool?
    public var voiceOver: Bool?

    public init(
        appearance: Appearance? = nil, contentSize: ContentSizeCategory? = nil, layoutDirection: LayoutDirection? = nil,
        reduceMotion: Bool? = nil, voiceOver: Bool? = nil
    ) {
        self.appearance = appearance
        self.contentSize = contentSize
        self.layoutDirection = layoutDirection
        self.reduceMotion = reduceMotion
        self.voiceOver = voiceOver
    }

    /// `traits` with this change made.
    public func applied(to traits: DisplayTraits) -> DisplayTraits {
        var changed = traits
        if let appearance { changed.appearance = appearance }
        if let contentSize { changed.contentSize = contentSize }
        if let layoutDirection { changed.layoutDirection = layoutDirection }
        if let reduceMotion { changed.reduceMotion = reduceMotion }
        if let voiceOver { changed.voiceOver = voiceOver }
        return changed
    }
}
