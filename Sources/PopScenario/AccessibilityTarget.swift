import PopPresentation

/// An element a scenario's accessibility step names: by its label, as a person hears it (`on`: in the
/// popup labelled so), or by its frame node id.
public enum AccessibilityTarget: Hashable, Sendable {
    case label(String, on: String?)
    case id(String)
}

/// Where an `accessibility_focus` step moves the focus.
public enum AccessibilityFocusStep: Hashable, Sendable {
    /// To the next or previous element in reading order (a swipe right or left).
    case move(AccessibilityMove)
    /// To one element.
    case element(AccessibilityTarget)
}
