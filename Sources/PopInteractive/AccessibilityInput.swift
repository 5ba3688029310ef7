import PopPresentation

/// A screen reader's input to `InteractiveHost` (the browser preview's ARIA mirror sends it; a
/// VoiceOver user's swipes, double tap and scrub are its equivalents): kept in the host's journal
/// with the terminal's events, so a replay gives it again at the same virtual time.
public enum AccessibilityInput: Hashable, Sendable {
    /// The focus to the next or previous reachable element (Tab, Shift-Tab; a swipe).
    case move(AccessibilityMove)
    /// The focus to the element with this frame node id (a screen reader's cursor put there).
    case focus(String)
    /// The element with this id activated (Enter, Space; a double tap).
    case activate(String)
    /// The escape gesture (Escape; a two-finger scrub).
    case escape
    /// VoiceOver (`DisplayTraits.voiceOver`) turned on or off.
    case voiceOver(Bool)
}
