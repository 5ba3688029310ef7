/// How a drawn node presents itself to a screen reader: an element (a role other than a container's,
/// read and maybe activated) or a container of elements (a popup, the app, a page).
public struct AccessibilityDescription: Hashable, Sendable {
    public var role: AccessibilityRole
    /// What is read; may be empty, which audits report for a control.
    public var label: String
    public var value: String?
    public var traits: AccessibilityTraits
    /// A container whose elements alone are reachable while it is up (a modal popup or sheet).
    public var modal: Bool

    public init(role: AccessibilityRole, label: String, value: String? = nil, traits: AccessibilityTraits = [], modal: Bool = false) {
        self.role = role
        self.label = label
        self.value = value
        self.traits = traits
        self.modal = modal
    }
}
