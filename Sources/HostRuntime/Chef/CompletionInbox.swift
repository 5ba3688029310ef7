import Synchronization

/// Completions plugins call — possibly from other threads — wait here until the chef's loop takes
/// them, in the order they were called.
final class CompletionInbox: Sendable {
    enum Message: Sendable {
        /// should_present's answer.
        case answer(RequestID, closure: ObjectIdentifier, present: Bool)
        /// A custom animation's completion.
        case done(RequestID, closure: ObjectIdentifier)
        /// A completion called again after it had fired.
        case calledAgain(RequestID, what: String)
    }

    private let messages = Mutex<[Message]>([])

    func post(_ message: Message) { messages.withLock { $0.append(message) } }

    /// Takes every waiting message.
    func take() -> [Message] {
        messages.withLock { messages in
            defer { messages.removeAll(keepingCapacity: true) }
            return messages
        }
    }
}
