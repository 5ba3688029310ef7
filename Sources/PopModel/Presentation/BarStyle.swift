/// A page's navigation-bar style: everything a page may declare about the one shared bar. Each page
/// declares its own and the runtime applies, saves and restores it, so no page ever restores another
/// page's style (KMNavigationBarTransition's "each page cares only about itself", seed 003).
public struct BarStyle: Hashable, Sendable, Codable {
    /// The bar is not shown on this page.
    public var hidden: Bool
    /// The bar's background colour (its own alpha channel is ignored: see `backgroundAlpha`).
    public var background: ContentNode.Color
    /// The background's opacity, 0 (transparent) to 1; a transparent bar shows the page under it.
    public var backgroundAlpha: Double
    /// A translucent bar lets the page's content run under it; an opaque one starts the content below it.
    public var translucent: Bool
    /// The colour of the bar's buttons (the back button).
    public var tint: ContentNode.Color
    public var titleColor: ContentNode.Color
    /// The title's font size in points (17 in UIKit; 34 for a large title).
    public var titleSize: Double
    public var titleWeight: ContentNode.Weight
    /// The hairline under the bar.
    public var shadow: Bool
    /// A large title under the bar (UIKit's `prefersLargeTitles`): the bar grows by `largeTitleHeight`.
    public var largeTitle: Bool

    /// UIKit's default bar: shown, light grey, opaque, translucent, system-blue buttons, a 17 pt
    /// semibold black title and a hairline.
    public init(
        hidden: Bool = false, background: ContentNode.Color = 0xF9F9_F9FF, backgroundAlpha: Double = 1, translucent: Bool = true,
        tint: ContentNode.Color = 0x007A_FFFF, titleColor: ContentNode.Color = 0x0000_00FF, titleSize: Double = 17,
        titleWeight: ContentNode.Weight = .semibold, shadow: Bool = true, largeTitle: Bool = false
    ) {
        self.hidden = hidden
        self.background = background
        self.backgroundAlpha = backgroundAlpha
        self.translucent = translucent
        self.tint = tint
        self.titleColor = titleColor
        self.titleSize = titleSize
        self.titleWeight = titleWeight
        self.shadow = shadow
        self.largeTitle = largeTitle
    }

    /// A transparent bar (KMNavigationBarTransition's recipe: an empty background image and no
    /// shadow image): the page shows through it, the title and buttons stay.
    public static let transparent = BarStyle(backgroundAlpha: 0, shadow: false)

    /// The bar's height without a large title (UIKit's 44 pt).
    public static let height = 44.0
    /// What a large title adds under the bar (UIKit's 52 pt).
    public static let largeTitleHeight = 52.0

    /// The bar's height on its page: 0 when hidden.
    public var totalHeight: Double { hidden ? 0 : Self.height + (largeTitle ? Self.largeTitleHeight : 0) }
}
