/// The benchmark's time origin: `monotonicNanoseconds` counts from here.
private let origin = ContinuousClock.now

/// Nanoseconds on the continuous (monotonic) clock since the first call.
func monotonicNanoseconds() -> Int {
    let (seconds, attoseconds) = (ContinuousClock.now - origin).components
    return Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
}

/// Runs `body` and returns its result with the nanoseconds it took.
func timed<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> (result: T, nanoseconds: Int) {
    let start = monotonicNanoseconds()
    let result = try body()
    return (result, monotonicNanoseconds() - start)
}
