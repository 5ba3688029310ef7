import Foundation
import PopLoaderTestSupport
import PopTestSupport
import Testing

@testable import PopHarness

#if canImport(Glibc)
import Glibc
#endif

/// The test's process executable: found next to the running executable, and, when it is missing,
/// named with the fix, both before a run and in each result of a run that starts it anyway.
@Suite struct TestChildTests {
    @Test("the default test's process is pophost-test-child next to the running executable")
    func defaultChild() {
        #expect(HarnessOptions.defaultChildCommand == [Build.directory + "/pophost-test-child"])
        #expect(HarnessOptions(seed: 1).childProblem == nil, "swift build puts it beside the test binary")
    }

    @Test("a missing test's process is named with how to provide it")
    func missingChild() throws {
        var options = HarnessOptions(seed: 1, childCommand: [Build.directory + "/no-such-test-child"])
        let problem = try #require(options.childProblem)
        #expect(problem.contains("no-such-test-child is missing"), "\(problem)")
        #expect(problem.contains("POPHOST_TEST_CHILD") && problem.contains("--product pophost-test-child"), "\(problem)")
        options.only = ["library.loads"]
        let report = HarnessRunner(options: options).run(plugins: [Build.cSample])
        let result = try #require(report.plugins.first?.results.first)
        #expect(result.status == .crashed)
        #expect(result.message?.contains("POPHOST_TEST_CHILD") == true, "\(String(describing: result.message))")
        options.inProcess = true
        #expect(options.childProblem == nil, "in process, no test's process is started")
    }

    /// A child command that notes each time it is started in `log`, then runs pophost-test-child
    /// with its arguments (`passing`) or without them.
    private static func countingChild(in directory: TemporaryDirectory, log: String, passing: Bool) throws -> String {
        let script = directory.file(passing ? "counting-child" : "counting-child-without-arguments")
        let text = "#!/bin/sh\necho started >> '\(log)'\nexec '\(Build.testChild)'\(passing ? " \"$@\"" : "")\n"
        try text.write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        return script
    }

    private static func starts(_ log: String) -> Int {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    @Test("each worker's tests are forked by one server: the executable starts once per worker and phase, not once per test")
    func forkedTests() throws {
        let directory = TemporaryDirectory(), log = directory.file("starts.log")
        var options = HarnessOptions(seed: 3, childCommand: [try Self.countingChild(in: directory, log: log, passing: true)])
        options.jobs = 2
        let report = HarnessRunner(options: options).run(plugins: [Build.cSample])
        let results = try #require(report.plugins.first?.results)
        #expect(results.count > 20)
        #expect(results.allSatisfy { $0.status != .crashed && $0.status != .timeout && $0.status != .failed }, "\(results)")
        // Two phases (the tests that load nothing, then the others), two workers each.
        #expect(Self.starts(log) <= 4, "started \(Self.starts(log)) times for \(results.count) tests")
    }

    @Test("a child command that cannot serve forks still runs every test, each in a process it starts")
    func spawnedWhenNotServing() throws {
        let directory = TemporaryDirectory(), log = directory.file("starts.log")
        var options = HarnessOptions(seed: 3, childCommand: [try Self.countingChild(in: directory, log: log, passing: false)])
        options.only = ["library.*"]
        let report = HarnessRunner(options: options).run(plugins: [Build.cSample])
        let results = try #require(report.plugins.first?.results)
        #expect(results.count >= 3)
        #expect(results.allSatisfy { $0.status == .success || $0.status == .warning || $0.status == .skipped }, "\(results)")
        // Each phase's server was tried once (it answered as a test's process), then each test spawned.
        #expect(Self.starts(log) >= results.count, "started \(Self.starts(log)) times for \(results.count) tests")
    }
}
