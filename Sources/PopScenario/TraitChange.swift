/// A scenario's `traits` step: the display traits it sets; nil leaves one as it is.
public struct TraitChange: Hashable, Sendable {
    public var reduceMotion: Bool?

    public init(reduceMotion: Bool? = nil) {
        self.reduceMotion = reduceMotion
    }
}
