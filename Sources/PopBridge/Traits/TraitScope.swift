import PopModel
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The display traits of the call the host is making into a plugin now, on the thread making it:
/// what "pop.traits/1" answers (ext/traits.h). The host table is one per plugin, shared by every
/// chef of the process, so the traits cannot live in it: each call into a component (a build, a
/// configure, a layout, an animation, a timer, traits_changed) carries its own chef's traits here
/// while it runs. Calls nest (a timer's callback inside a layout); the innermost wins.
enum TraitScope {
    private struct Entry: Sendable {
        let thread: pthread_t
        let traits: DisplayTraits
    }

    private static let entries = Mutex<[Entry]>([])

    /// Runs `body` with `traits` as the current call's traits on this thread.
    static func with<Result, Failure: Error>(_ traits: DisplayTraits, _ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        let thread = pthread_self()
        entries.withLock { $0.append(Entry(thread: thread, traits: traits)) }
        defer {
            entries.withLock { entries in
                if let index = entries.lastIndex(where: { pthread_equal($0.thread, thread) != 0 }) { entries.remove(at: index) }
            }
        }
        return try body()
    }

    /// The traits of the innermost call on this thread; nil outside every call.
    static var current: DisplayTraits? {
        let thread = pthread_self()
        return entries.withLock { $0.last { pthread_equal($0.thread, thread) != 0 }?.traits }
    }
}
