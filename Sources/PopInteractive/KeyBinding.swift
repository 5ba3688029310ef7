/// A key `pophost run` answers when no field has the focus, with the word the status line shows for it and
/// the sentence `--help` gives: one list, so the footer, the help and the keys that work are the same.
public struct KeyBinding: Hashable, Sendable {
    /// The key as a user reads it: "q", "1-9", "Esc", "↑ ↓".
    public let keys: String
    /// What the status line says it does, a word or two.
    public let short: String
    /// What `--help` says it does.
    public let help: String

    /// Every key, in the order the status line and the help list them.
    public static let all = [
        KeyBinding(keys: "q", short: "quit", help: "quit"),
        KeyBinding(keys: "1-9", short: "show", help: "show the scenario's first nine popups again"),
        KeyBinding(keys: "r", short: "rotate", help: "rotate the phone"),
        KeyBinding(keys: "k", short: "keyboard", help: "raise or lower the app's keyboard"),
        KeyBinding(keys: "h", short: "hide all", help: "hide what agrees to go (as the app navigating away)"),
        KeyBinding(keys: "d", short: "dismiss all", help: "dismiss everything"),
        KeyBinding(keys: "Esc", short: "tap outside", help: "tap the background"),
        KeyBinding(keys: "↑ ↓", short: "flick", help: "flick the front banner, or the front sheet, up or down"),
        KeyBinding(
            keys: "Backspace", short: "back",
            help: "pop the top page (as the bar's back button; a drag from the left edge pops it interactively)"),
        KeyBinding(keys: "m", short: "motion", help: "turn Reduce Motion on or off (fades instead of slides)"),
        KeyBinding(keys: "a", short: "dark", help: "switch between the light and the dark appearance"),
        KeyBinding(keys: "t", short: "text size", help: "step the text size through l, xxxl, ax5 and xs"),
        KeyBinding(keys: "l", short: "rtl", help: "switch the layout direction between left-to-right and right-to-left"),
        KeyBinding(
            keys: "v", short: "VoiceOver",
            help: "turn VoiceOver on or off (focus moves into popups and back; the status line reads the focused element)"),
        KeyBinding(keys: "Tab", short: "next element", help: "move VoiceOver's focus to the next element (as a swipe right)"),
        KeyBinding(keys: "Enter", short: "activate", help: "activate the focused element (as VoiceOver's double tap)"),
        KeyBinding(keys: "z", short: "escape", help: "VoiceOver's escape gesture (a two-finger Z): dismiss the front popup, or go back"),
    ]

    /// The keys for `--help`: the mouse, typing, then each key.
    public static var helpText: String {
        "The mouse taps buttons, focuses fields, taps the background, drags banners and drags pages back; a tap on a button shows "
            + "the action it ran in the status line. With a field focused, keys type into it, Backspace deletes, "
            + "Enter or Esc ends editing. Otherwise: "
            + all.map { "\($0.keys): \($0.help)" }.joined(separator: "; ") + "."
    }

    /// The keys for the status line: "q quit · 1-9 show · …".
    public static var statusText: String {
        all.map { "\($0.keys) \($0.short)" }.joined(separator: " · ")
    }
}
