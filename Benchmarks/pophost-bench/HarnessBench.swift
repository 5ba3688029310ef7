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
/// measured in the same run.
struct HarnessMeasurements: Codable {
    var tests: Int
    var oneJobSeconds: Double
    var twoJobsSeconds: Double
    var targetSeconds = 10.0
    var pass: Bool
    /// One test's process: `pophost test --child`, asked on standard input to run library.loads on
    /// the C sample, from spawn to exit.
    var testProcessMilliseconds: Double
    /// A spawn of /bin/true through the same mechanism, to its exit.
    var trueMilliseconds: Double
    var overheadRatio: Double
}

enum HarnessBench {
    static func measure(rounds: Int) throws(BenchError) -> HarnessMeasurements {
        let directory = RunningExecutable.directory
        let pophost = directory + "/pophost", plugin = directory + "/libPopSampleC.so"
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
        var child: [Int] = [], bare: [Int] = []
        let request = ChildRequest(test: "library.loads", plugin: plugin, seed: 1, strictness: 5, scenarios: nil, updateSnapshots: false)
        let input: [UInt8]
        do { input = Array(try ValueEncoder().encode(request).json.utf8) + [0x0A] } catch { throw BenchError("\(error)") }
        for _ in 0..<max(10, rounds * 4) {
            child.append(try spawnAndWait([pophost, "test", "--child"], input: input))
            bare.append(try spawnAndWait(["/bin/true"], input: []))
        }
        let one = median(wall[1]!) / 1e9, two = median(wall[2]!) / 1e9
        let processMs = median(child) / 1e6, trueMs = median(bare) / 1e6
        return HarnessMeasurements(
            tests: tests, oneJobSeconds: one, twoJobsSeconds: two, pass: max(one, two) < 10,
            testProcessMilliseconds: processMs, trueMilliseconds: trueMs, overheadRatio: processMs / trueMs)
    }

    /// Runs `executable` to its end; returns its standard output; a failure to start or a crash
    /// is an error (a failing suite is not: the report says which tests failed).
    private static func runToEnd(_ executable: String, _ arguments: [String]) throws(BenchError) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        do { try process.run() } catch { throw BenchError("cannot start \(executable): \(error)") }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus <= 1 else {
            throw BenchError("\(executable) \(arguments.joined(separator: " ")) ended with \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
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
