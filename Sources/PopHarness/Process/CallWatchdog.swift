import PopLoader
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Bounds how long one call into a plugin may take. A thread of its own watches the call in
/// progress; when it overruns, `onExpiry` gets what was being called. In a test's child process that
/// reports a timeout and ends the process (the call cannot be interrupted); with `--in-process` it
/// only warns, since the harness would die with the test.
final class CallWatchdog: Sendable {
    /// Seconds a single call into a plugin may take: `should_dismiss`, `should_present`, `init`…
    static let callLimit = 1.0

    private let onExpiry: @Sendable (String) -> Void
    /// The call being watched: its deadline and a description; nil between calls.
    private let watched = Mutex<(deadline: ContinuousClock.Instant, what: String)?>(nil)
    private let started = Atomic<Bool>(false)

    init(onExpiry: @escaping @Sendable (String) -> Void) {
        self.onExpiry = onExpiry
    }

    /// Starts the watching thread now (a test counting the process's threads starts it first).
    func start() {
        guard !started.exchange(true, ordering: .acquiringAndReleasing) else { return }
        NativeThread.detach { [self] in
            while true {
                usleep(10_000)
                let expired: String? = watched.withLock { call in
                    guard let current = call, ContinuousClock.now > current.deadline else { return nil }
                    call = nil
                    return current.what
                }
                if let expired { onExpiry(expired) }
            }
        }
    }

    /// Runs `call`, which calls into the plugin as `what` ("should_dismiss(swipe) of com.x.handler").
    func within<T, E: Error>(
        _ what: @autoclosure () -> String, seconds: Double = CallWatchdog.callLimit,
        _ call: () throws(E) -> T
    ) throws(E) -> T {
        start()
        let description = "\(what()) did not return within \(seconds.formatted()) s"
        watched.withLock { $0 = (ContinuousClock.now + .seconds(seconds), description) }
        defer { watched.withLock { $0 = nil } }
        return try call()
    }
}

private extension Double {
    func formatted() -> String { self == rounded() ? String(Int(self)) : String(self) }
}
