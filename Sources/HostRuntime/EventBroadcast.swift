import Synchronization

/// Hands every element to each of any number of `AsyncStream`s, made on demand, until it finishes:
/// a runtime's events to every `for await` that listens. Thread-safe: a listener may stop (its task
/// cancelled, its loop left) on any thread.
final class EventBroadcast<Element: Sendable>: Sendable {
    private struct Listeners {
        var continuations: [Int: AsyncStream<Element>.Continuation] = [:]
        var nextKey = 0
        var isFinished = false
    }

    private let listeners = Mutex(Listeners())

    /// A stream of every element from now on, until `finish`; one that has already finished when
    /// the broadcast has. Nothing is dropped: a slow listener's elements wait in its stream.
    func stream() -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream<Element>.makeStream(bufferingPolicy: .unbounded)
        let key: Int? = listeners.withLock { listeners in
            guard !listeners.isFinished else { return nil }
            defer { listeners.nextKey += 1 }
            listeners.continuations[listeners.nextKey] = continuation
            return listeners.nextKey
        }
        guard let key else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            self?.listeners.withLock { _ = $0.continuations.removeValue(forKey: key) }
        }
        return stream
    }

    /// Whether any stream listens now.
    var hasListeners: Bool { listeners.withLock { !$0.continuations.isEmpty } }

    /// Gives `element` to every stream listening now.
    func yield(_ element: Element) {
        // Outside the lock: a stream that ends meanwhile removes itself under it.
        for continuation in listeners.withLock({ Array($0.continuations.values) }) { continuation.yield(element) }
    }

    /// Ends every stream (each still delivers what it holds first), and every later one at once.
    func finish() {
        let ending = listeners.withLock { listeners in
            listeners.isFinished = true
            defer { listeners.continuations = [:] }
            return Array(listeners.continuations.values)
        }
        for continuation in ending { continuation.finish() }
    }
}
