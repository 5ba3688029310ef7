#if canImport(Glibc)
import Glibc
#endif

/// The system's monotonic clock (CLOCK_MONOTONIC): for timeouts and durations, never for dates.
package enum MonotonicClock {
    /// Seconds since an arbitrary fixed point.
    package static func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
