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
/// measured in the same run (target: at most 5×), with an empty Swift program beside them: the floor
/// any Swift executable pays to start.
struct HarnessMeasurements: Codable {
    static let processTarget = 5.0

    var tests: Int
    var oneJobSeconds: Double
    var twoJobsSeconds: Double
    var targetSeconds = 10.0
    var pass: Bool
    /// One test's process: `pophost-test-child`, asked on standard input to run library.loads on the
    /// C sample, from spawn to exit.
    var testProcessMilliseconds: Double
    /// A spawn of /bin/true through the same mechanism, to its exit.
    var trueMilliseconds: Double
    /// A spawn of `pophost-bench-swift-floor` (an empty Swift program) the same way, to its exit.
    var swiftFloorMilliseconds: Double
    /// The test's process / /bin/true: the figure the target applies to.
    var overheadRatio: Double
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
        var child: [Int] = [], bare: [Int] = [], floor: [Int] = []
        let request = ChildRequest(test: "library.loads", plugin: plugin, seed: 1, strictness: 5, scenarios: nil, updateSnapshots: false)
        let input: [UInt8]
        do { input = Array(try ValueEncoder().encode(request).json.utf8) + [0x0A] } catch { throw BenchError("\(error)") }
        // Interleaved, so that the machine's drift touches the three alike; the first round warms up.
        for index in -1..<max(20, rounds * 8) {
            let times = (
                try spawnAndWait([testChild], input: input), try spawnAndWait(["/bin/true"], input: []),
                try spawnAndWait([swiftFloor], input: [])
            )
            guard index >= 0 else { continue }
            child.append(times.0)
            bare.append(times.1)
            floor.append(times.2)
        }
        let one = median(wall[1]!) / 1e9, two = median(wall[2]!) / 1e9
        let processMs = median(child) / 1e6, trueMs = median(bare) / 1e6, floorMs = median(floor) / 1e6
        return HarnessMeasurements(
            tests: tests, oneJobSeconds: one, twoJobsSeconds: two, pass: max(one, two) < 10,
            testProcessMilliseconds: processMs, trueMilliseconds: trueMs, swiftFloorMilliseconds: floorMs,
            overheadRatio: processMs / trueMs, swiftFloorRatio: floorMs / trueMs,
            processPass: processMs / trueMs <= HarnessMeasurements.processTarget)
    }

    /// Runs `executable` to its end; returns its standard output; a failure to start or a crash
    /// is an error (a failing suite, status 1, is not: the report says which tests failed).
    private static func runToEnd(_ executable: String, _ arguments: [String]) throws(BenchError) -> String {
        try standardOutput(of: executable, arguments, highestStatus: 1)
    }

    /// Nanoseconds from spawning `command` (the harness's own child-process mechanism) to its exit.
    private static func spawnAndWait(_ command: [String], input: [UInt8]) throws(BenchError) -> Int {
        let start = monotonicNanoseconds()
        do {
            let child = try ChildProcess(executable: command[0], arguments: Array(command.dropFirst()), input: input)
            guard child.wait() == .exited(0) else { throw BenchError("\(command.joined(separator: " ")) failed") }
        } catch let error as BenchError {
            throw error
        } catch {
            throw BenchError("\(error)")
        }
        return monotonicNanoseconds() - start
    }
}
