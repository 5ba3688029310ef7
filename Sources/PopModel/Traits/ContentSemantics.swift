/// What a plugin asked for by meaning instead of by value, through the content builder's ABI 1.1
/// extension "pop.content_style/1": colours named semantically, a text style that follows the text
/// size, and a direction that does not flip. The host resolves them for the traits each frame is
/// drawn under (`ContentNode.resolved(for:)`), so a trait change needs no new build. Content from a
/// 1.0 plugin has none: its fixed colours and sizes stay as written.
public struct ContentSemantics: Hashable, Sendable, Codable {
    /// The text's colour (text nodes), instead of the fixed colour the node was built with.
    public var foreground: SemanticColor?
    /// The node's background, instead of its fixed one.
    public var background: SemanticColor?
    /// The border's colour, instead of its fixed one.
    public var border: SemanticColor?
    /// The text's style (text nodes): its size and weight follow the person's text size.
    public var textStyle: TextStyle?
    /// How the node's children are ordered in right-to-left (UIKit's `semanticContentAttribute`).
    public var direction: SemanticDirection?

    public init(
        foreground: SemanticColor? = nil, background: SemanticColor? = nil, border: SemanticColor? = nil,
        textStyle: TextStyle? = nil, direction: SemanticDirection? = nil
    ) {
        self.foreground = foreground
        self.background = background
        self.border = border
        self.textStyle = textStyle
        self.direction = direction
    }
}

/// UIKit's `UISemanticContentAttribute`: whether a node's layout flips in right-to-left. The raw
/// value is the ABI's `POP_DIRECTION_*` number.
public enum SemanticDirection: Int32, Hashable, Sendable, CaseIterable, Codable {
    /// Flips with the layout direction (the default).
    case unspecified = 0
    /// Playback controls (play, rewind, scrubbers): never flip.
    case playback = 1
    /// Controls whose sides mean a real direction (a D-pad, text alignment): never flip.
    case spatial = 2
    case forceLeftToRight = 3
    case forceRightToLeft = 4

    /// The direction the node lays out in when the interface runs `direction`.
    public func effective(in direction: LayoutDirection) -> LayoutDirection {
        switch self {
        case .unspecified: direction
        case .playback, .spatial, .forceLeftToRight: .leftToRight
        case .forceRightToLeft: .rightToLeft
        }
    }
}
