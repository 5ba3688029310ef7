import BenchWireFloor

#if canImport(Glibc)
import Glibc
#endif

/// Where the two processes of an isolated call, or of its floor, run. On two cores a round trip
/// costs about five times as much when the two processes sit on different cores (the sleeping core
/// is woken each time) as when they share one, and unpinned the scheduler picks either, differently
/// from minute to minute: the floor measured 17 µs in one run and 85 µs in the next. So the isolation
/// suite also measures each pair pinned both ways, the isolated pair and its floor placed alike: the
/// parent's measuring thread on the first core it may use, the child on the same core or on the
/// second. A child inherits the affinity of the thread that starts it, so each pinned pair is
/// started while this thread is pinned where its child belongs (`starting`).
enum CPUPlacement: String, CaseIterable, Codable {
    /// Both processes on one core.
    case oneCore = "one core"
    /// The parent on one core, the child on another.
    case twoCores = "two cores"

    /// The placements this process can make: none with a single core allowed.
    static var available: [CPUPlacement] { allowedCPUs.count >= 2 ? allCases : [] }

    /// The core of the parent's measuring thread, and that of the child.
    private var cores: (parent: Int32, child: Int32) {
        let cpus = Self.allowedCPUs
        return (cpus[0], self == .oneCore ? cpus[0] : cpus[1])
    }

    /// Runs `body` (which starts the child) with this thread pinned to the child's core.
    func starting<T>(_ body: () throws(BenchError) -> T) throws(BenchError) -> T {
        try Self.pinned(to: cores.child, body)
    }

    /// Runs `body` (which measures) with this thread pinned to the parent's core.
    func measuring<T>(_ body: () throws(BenchError) -> T) throws(BenchError) -> T {
        try Self.pinned(to: cores.parent, body)
    }

    /// The cores this process was allowed when it started, in order.
    private static let allowedCPUs: [Int32] = {
        var cpus = [Int32](repeating: 0, count: 1024)
        let count = pop_bench_allowed_cpus(&cpus, Int32(cpus.count))
        return count > 0 ? Array(cpus[..<Int(count)]) : []
    }()

    /// Runs `body` with this thread allowed only `cpu`, then gives it back the cores it started with.
    private static func pinned<T>(to cpu: Int32, _ body: () throws(BenchError) -> T) throws(BenchError) -> T {
        guard pop_bench_set_thread_cpus([cpu], 1) == 0 else {
            throw BenchError("cannot pin the measuring thread to CPU \(cpu): \(String(cString: strerror(errno)))")
        }
        defer { _ = pop_bench_set_thread_cpus(allowedCPUs, Int32(allowedCPUs.count)) }
        return try body()
    }
}
