import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The child processes pophost has running now (scanner workers, conformance tests), kept where a
/// signal handler can reach them. Each child leads a process group of its own, so killing the group
/// also ends what a plugin started in it (a forked helper keeping a descriptor open).
///
/// A child already dies with its parent (`ChildProcess.dieWithParent()`), but a plugin's own
/// processes do not: when pophost is interrupted, the handler `killOnTerminationSignals()` installs
/// kills every live group before the signal ends pophost.
public enum LiveChildren {
    /// Slots for the process-group ids of the live children; 0 is a free slot. Fixed memory, made
    /// before any handler is installed, so that the handler only reads it.
    private static let capacity = 256
    nonisolated(unsafe) private static let groups: UnsafeMutablePointer<pid_t> = {
        let pointer = UnsafeMutablePointer<pid_t>.allocate(capacity: capacity)
        pointer.initialize(repeating: 0, count: capacity)
        return pointer
    }()
    /// Serialises the writers (the handler reads without it).
    private static let writers = Mutex(())

    /// Notes a child that leads its own process group.
    static func add(_ group: pid_t) {
        writers.withLock { _ in
            guard let free = (0..<capacity).first(where: { groups[$0] == 0 }) else { return }
            groups[free] = group
        }
    }

    /// Forgets a child whose group has been killed and which has been reaped.
    static func remove(_ group: pid_t) {
        writers.withLock { _ in
            if let slot = (0..<capacity).first(where: { groups[$0] == group }) { groups[slot] = 0 }
        }
    }

    /// Kills every live child and its process group. Async-signal-safe (reads fixed memory, calls
    /// `kill`).
    public static func killAll() {
        for slot in 0..<capacity {
            let group = groups[slot]
            guard group > 0 else { continue }
            kill(-group, SIGKILL)
            kill(group, SIGKILL)  // in case the child left its group
        }
    }

    /// Signals that end a process when nothing handles them.
    private static let terminatingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// For an executable that starts children: on SIGINT, SIGTERM, SIGHUP or SIGQUIT, kill every live
    /// child's process group, then let the signal end the process as it would have (a signal that was
    /// ignored stays ignored). Call once, early.
    public static func killOnTerminationSignals() {
        _ = groups  // made now: the handler must not be the first to touch it
        for signal in terminatingSignals {
            var previous = sigaction()
            guard sigaction(signal, nil, &previous) == 0 else { continue }
            if previous.sa_flags & SA_SIGINFO == 0, unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self) == 1 {  // SIG_IGN
                continue
            }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                LiveChildren.killAll()
                var fallback = sigaction()  // SIG_DFL
                sigemptyset(&fallback.sa_mask)
                sigaction(signal, &fallback, nil)
                raise(signal)  // delivered, with its default action, when the handler returns
            }
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
    }
}
