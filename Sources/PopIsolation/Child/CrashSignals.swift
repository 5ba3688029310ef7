#if canImport(Glibc)
import Glibc
#endif

/// A plugin host reports a plugin's crash by dying of it: the parent reads the signal from its exit
/// status. The Swift runtime's crash handlers (its backtracer) would first spend a fraction of a
/// second writing a backtrace of the plugin host — time on the parent's clock, and output that
/// buries the plugin's own last line — so the plugin host puts the crash signals back to their
/// default action before it opens the plugin.
enum CrashSignals {
    static func restoreDefaults() {
        for signal in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP] {
            var action = sigaction()
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
    }
}
