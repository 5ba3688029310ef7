/// One node of a popup's content, as a view loader builds it (see content.h): a stack, overlay or
/// leaf, with its modifiers. The node's content is inset by `padding`, drawn over `background`
/// and inside `border`; `cornerRadius` rounds the background and the border. Sizes are in points.
public struct ContentNode: Hashable, Sendable, Codable {
    public var kind: Kind
    public var padding: EdgeInsets
    public var background: Color?
    public var cornerRadius: Double
    public var border: Border?
    /// What the plugin named by meaning (ABI 1.1 "pop.content_style/1"), resolved per frame for the
    /// traits it is drawn under; nil for content built with fixed values only.
    public var semantics: ContentSemantics?
    /// What the plugin told assistive technologies (ABI 1.1 "pop.accessibility/1"); nil: inferred
    /// from the node (`accessibility(isTitle:)`).
    public var accessibility: ContentAccessibility?

    public init(
        _ kind: Kind, padding: EdgeInsets = .zero, background: Color? = nil, cornerRadius: Double = 0,
        border: Border? = nil, semantics: ContentSemantics? = nil, accessibility: ContentAccessibility? = nil
    ) {
        self.kind = kind
        self.padding = padding
        self.background = background
        self.cornerRadius = cornerRadius
        self.border = border
        self.semantics = semantics
        self.accessibility = accessibility
    }

    public enum Kind: Hashable, Sendable, Codable {
        /// Children top to bottom, `spacing` apart, aligned horizontally.
        case vstack(spacing: Double, alignment: Alignment, children: [ContentNode])
        /// Children leading to trailing, `spacing` apart, aligned vertically.
        case hstack(spacing: Double, alignment: Alignment, children: [ContentNode])
        /// Children drawn on top of each other, aligned within the largest.
        case overlay(alignment: Alignment, children: [ContentNode])
        /// Wrapping text; `maxLines` 0 = unlimited. The defaults are body text: 17 points, regular,
        /// opaque black, leading, unlimited (`.text("Hello")`).
        case text(
            String, size: Double = 17, weight: Weight = .regular, color: Color = 0x0000_00FF, alignment: Alignment = .leading,
            maxLines: Int = 0)
        /// Invokes the handler's action `action` when tapped.
        case button(String, style: ButtonStyle, action: String)
        /// An editable field actions read as `field.<id>`.
        case textField(id: String, placeholder: String, secure: Bool)
        /// A placeholder for the image `name`, of a fixed size.
        case image(name: String, width: Double, height: Double)
        /// Flexible space along the enclosing stack's axis.
        case spacer(minLength: Double)
        /// A hairline across the enclosing stack.
        case divider

        enum TextCodingKeys: String, CodingKey { case _0 = "string", size, weight, color, alignment, maxLines }
        enum ButtonCodingKeys: String, CodingKey { case _0 = "title", style, action }
    }

    /// POP_ALIGN_*: children across a stack's axis, or text.
    public enum Alignment: Int32, Hashable, Sendable, Codable, CaseIterable {
        case leading = 0, center = 1, trailing = 2
        /// Children take the stack's full cross size.
        case fill = 3
    }

    /// POP_WEIGHT_*.
    public enum Weight: Int32, Hashable, Sendable, Codable, CaseIterable {
        case regular = 0, medium = 1, semibold = 2, bold = 3
    }

    /// POP_BUTTON_*.
    public enum ButtonStyle: Int32, Hashable, Sendable, Codable, CaseIterable {
        /// The preferred action.
        case `default` = 0
        case cancel = 1, destructive = 2
        /// Text only.
        case plain = 3
    }

    /// A colour as 0xRRGGBBAA (pop_color_t).
    public struct Color: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByIntegerLiteral {
        public var rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public init(integerLiteral value: UInt32) { rawValue = value }

        public var red: UInt8 { UInt8(truncatingIfNeeded: rawValue >> 24) }
        public var green: UInt8 { UInt8(truncatingIfNeeded: rawValue >> 16) }
        public var blue: UInt8 { UInt8(truncatingIfNeeded: rawValue >> 8) }
        public var alpha: UInt8 { UInt8(truncatingIfNeeded: rawValue) }
    }

    /// A stroke around the node.
    public struct Border: Hashable, Sendable, Codable {
        public var width: Double
        public var color: Color

        public init(width: Double, color: Color) {
            self.width = width
            self.color = color
        }
    }

    /// The children of a stack or overlay; empty for leaves.
    public var children: [ContentNode] {
        switch kind {
        case .vstack(_, _, let children), .hstack(_, _, let children), .overlay(_, let children): children
        default: []
        }
    }

    /// The ids of the text fields, in document order.
    public var textFieldIDs: [String] {
        var ids: [String] = []
        visit { if case .textField(let id, _, _) = $0.kind { ids.append(id) } }
        return ids
    }

    /// The buttons' action names, in document order.
    public var actionNames: [String] {
        var names: [String] = []
        visit { if case .button(_, _, let action) = $0.kind { names.append(action) } }
        return names
    }

    /// This node and all its descendants.
    public var nodeCount: Int { children.reduce(1) { $0 + $1.nodeCount } }

    /// Nodes on the longest path from this node down to a leaf (a leaf alone: 1).
    public var depth: Int { 1 + (children.map(\.depth).max() ?? 0) }

    /// Calls `body` on this node and its descendants, in document order.
    private func visit(_ body: (ContentNode) -> Void) {
        body(self)
        for child in children { child.visit(body) }
    }
}
