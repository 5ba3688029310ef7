import PopModel
import Synchronization

/// Completions components call, and the misbehaviour their host services report — possibly from
/// other threads — wait here until the chef's loop takes them, in the order they were posted.
final class CompletionInbox: Sendable {
    enum Message: Sendable {
        /// should_present's answer; `serial` names the completion.
        case answer(RequestID, serial: UInt64, present: Bool)
        /// A custom animation's completion.
        case done(RequestID, serial: UInt64)
        /// A completion called again after it had fired.
        case calledAgain(RequestID, what: String)
        /// A component broke its contract with a host service (`ComponentContext.reportMisbehaviour`).
        case misbehaviour(RequestID, String)
    }

    private let messages = Mutex<[Message]>([])
    private let serials = Atomic<UInt64>(0)

    func post(_ message: Message) { messages.withLock { $0.append(message) } }

    /// A new serial number for a completion, so that a stale one (from a transition that has been
    /// replaced) is told apart from the one the chef waits for.
    func nextSerial() -> UInt64 { serials.add(1, ordering: .relaxed).newValue }

    /// Takes every waiting message.
    func take() -> [Message] {
        messages.withLock { messages in
            defer { messages.removeAll(keepingCapacity: true) }
            return messages
        }
    }
}
