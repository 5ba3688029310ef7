import PopChef
import PopModel

/// Why a plugin host stopped serving: it died during a call (or while starting), a call overran its
/// deadline, or it wrote something that is not the protocol. Every later call on its connection is
/// refused with this failure.
struct HostFailure: Error {
    enum Cause {
        /// The process ended (a signal, `exit`, `abort`) or broke the protocol.
        case crashed
        /// A call or the start did not finish in time; the process was killed.
        case timedOut
    }

    let cause: Cause
    /// What happened, for the trace, the log and the event: which plugin, during which call, how.
    let message: String

    /// The reason the requests that used the plugin end with.
    var reason: Reason { cause == .crashed ? .pluginCrashed : .pluginTimeout }

    /// The failure a call into one of its components (or a new one) throws.
    var componentFailure: ComponentFailure {
        ComponentFailure(cause == .crashed ? .crashed : .timedOut, message)
    }
}
