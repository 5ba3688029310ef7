import PopModel

/// What a tap did, front to back: the first thing under the finger that takes it.
public enum TapOutcome: Hashable, Sendable {
    /// A key of the on-screen keyboard (its label).
    case key(String)
    /// A button: the popup's action was invoked.
    case action(RequestID, String)
    /// A text field took the focus.
    case focus(RequestID, String)
    /// A background tap (on the dimming, or behind a banner) dismissed the popup.
    case dismissed(RequestID)
    /// A background tap the handler vetoed.
    case vetoed(RequestID)
    /// The popup (its content, its clear mask, its modal dimming) took the tap and nothing happened.
    case absorbed(RequestID)
    /// The tap reached the app.
    case app
    /// The tap hit the navigation bar's back button: the top page is popping.
    case back
    /// The tap hit a floating bubble: its page is opening (the bubble's number).
    case bubble(Int)
    /// A button of the top page's content ran its action (the page's name, the action); the page is
    /// popping when the action said so.
    case pageAction(String, String)
}
