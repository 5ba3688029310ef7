import PopModel

/// The host's arbitration and lifecycle settings.
public struct ChefConfiguration: Hashable, Sendable {
    /// Who wins an override between equal priorities.
    public enum EqualPriorityRule: String, Sendable, Codable, CaseIterable {
        /// The popup on screen stays; the newcomer is cancelled (CSPopKit).
        case incumbentWins = "incumbent-wins"
        /// The newcomer preempts the popup on screen (SwiftEntryKit).
        case newcomerWins = "newcomer-wins"
    }

    /// How a layer's queue is ordered.
    public enum QueueOrder: String, Sendable, Codable, CaseIterable {
        /// Highest priority first, first come first served among equals.
        case priority
        /// First come first served.
        case chronological
    }

    public var equalPriorityRule = EqualPriorityRule.incumbentWins
    public var queueOrder = QueueOrder.priority
    /// How long a plugin may take to call a completion it was given before the request ends with
    /// reason plugin-error.
    public var completionTimeout = VirtualTime.seconds(10)
    /// For a run whose virtual clock does not follow real time (`render`, `show`, `pophost test`):
    /// how long, in real time and in all, the chef may wait for completions that a plugin may be
    /// calling from a thread of its own before the clock moves on, when nothing but such a
    /// completion's timeout is due. An answer then lands at the same virtual time as an answer given
    /// at once, so the run stays the same from one time to the next; a plugin that never answers
    /// costs the run this long at most. Nil (the default): no waiting, for a host whose clock
    /// follows real time (an app, `pophost run`), where a plugin's slow answer must not stall the
    /// screen.
    public var threadAnswerWait: Duration?

    /// `threadAnswerWait` for a run of its own: long enough for worker threads' answers, short enough
    /// for a plugin that never answers.
    public static let headlessThreadAnswerWait = Duration.seconds(2)

    public init() {}
}
