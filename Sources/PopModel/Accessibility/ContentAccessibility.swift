/// What a plugin said about a content node for assistive technologies, through the content builder's
/// ABI 1.1 extension "pop.accessibility/1": a label, a role, a value, states, or that the node and its
/// descendants are hidden. What it leaves unset is inferred from the node (`ContentNode.accessibility(…)`).
public struct ContentAccessibility: Hashable, Sendable, Codable {
    /// What a screen reader says for the node, instead of its text or title.
    public var label: String?
    public var role: AccessibilityRole?
    /// Its current value ("3 of 5", "On").
    public var value: String?
    public var traits: AccessibilityTraits
    /// The node and its descendants are not read (UIKit's `accessibilityElementsHidden`): decoration.
    public var hidden: Bool

    public init(
        label: String? = nil, role: AccessibilityRole? = nil, value: String? = nil, traits: AccessibilityTraits = [], hidden: Bool = false
    ) {
        self.label = label
        self.role = role
        self.value = value
        self.traits = traits
        self.hidden = hidden
    }
}
