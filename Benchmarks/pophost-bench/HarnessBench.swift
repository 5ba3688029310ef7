import Foundation
import HostRuntime
import PopHarness
import PopLoader
import PopProcess

#if canImport(Glibc)
import Glibc
#endif

/// The conformance harness: the wall time of the default suite on the C sample with one and two
/// jobs (target: under 10 s), and what one test's process costs against a bare spawn of /bin/true
/// measured in the same run (target: at most 5×) — forked by a running fork server, as the harness
/// starts each test, and spawned afresh beside it — with an empty Swift program beside them: the
/// floor any Swift executable pays to start.
struct HarnessMeasurements: Codable {
    static let processTarget = 5.0

    var tests: Int
    var oneJobSeconds: Double
    var twoJobsSeconds: Double
    var targetSeconds = 10.0
    var pass: Bool
    /// One test's process as the harness starts it: a copy of `pophost-test-child` forked by its fork
    /// server (already running, as it is from a worker's second test on), asked on standard input to
    /// run library.loads on the C sample, from the request to its exit.
    var testProcessMilliseconds: Double
    /// The same test in a `pophost-test-child` spawned afresh, from spawn to exit: what each test cost
    /// before the fork server, and what it costs when the child command cannot serve.
    var spawnedTestProcessMilliseconds: Double
    /// A spawn of /bin/true through the same mechanism, to its exit.
    var trueMilliseconds: Double
    /// A spawn of `pophost-bench-swift-floor` (an empty Swift program) the same way, to its exit.
    var swiftFloorMilliseconds: Double
    /// The test's process / /bin/true: the figure the target applies to.
    var overheadRatio: Double
    /// The spawned test's process / /bin/true.
    var spawnedRatio: Double
    /// The empty Swift program / /bin/true.
    var swiftFloorRatio: Double
    var processTarget = Self.processTarget
    var processPass: Bool
}

enum HarnessBench {
    static func measure(rounds: Int) throws(BenchError) -> HarnessMeasurements {
        let directory = RunningExecutable.directory
        let pophost = directory + "/pophost", plugin = directory + "/libPopSampleC.so"
        let testChild = directory + "/pophost-test-child", swiftFloor = directory + "/pophost-bench-swift-floor"
        for executable in [pophost, testChild, swiftFloor] where access(executable, X_OK) != 0 {
            throw BenchError("\(executable) is missing; build every product with `swift build -c release` first")
        }
        var tests = 0
        var wall: [Int: [Int]] = [1: [], 2: []]
        for _ in 0..<rounds {
            for jobs in [1, 2] {
                let start = monotonicNanoseconds()
                let output = try runToEnd(pophost, ["test", "--json", "--jobs", String(jobs), "--seed", "1", plugin])
                wall[jobs]!.append(monotonicNanoseconds() - start)
                tests = output.components(separatedBy: "\"status\"").count - 1
            }
        }
        var forked: [Int] = [], child: [Int] = [], bare: [Int] = [], floor: [Int] = []
        let server: ForkServer
        do { server = try ForkServer(executable: testChild) } catch { throw BenchError("\(error)") }
        let request = ChildRequest(test: "library.loads", plugin: plugin, seed: 1, strictness: 5, scenarios: nil, updateSnapshots: false)
        let input: [UInt8]
        do { input = Array(try ValueEncoder().encode(request).json.utf8) + [0x0A] } catch { throw BenchError("\(error)") }
        // Interleaved, so that the machine's drift touches the three alike; the first round warms up.
        for index in -1..<max(20, rounds * 8) {
            let times = (
                try spawnAndWait([testChild], input: input), try spawnAndWait(["/bin/true"], input: []),
                try spawnAndWait([swiftFloor], input: []), try forkAndWait(server, input: input)
            )
            guard index >= 0 else { continue }
            child.append(times.0)
            bare.append(times.1)
            floor.append(times.2)
            forked.append(times.3)
        }
        let one = median(wall[1]!) / 1e9, two = median(wall[2]!) / 1e9
        let processMs = median(forked) / 1e6, spawnedMs = median(child) / 1e6, trueMs = median(bare) / 1e6
        let floorMs = median(floor) / 1e6
        return HarnessMeasurements(
            tests: tests, oneJobSeconds: one, twoJobsSeconds: two, pass: max(one, two) < 10,
            testProcessMilliseconds: processMs, spawnedTestProcessMilliseconds: spawnedMs, trueMilliseconds: trueMs,
            swiftFloorMilliseconds: floorMs, overheadRatio: processMs / trueMs, spawnedRatio: spawnedMs / trueMs,
            swiftFloorRatio: floorMs / trueMs,
            processPass: processMs / trueMs <= HarnessMeasurements.processTarget)
    }

    /// Runs `executable` to its end; returns its standard output; a failure to start or a crash
    /// is an error (a failing suite, status 1, is not: the report says which tests failed).
    private static func runToEnd(_ executable: String, _ arguments: [String]) throws(BenchError) -> String {
        try standardOutput(of: executable, arguments, highestStatus: 1)
    }

    /// Nanoseconds from asking `server` for a test's process to its exit (the harness's own way).
    private static func forkAndWait(_ server: ForkServer, input: [UInt8]) throws(BenchError) -> Int {
        try timedToExit("a forked test's process") { () throws(SpawnError) in try ChildProcess(forkedBy: server, input: input) }
    }

    /// Nanoseconds from spawning `command` (the harness's own child-process mechanism) to its exit.
    private static func spawnAndWait(_ command: [String], input: [UInt8]) throws(BenchError) -> Int {
        try timedToExit(command.joined(separator: " ")) { () throws(SpawnError) in
            try ChildProcess(executable: command[0], arguments: Array(command.dropFirst()), input: input)
        }
    }

    /// Nanoseconds from `start` starting `what` to its exit; an error when it cannot start or fails.
    private static func timedToExit(_ what: String, _ start: () throws(SpawnError) -> ChildProcess) throws(BenchError) -> Int {
        let begin = monotonicNanoseconds()
        let child: ChildProcess
        do { child = try start() } catch { throw BenchError("\(error)") }
        guard child.wait() == .exited(0) else { throw BenchError("\(what) failed") }
        return monotonicNanoseconds() - begin
    }
}
