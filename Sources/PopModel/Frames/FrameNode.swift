/// One drawn element of a frame: a rectangle (filled, stroked, rounded, maybe with a shadow) and
/// optionally text in it. Every node is drawn the same way, whatever its role; the role and the
/// semantic fields say what it is, for hit testing and for tests.
public struct FrameNode: Hashable, Sendable {
    /// What the node is.
    public enum Role: String, Hashable, Sendable, CaseIterable {
        /// The app behind the popups: its page, bars, rows.
        case app
        /// A popup's dimming (or clear mask) over everything behind it.
        case dimming
        /// A popup's container: its background card, in which its content is drawn.
        case popup
        case stack, overlay, text, button, textField, image, spacer, divider
        /// The on-screen keyboard and its keys.
        case keyboard, key
        /// A sheet's grabber, and a popover's arrow (a square turned by 45°, half under the card).
        case grabber, arrow
        /// A floating window's bubble (its logo is its text), and the corner circle that creates or
        /// deletes bubbles (a disc centred near the bottom-right corner, so a quarter of it shows).
        case bubble, floatingCircle = "floating-circle"
    }

    /// Unique in its frame and stable from frame to frame, e.g. `app.navigation-bar`, `popup.3`,
    /// `popup.3.dimming`, `popup.3.content.0.2` (the path of child indices in the content tree).
    public var id: String
    public var role: Role
    /// The request a popup's node belongs to; nil for the app and the keyboard.
    public var request: RequestID?
    /// Where the node is laid out, in screen points, before `transform`.
    public var rect: Rect
    /// Maps the laid-out coordinates to the screen (a popup's scale and rotation about its centre);
    /// identity for most nodes.
    public var transform: AffineTransform
    /// The node's effective opacity, 0...1 (its ancestors' already multiplied in).
    public var opacity: Double
    /// The fill, if any.
    public var fill: ContentNode.Color?
    /// The outline, if any.
    public var stroke: ContentNode.Border?
    public var cornerRadius: Double
    /// A drop shadow under the node (popups and banners).
    public var shadow: Shadow?
    /// Text drawn in the node, if any.
    public var text: TextRun?
    /// A button's action name.
    public var action: String?
    /// A text field's id.
    public var field: String?
    /// The text field has the focus (typing goes to it).
    public var focused: Bool
    /// Where the node may draw, in the coordinates of `rect` (before `transform`): the visible part of
    /// the popup or page whose content scrolls; nil: unclipped.
    public var clip: Rect?
    /// A popup's scrolling, when its content is taller than the popup (UIScrollView's content offset).
    public var scroll: Scroll?
    /// What a screen reader reads for the node (an element) or how it scopes them (a popup's
    /// container); nil for nodes it does not read (`AccessibilityTree`).
    public var accessibility: AccessibilityDescription?

    public init(
        id: String, role: Role, request: RequestID? = nil, rect: Rect, transform: AffineTransform = .identity,
        opacity: Double = 1, fill: ContentNode.Color? = nil, stroke: ContentNode.Border? = nil,
        cornerRadius: Double = 0, shadow: Shadow? = nil, text: TextRun? = nil, action: String? = nil,
        field: String? = nil, focused: Bool = false, clip: Rect? = nil, scroll: Scroll? = nil,
        accessibility: AccessibilityDescription? = nil
    ) {
        self.id = id
        self.role = role
        self.request = request
        self.rect = rect
        self.transform = transform
        self.opacity = opacity
        self.fill = fill
        self.stroke = stroke
        self.cornerRadius = cornerRadius
        self.shadow = shadow
        self.text = text
        self.action = action
        self.field = field
        self.focused = focused
        self.clip = clip
        self.scroll = scroll
        self.accessibility = accessibility
    }

    /// The node's outline on the screen: its rect's corners through its transform, bounded.
    public var bounds: Rect { transform.boundingBox(of: rect) }
}

/// How far content taller than its container is scrolled: `offset` points of it are above the
/// container's top, 0 ≤ offset ≤ contentHeight − the container's height.
public struct Scroll: Hashable, Sendable {
    public var offset: Double
    public var contentHeight: Double

    public init(offset: Double, contentHeight: Double) {
        self.offset = offset
        self.contentHeight = contentHeight
    }
}

/// A drop shadow: a blurred copy of the node's shape, offset and coloured.
public struct Shadow: Hashable, Sendable {
    public var offsetY: Double
    public var blur: Double
    public var color: ContentNode.Color

    public init(offsetY: Double, blur: Double, color: ContentNode.Color) {
        self.offsetY = offsetY
        self.blur = blur
        self.color = color
    }
}

/// Lines of text laid out in a node (by `TextMetrics`): each line `lineHeight` below the previous,
/// the first at the top of the node's rect plus `inset.top`, horizontally aligned within the rect
/// minus the insets.
public struct TextRun: Hashable, Sendable {
    public var lines: [String]
    public var size: Double
    public var weight: ContentNode.Weight
    public var color: ContentNode.Color
    public var alignment: ContentNode.Alignment
    /// Where the text sits inside the node's rect.
    public var inset: EdgeInsets
    /// Centre the block of lines vertically in the rect (buttons, text fields) instead of starting at the top.
    public var centeredVertically: Bool

    public init(
        lines: [String], size: Double, weight: ContentNode.Weight, color: ContentNode.Color,
        alignment: ContentNode.Alignment, inset: EdgeInsets = .zero, centeredVertically: Bool = false
    ) {
        self.lines = lines
        self.size = size
        self.weight = weight
        self.color = color
        self.alignment = alignment
        self.inset = inset
        self.centeredVertically = centeredVertically
    }

    public var lineHeight: Double { TextMetrics.lineHeight(size: size) }

    /// The rect of line `index` (its full available width) for a node laid out at `rect`.
    public func lineRect(_ index: Int, in rect: Rect) -> Rect {
        let box = rect.inset(by: inset)
        let block = Double(lines.count) * lineHeight
        let top = centeredVertically ? box.y + (box.height - block) / 2 : box.y
        return Rect(x: box.x, y: top + Double(index) * lineHeight, width: box.width, height: lineHeight)
    }

    /// How wide `line` is with `TextMetrics`' advance.
    public func width(of line: String) -> Double {
        Double(TextMetrics.columns(line)) * size.length * TextMetrics.advanceFactor(weight)
    }
}
