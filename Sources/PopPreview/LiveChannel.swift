import Foundation

/// The live channel's subscribers: each open WebSocket gets every message published after it
/// subscribed, in order.
final class LiveChannel: @unchecked Sendable {
    private let lock = NSLock()
    private var subscribers: [Int: AsyncStream<String>.Continuation] = [:]
    private var nextID = 0

    /// A new subscriber's id and the messages it will get.
    func subscribe() -> (id: Int, messages: AsyncStream<String>) {
        let (stream, continuation) = AsyncStream<String>.makeStream()
        lock.lock()
        defer { lock.unlock() }
        nextID += 1
        subscribers[nextID] = continuation
        return (nextID, stream)
    }

    func unsubscribe(_ id: Int) {
        lock.lock()
        let continuation = subscribers.removeValue(forKey: id)
        lock.unlock()
        continuation?.finish()
    }

    func publish(_ message: String) {
        lock.lock()
        let all = Array(subscribers.values)
        lock.unlock()
        for subscriber in all { subscriber.yield(message) }
    }
}
