import PopLoaderTestSupport
import PopTestSupport
import Testing

@testable import PopHarness

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
}
