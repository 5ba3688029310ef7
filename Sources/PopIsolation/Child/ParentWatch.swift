import Foundation
import PopLoader
import PopProcess

#if canImport(Glibc)
import Glibc
#endif

/// Ends a plugin host whose parent has gone. The plugin host also ends when its channel closes, but
/// its main thread may be stuck in a plugin (an endless loop), and a parent killed with SIGKILL
/// cannot take it along: a thread of its own checks ten times a second that the parent is still its
/// parent (an orphan is adopted by another process) and ends the process when it is not. Not
/// `ChildProcess.dieWithParent()`, which short-lived children use: the kernel's parent-death signal
/// follows the thread that spawned the child, and a plugin host outlives the thread that started it.
/// What the plugin started is ended first (`_exit` skips `atexit`).
enum ParentWatch {
    static func start(parent: pid_t) {
        if getppid() != parent { orphaned() }
        Thread.detachNewThread {
            while true {
                usleep(100_000)
                if getppid() != parent { orphaned() }
            }
        }
    }

    private static func orphaned() -> Never {
        LiveChildren.endAll()
        _exit(0)
    }
}
