import PopModel

/// The on-screen keyboard: who raised it and how far up it is. It slides up and down over
/// `Keyboard.duration` (iOS's `UIKeyboardAnimationDurationUserInfoKey`, 0.25 s) on iOS's keyboard
/// curve (`TimingCurve.keyboard`), and a popup re-centring above it moves with it.
public struct Keyboard: Hashable, Sendable {
    /// What raised the keyboard.
    public enum Owner: Hashable, Sendable {
        /// The app (a field of its own): popups do not move for it.
        case app
        /// A text field of a popup: that popup re-centres above the keyboard.
        case field(RequestID, String)
    }

    public static let duration = VirtualTime.milliseconds(250)
    public static let curve = TimingCurve.keyboard

    /// Who has it up; nil when it is down (or going down).
    public internal(set) var owner: Owner?
    /// A number pad (raised for a secure field) rather than letters; kept while it slides down.
    public internal(set) var isNumberPad = false
    /// Its height as it slides: from `from` to `to` starting at `start`.
    var from = 0.0, to = 0.0
    var start = VirtualTime.zero

    /// How much of the screen it covers at `time`.
    public func visibleHeight(at time: VirtualTime) -> Double {
        guard time < start + Self.duration else { return to }
        guard time > start else { return from }
        let fraction = Double((time - start).microseconds) / Double(Self.duration.microseconds)
        return from + (to - from) * Self.curve.progress(at: fraction)
    }

    /// Slides to `height` from wherever it is at `time`.
    mutating func slide(to height: Double, at time: VirtualTime) {
        from = visibleHeight(at: time)
        to = height
        start = time
    }

    /// The request whose field raised it, if a popup's did.
    public var popup: RequestID? {
        if case .field(let id, _)? = owner { id } else { nil }
    }

    /// The focused field of a popup, if any.
    public var focusedField: (request: RequestID, field: String)? {
        if case .field(let id, let field)? = owner { (id, field) } else { nil }
    }
}
