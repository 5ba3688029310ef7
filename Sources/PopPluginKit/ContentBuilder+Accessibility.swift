import PluginABI

/// What a screen reader reads ("pop.accessibility/1", ext/accessibility.h): like the modifiers by
/// meaning, each applies to the node added, or the container closed, last, and does nothing in a
/// host without the extension (the node is then read as inferred: a button by its title, text by
/// its string).
///
///     b.button("✕", style: POP_BUTTON_PLAIN, action: "close")
///     b.accessibilityLabel("Close")
extension ContentBuilder {
    /// What is read for the node instead of its text or title: what a control does ("Close"), not
    /// what it looks like ("X").
    public func accessibilityLabel(_ label: String) { Host.accessibilityExtension?.pointee.label?(raw, label) }
    /// What the node is (`POP_A11Y_ROLE_*`).
    public func accessibilityRole(_ role: Int) { Host.accessibilityExtension?.pointee.role?(raw, Int32(role)) }
    /// The node's current value, read after its label ("3 of 5").
    public func accessibilityValue(_ value: String) { Host.accessibilityExtension?.pointee.value?(raw, value) }
    /// The node's states: `POP_A11Y_*` bits, OR-ed.
    public func accessibilityTraits(_ traits: UInt32) { Host.accessibilityExtension?.pointee.traits?(raw, traits) }
    /// The node and its descendants are not read (decoration).
    public func accessibilityHidden(_ hidden: Bool = true) { Host.accessibilityExtension?.pointee.hidden?(raw, hidden ? 1 : 0) }
}
