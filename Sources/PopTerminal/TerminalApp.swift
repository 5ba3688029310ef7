import PopModel

/// An interactive app `TerminalLoop` runs: it draws frames on a virtual clock and answers input.
public protocol TerminalApp: AnyObject {
    /// The screen the app's frames are laid out for, in points.
    var screen: Size { get }
    /// Moves the app's clock on (animations, timeouts).
    func advance(by time: VirtualTime)
    /// The screen now.
    func frame() -> Frame
    /// Answers one input event.
    func handle(_ event: TerminalAppEvent) -> TerminalAppResponse
    /// What the terminal's last row shows.
    var statusLine: String { get }
}

/// A pointer's phase: pressed, dragged while held, released.
public enum PointerPhase: Hashable, Sendable {
    case down, moved, up
}

/// Input for a `TerminalApp`: the mouse (left button) in screen points, or a key.
public enum TerminalAppEvent: Hashable, Sendable {
    case pointer(PointerPhase, Point)
    case key(TerminalKey)
}

/// Whether the app keeps running after an event.
public enum TerminalAppResponse: Hashable, Sendable {
    case `continue`, quit
}
