/// What a page declares about itself to the navigation stack: its title, its bar's style and how it
/// may be popped by a gesture (FDFullscreenPopGesture's per-page switches), and whether it can float.
public struct PagePreferences: Hashable, Sendable, Codable {
    /// The bar's title; nil: the page's kind.
    public var title: String?
    public var bar: BarStyle
    /// Whether the user may pop this page by a swipe (FD's `fd_interactivePopDisabled`, inverted).
    public var popGestureEnabled: Bool
    /// How far from the left edge, in points, a full-screen pop may start; 0 = anywhere on the page
    /// (FD's `fd_interactivePopMaxAllowedInitialDistanceToLeftEdge`, whose 0 means the same).
    public var popGestureMaxInitialDistance: Double
    /// Whether the page can float, and what its bubble keeps and shows; nil: it cannot.
    public var floating: FloatingDeclaration?

    public init(
        title: String? = nil, bar: BarStyle = BarStyle(), popGestureEnabled: Bool = true, popGestureMaxInitialDistance: Double = 0,
        floating: FloatingDeclaration? = nil
    ) {
        self.title = title
        self.bar = bar
        self.popGestureEnabled = popGestureEnabled
        self.popGestureMaxInitialDistance = popGestureMaxInitialDistance
        self.floating = floating
    }
}
