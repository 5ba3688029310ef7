import CProcessControl
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The child processes pophost has running now (scanner workers, conformance tests, plugin hosts),
/// kept where a signal handler can reach them, and the processes they or a plugin leave behind.
/// Each child leads a process group of its own, so killing the group also ends what a plugin started
/// in it (a forked helper keeping a descriptor open).
///
/// A process that calls `setsid()` leaves its group, and an orphan is re-parented to init, out of
/// anyone's reach. So a process that runs plugin code, or starts processes that do, calls
/// `adoptDescendants()`: it becomes a subreaper (`PR_SET_CHILD_SUBREAPER`), every orphan among its
/// descendants becomes its child, and they are all killed and reaped when it exits. With it, each
/// child reaped also ends the orphans it left (`endAdopted(leftBy:)`), and an interrupted process
/// ends them in its signal handler (`killOnTerminationSignals()`).
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
    /// Held while a child is spawned and noted, and while orphans are ended: an orphan sweep on one
    /// thread never takes a child another thread has just spawned but not yet noted for one.
    private static let spawning = Mutex(())
    /// Whether this process adopts its descendants' orphans (`adoptDescendants()`); read by the
    /// signal handler, so atomic.
    private static let adopting = Atomic<Bool>(false)

    /// Runs `start`, which spawns a child and notes it (`add`), with no orphan sweep in between.
    static func whileSpawning<Result>(_ start: () -> Result) -> Result {
        spawning.withLock { _ in start() }
    }

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

    /// Makes this process keep every process its descendants start, however they detach (a double
    /// fork, `setsid()`): it becomes their reaper (`PR_SET_CHILD_SUBREAPER`), and when it exits
    /// (`exit`, a return from `main`, a plugin's own `exit()`) they are all killed and reaped. pophost,
    /// the scanner, the plugin host and the harness's test processes call it first thing; an app that
    /// embeds the runtime calls it once, early, to have the same guarantee — it is never made
    /// implicitly, since it changes what becomes of every orphan of the app's other children. False
    /// where the kernel offers no subreaper (before Linux 3.4).
    @discardableResult
    public static func adoptDescendants() -> Bool {
        _ = groups  // made now: the handler must not be the first to touch it
        guard pop_set_child_subreaper() == 0 else { return false }
        if !adopting.exchange(true, ordering: .acquiringAndReleasing) {
            atexit { LiveChildren.endAll() }
        }
        return true
    }

    /// Kills and reaps every child of this process — live children included — and, in a process
    /// that adopts its descendants, everything they left behind. For a process that is ending: a
    /// child's `_exit` path, where `atexit` does not run. Async-signal-safe.
    public static func endAll() {
        _ = pop_end_children(nil, 0, 0)
    }

    /// In a process that adopts its descendants: kills and reaps the orphans the child that led
    /// `group` left behind, now this process's children — those still in the group, and any in a
    /// session of their own (a daemon's `setsid()`), but no live child and no ordinary child of this
    /// process (an in-process plugin's helper, an app's own `Process`: those end when it exits).
    /// Called after each child is reaped, so what a child that ended, was killed or crashed left
    /// behind ends with it.
    static func endAdopted(leftBy group: pid_t) {
        guard adopting.load(ordering: .acquiring) else { return }
        spawning.withLock { _ in
            writers.withLock { _ in _ = pop_end_children(groups, Int32(capacity), group) }
        }
    }

    /// Signals that end a process when nothing handles them.
    private static let terminatingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// For an executable that starts children: on SIGINT, SIGTERM, SIGHUP or SIGQUIT, kill every live
    /// child's process group — and, in a process that adopts its descendants, every descendant — then
    /// let the signal end the process as it would have (a signal that was ignored stays ignored). Call
    /// once, early.
    public static func killOnTerminationSignals() {
        _ = groups  // made now: the handler must not be the first to touch either
        _ = adopting.load(ordering: .relaxed)
        for signal in terminatingSignals {
            var previous = sigaction()
            guard sigaction(signal, nil, &previous) == 0 else { continue }
            if previous.sa_flags & SA_SIGINFO == 0, unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self) == 1 {  // SIG_IGN
                continue
            }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                LiveChildren.killAll()
                if LiveChildren.adopting.load(ordering: .acquiring) { LiveChildren.endAll() }
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
