/// A key pressed at the terminal.
public enum TerminalKey: Hashable, Sendable {
    /// A printable character (UTF-8 decoded).
    case character(Character)
    case enter, backspace, tab, escape
    case up, down, left, right
}
