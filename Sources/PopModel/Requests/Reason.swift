/// Why a request ended or why a dismissal is asked for. Raw values are the ABI's `POP_REASON_*`.
public enum Reason: Int32, Codable, CaseIterable, Sendable, CustomStringConvertible {
    case action = 1
    case backgroundTap = 2
    case swipe = 3
    case timeout = 4
    case preempted = 5
    case hideAll = 6
    case vetoed = 7
    case duplicate = 8
    case expired = 9
    case lowerPriority = 10
    case pluginError = 11
    case requested = 12
    /// The process a plugin runs in (an isolated plugin host) crashed, aborted or exited while the
    /// request used one of its components (ABI 1.1; a 1.0 handler hears plugin-error).
    case pluginCrashed = 13
    /// A call into an isolated plugin did not return within its deadline; its process was killed
    /// (ABI 1.1; a 1.0 handler hears plugin-error).
    case pluginTimeout = 14
    /// The screen reader's escape gesture (`accessibilityPerformEscape`; ABI 1.1; a 1.0 handler hears
    /// background-tap, the nearest dismissal it knows).
    case accessibilityEscape = 15

    /// The name used in traces: "background-tap", "lower-priority", ...
    public var description: String {
        switch self {
        case .action: "action"
        case .backgroundTap: "background-tap"
        case .swipe: "swipe"
        case .timeout: "timeout"
        case .preempted: "preempted"
        case .hideAll: "hide-all"
        case .vetoed: "vetoed"
        case .duplicate: "duplicate"
        case .expired: "expired"
        case .lowerPriority: "lower-priority"
        case .pluginError: "plugin-error"
        case .requested: "requested"
        case .pluginCrashed: "plugin-crashed"
        case .pluginTimeout: "plugin-timeout"
        case .accessibilityEscape: "accessibility-escape"
        }
    }

    /// Whether the handler's `should_dismiss` may veto a dismissal for this reason: only for the
    /// user's dismissals and hide-all, never for actions, preemption or the app's own requests.
    public var isVetoable: Bool { self == .backgroundTap || self == .swipe || self == .hideAll || self == .accessibilityEscape }
}

/// How a request ended: exactly one of these per request.
public enum FinalEvent: Hashable, Sendable, Codable, CustomStringConvertible {
    /// It was on screen (or on its way) and went away.
    case dismissed(Reason)
    /// It never made it on screen.
    case cancelled(Reason)

    public var reason: Reason {
        switch self {
        case .dismissed(let reason), .cancelled(let reason): reason
        }
    }

    public var description: String {
        switch self {
        case .dismissed(let reason): "dismissed(\(reason))"
        case .cancelled(let reason): "cancelled(\(reason))"
        }
    }
}
