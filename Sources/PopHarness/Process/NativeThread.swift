#if canImport(Glibc)
import Glibc
#endif

/// Threads started with `pthread_create`: the watchdog's and the worker threads of `--jobs`, without
/// Foundation's `Thread` or Dispatch's `concurrentPerform`, which would load Foundation (and ICU)
/// into every test's process (docs/benchmarks.md, "The conformance harness").
enum NativeThread {
    /// Runs `body` on a thread of its own, never joined; false when the system starts no thread.
    @discardableResult
    static func detach(_ body: @escaping @Sendable () -> Void) -> Bool {
        guard let thread = start(body) else { return false }
        pthread_detach(thread)
        return true
    }

    /// Runs `body` on `count` threads at once, this one among them, and returns when every one has
    /// returned. Threads the system refuses are left out (the others share the work).
    static func runConcurrently(_ count: Int, _ body: @escaping @Sendable () -> Void) {
        let others = (0..<max(0, count - 1)).compactMap { _ in start(body) }
        body()
        for thread in others { pthread_join(thread, nil) }
    }

    private final class Work {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    private static func start(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(
            &thread, nil,
            { raw in
                Unmanaged<Work>.fromOpaque(raw!).takeRetainedValue().body()
                return nil
            }, work)
        guard status == 0 else {
            Unmanaged<Work>.fromOpaque(work).release()
            return nil
        }
        return thread
    }
}
