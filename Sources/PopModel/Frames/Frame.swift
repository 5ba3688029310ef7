/// One picture of the screen at one instant of the virtual clock: what every renderer draws and what
/// tests assert on. Nodes are flattened and listed back to front (draw order); each has absolute
/// coordinates, so a renderer needs no tree and no layout.
public struct Frame: Hashable, Sendable {
    /// The instant on the virtual clock.
    public var time: VirtualTime
    /// The screen, in points.
    public var screen: Size
    /// The safe-area insets of the screen.
    public var safeArea: EdgeInsets
    /// The traits it was drawn under (Reduce Motion).
    public var traits: DisplayTraits
    /// The drawn nodes, back to front.
    public var nodes: [FrameNode]
    /// The id of the node a screen reader has its focus on, if any (see `accessibility`).
    public var accessibilityFocus: String?

    public init(
        time: VirtualTime, screen: Size, safeArea: EdgeInsets = .zero, traits: DisplayTraits = DisplayTraits(), nodes: [FrameNode] = []
    ) {
        self.time = time
        self.screen = screen
        self.safeArea = safeArea
        self.traits = traits
        self.nodes = nodes
    }

    /// The node with this id, if it is drawn.
    public func node(_ id: String) -> FrameNode? { nodes.first { $0.id == id } }

    /// What a screen reader can reach in this frame.
    public var accessibility: AccessibilityTree { AccessibilityTree(frame: self) }
}
