import PopModel

/// A content node placed on the screen by `LayoutEngine.layout(_:in:traits:)`.
public struct LaidOutNode: Hashable, Sendable {
    /// The node (its children are laid out in `children`).
    public var node: ContentNode
    /// The node's absolute frame, padding included; the content sits inside it, inset by the padding.
    public var frame: Rect
    /// The lines drawn, top to bottom: a text's wrapped lines or a button's title; empty for other nodes.
    public var lines: [String]
    /// The laid-out children, in document order, with absolute frames.
    public var children: [LaidOutNode]
    /// How the node is drawn.
    public var chrome = Chrome.standard
    /// Hairlines drawn over the node and its children (an alert's, between its actions), absolute.
    public var separators: [Rect] = []
    /// The direction the node's own content runs in (`ContentMirror`): in right-to-left, its text aligned
    /// leading and its padding's leading side are on the right.
    public var direction = LayoutDirection.leftToRight

    /// How a node is drawn: as its kind and style say, or — a button — as an alert's action (`AlertActions`).
    public enum Chrome: Hashable, Sendable {
        case standard, alertAction
    }

    public init(node: ContentNode, frame: Rect, lines: [String] = [], children: [LaidOutNode] = []) {
        self.node = node
        self.frame = frame
        self.lines = lines
        self.children = children
    }
}
