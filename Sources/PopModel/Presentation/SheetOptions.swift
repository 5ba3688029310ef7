/// How a sheet (and an adaptive popover, which becomes one in compact width) is configured: UIKit's
/// `UISheetPresentationController` and `UIPopoverPresentationController` properties, as a controller
/// loader sets them (the C extension "pop.sheet/1", ext/sheet.h). The defaults are UIKit's.
public struct SheetOptions: Hashable, Sendable, Codable {
    /// The heights the sheet rests at; resolved and ordered small to large by the presentation engine
    /// (a custom detent through its controller loader's resolver). Never empty: `[.large]` by default.
    public var detents: [Detent] = [.large]
    /// The detent it presents at; nil: the smallest active one.
    public var selectedDetent: Detent.ID?
    /// A grabber at the top edge (hidden when the sheet is full screen, or covered by another sheet).
    public var prefersGrabberVisible = false
    /// The corner radius of the front sheet; nil: the system's, `SheetOptions.defaultCornerRadius`.
    public var preferredCornerRadius: Double?
    /// Scrolling the content up grows the sheet to its next detent before the content scrolls.
    public var prefersScrollingExpandsWhenScrolledToEdge = true
    /// Up to and including this detent the sheet does not dim, and what is behind it takes touches;
    /// nil: dimmed at every detent.
    public var largestUndimmedDetent: Detent.ID?
    /// In compact height (a phone in landscape): attached to the bottom edge (true) or full screen.
    public var prefersEdgeAttachedInCompactHeight = false
    /// When edge-attached in compact height, as wide as `preferredContentSize`'s width.
    public var widthFollowsPreferredContentSizeWhenEdgeAttached = false
    /// The content's preferred size (UIKit's `preferredContentSize`): a popover's size, and an
    /// edge-attached sheet's width; nil: the content's own.
    public var preferredContentSize: Size?
    /// Where a popover points (POP_STYLE_POPOVER only).
    public var popover = PopoverOptions()

    /// UIKit's corner radius of a sheet when none is preferred (iOS 15).
    public static let defaultCornerRadius = 10.0

    public init() {}
}

/// A height a sheet rests at: UIKit's `medium` and `large`, or a custom one its controller loader
/// resolves from the largest height available.
public struct Detent: Hashable, Sendable, Codable {
    public typealias ID = String

    public let id: ID

    public init(_ id: ID) { self.id = id }

    /// About half the available height (pophost: exactly half); inactive in compact height.
    public static let medium = Detent("medium")
    /// The full height below the safe area's top (and UIKit's 10-point gap).
    public static let large = Detent("large")

    /// Whether the controller loader resolves it (any id but medium and large).
    public var isCustom: Bool { self != .medium && self != .large }
}

/// Where a popover is anchored and which way its arrow may point (UIKit's
/// `UIPopoverPresentationController`).
public struct PopoverOptions: Hashable, Sendable, Codable {
    /// The rect it points at, in screen points; nil: the centre of the screen (no arrow).
    public var sourceRect: Rect?
    public var permittedArrowDirections = ArrowDirections.any
    /// Areas where a touch outside the popover reaches the app instead of dismissing it.
    public var passthroughRects: [Rect] = []

    public init() {}
}

/// The directions a popover's arrow may point, as UIKit's `UIPopoverArrowDirection`: up means the
/// popover is below its anchor.
public struct ArrowDirections: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let up = ArrowDirections(rawValue: 1)
    public static let down = ArrowDirections(rawValue: 2)
    public static let left = ArrowDirections(rawValue: 4)
    public static let right = ArrowDirections(rawValue: 8)
    public static let any: ArrowDirections = [.up, .down, .left, .right]
}
