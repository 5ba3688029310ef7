#if canImport(Glibc)
import Glibc
#endif

/// Nanoseconds on `CLOCK_MONOTONIC`.
func monotonicNanoseconds() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return time.tv_sec * 1_000_000_000 + time.tv_nsec
}

/// Runs `body` and returns its result with the nanoseconds it took.
func timed<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> (result: T, nanoseconds: Int) {
    let start = monotonicNanoseconds()
    let result = try body()
    return (result, monotonicNanoseconds() - start)
}
