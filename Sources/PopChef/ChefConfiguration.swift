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

    public init() {}
}
