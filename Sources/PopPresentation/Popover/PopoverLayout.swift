import PopModel

/// Where a popover rests in regular width (UIKit's `UIPopoverPresentationController`): next to its
/// source rect, its arrow pointing at it, inside the safe area less a 10-point margin. In compact
/// width it is a sheet instead (`PresentationStyle.of(_:in:)`).
///
/// ```
/// size   = preferredContentSize, else the content's size within the margins; shrunk to the room
///          the chosen side has
/// side   = the first permitted of arrow up (below the source), down (above), left (to its right),
///          right (to its left) with room for the size plus the 13-point arrow; else the permitted
///          one with the most room. Right to left: the two sides swap in that order (the popover goes
///          to the source's trailing side, its left, first); the arrow directions stay physical, as
///          UIKit's `UIPopoverArrowDirection`
/// along  = centred on the source, clamped inside the margins
/// no source rect: centred on the screen, no arrow
/// ```
public struct PopoverLayout: PopupLayout {
    /// UIKit's popover arrow: 13 points from base to tip, 26 wide at the base.
    public static let arrowHeight = 13.0
    public static let arrowBase = 26.0
    /// The distance a popover keeps from the safe area's edges.
    public static let margin = 10.0

    public init() {}

    /// Where the popover and its arrow go.
    public struct Placement: Hashable, Sendable {
        public var frame: Rect
        /// The way the arrow points (`.up`: the popover is below its source); nil: no arrow.
        public var arrow: ArrowDirections?
        /// The arrow's tip, on the source rect's edge.
        public var tip: Point?
    }

    /// The placement of a popover whose content asks for `contentSize` (or its preferred size).
    public static func placement(
        contentSize: Size, options: SheetOptions, scene: Scene, direction: LayoutDirection = .leftToRight
    ) -> Placement {
        let area = Rect(
            x: scene.safeArea.leading.length + margin, y: scene.safeArea.top.length + margin,
            width: max(0, scene.width - scene.safeArea.leading.length - scene.safeArea.trailing.length - 2 * margin),
            height: max(0, scene.height - scene.safeArea.top.length - scene.safeArea.bottom.length - 2 * margin))
        var size = options.preferredContentSize.flatMap { $0.width.isFinite && $0.height.isFinite ? $0 : nil } ?? contentSize
        size = Size(width: min(max(0, size.width), area.width), height: min(max(0, size.height), area.height))
        guard let source = options.popover.sourceRect?.sanitized else {
            return Placement(
                frame: Rect(
                    x: area.x + (area.width - size.width) / 2, y: area.y + (area.height - size.height) / 2,
                    width: size.width, height: size.height), arrow: nil, tip: nil)
        }
        let toTheRight: (ArrowDirections, Double, Bool) = (.left, area.x + area.width - (source.x + source.width) - arrowHeight, false)
        let toTheLeft: (ArrowDirections, Double, Bool) = (.right, source.x - area.x - arrowHeight, false)
        let room: [(ArrowDirections, Double, Bool)] =
            [(.up, area.maxY - source.maxY - arrowHeight, true), (.down, source.y - area.y - arrowHeight, true)]
            + (direction.isRightToLeft ? [toTheLeft, toTheRight] : [toTheRight, toTheLeft])
        let permitted = room.filter { options.popover.permittedArrowDirections.contains($0.0) }
        let candidates = permitted.isEmpty ? room : permitted
        let fitting = candidates.first { $0.1 >= ($0.2 ? size.height : size.width) }
        let (arrow, space, vertical) = fitting ?? candidates.max { $0.1 < $1.1 }!
        if vertical { size.height = min(size.height, max(0, space)) } else { size.width = min(size.width, max(0, space)) }
        func along(_ centre: Double, _ length: Double, _ start: Double, _ available: Double) -> Double {
            min(max(centre - length / 2, start), start + available - length)
        }
        let frame: Rect, tip: Point
        switch arrow {
        case .up:
            frame = Rect(
                x: along(source.center.x, size.width, area.x, area.width), y: source.maxY + arrowHeight, width: size.width,
                height: size.height)
            tip = Point(x: source.center.x, y: source.maxY)
        case .down:
            frame = Rect(
                x: along(source.center.x, size.width, area.x, area.width), y: source.y - arrowHeight - size.height, width: size.width,
                height: size.height)
            tip = Point(x: source.center.x, y: source.y)
        case .left:
            frame = Rect(
                x: source.x + source.width + arrowHeight, y: along(source.center.y, size.height, area.y, area.height), width: size.width,
                height: size.height)
            tip = Point(x: source.x + source.width, y: source.center.y)
        default:
            frame = Rect(
                x: source.x - arrowHeight - size.width, y: along(source.center.y, size.height, area.y, area.height), width: size.width,
                height: size.height)
            tip = Point(x: source.x, y: source.center.y)
        }
        return Placement(frame: frame, arrow: arrow, tip: tip)
    }

    /// The content's size under `traits` within the safe area's margins, or its preferred size.
    static func contentSize(of content: ContentNode, scene: Scene, traits: DisplayTraits) -> Size {
        LayoutEngine.sizeThatFits(
            content, limit: Size(width: max(0, scene.width - 2 * margin), height: max(0, scene.height - 2 * margin)), traits: traits)
    }

    // MARK: PopupLayout

    /// The whole screen: a popover ignores the presentation's margins.
    public func container(for presentation: Presentation, in scene: Scene, keyboardHeight: Double) -> Rect {
        Rect(x: 0, y: 0, width: scene.width, height: max(0, scene.height - keyboardHeight.length))
    }

    public func frame(
        for content: ContentNode, presentation: Presentation, scene: Scene, container: Rect, traits: DisplayTraits
    ) -> Rect {
        Self.placement(
            contentSize: Self.contentSize(of: content, scene: scene, traits: traits), options: presentation.sheet, scene: scene,
            direction: traits.layoutDirection
        ).frame
    }
}
