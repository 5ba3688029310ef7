import Foundation
import PopTestSupport
import Testing

@testable import PopHarness

/// Scenarios a plugin ships: found by convention or --scenarios, played as tests, their snapshots
/// recorded on request and compared otherwise.
@Suite struct DeclaredScenarioTests {
    /// A payment dialog from the C sample: shown, the password typed, confirmed.
    static let scenario = """
        {"format": 1, "name": "pay",
         "steps": [
           {"show": {"handler": "com.pophost.samples.c.payment-handler", "view_loader": "com.pophost.samples.c.payment-view",
                     "controller_loader": "com.pophost.samples.c.pop-controller", "data": {"amount": 12.5, "order": "A-1"}, "as": "pay"}},
           {"wait": "idle"},
           {"type": {"text": "123456", "field": "password", "on": "pay"}},
           {"tap": {"action": "confirm", "on": "pay"}},
           {"wait": "idle"}],
         "expect": {"trace": [{"event": "did-present", "request": "pay"}, {"event": "dismissed", "request": "pay", "reason": "action"}]}}
        """

    /// A plugin directory holding a copy of the C sample and its scenarios next to it.
    static func shelf() throws -> (TemporaryDirectory, plugin: String, scenarios: String) {
        let directory = TemporaryDirectory()
        let plugin = directory.file("libPopSampleC.so")
        try FileManager.default.copyItem(atPath: Build.cSample, toPath: plugin)
        let scenarios = directory.subdirectory("libPopSampleC.scenarios")
        try scenario.write(toFile: scenarios + "/pay.json", atomically: true, encoding: .utf8)
        return (directory, plugin, scenarios)
    }

    @Test("the convention finds <library>.scenarios next to the library; --scenarios overrides it")
    func discovery() throws {
        let (directory, plugin, scenarios) = try Self.shelf()
        _ = directory
        #expect(ScenarioShelf().scenarios(for: plugin) == [scenarios + "/pay.json"])
        #expect(ScenarioShelf().scenarios(for: Build.cSample).isEmpty)
        #expect(ScenarioShelf(directory: scenarios).scenarios(for: Build.cSample) == [scenarios + "/pay.json"])
        #expect(ConformanceSuite.tests(for: plugin, shelf: ScenarioShelf()).last?.name == "scenario.pay")
    }

    @Test("a scenario without a snapshot warns; --update-snapshots records it; then it passes, and a changed run fails with the line")
    func snapshots() throws {
        let (directory, plugin, scenarios) = try Self.shelf()
        _ = directory
        let only = ["--only", "scenario.*", plugin]
        var (status, report, stderr) = try HarnessTests.harness(only)
        var result = try #require(report.plugins.first?.results.first { $0.name == "scenario.pay" }, "\(stderr)")
        #expect(status == 0)
        #expect(result.status == .warning && result.message?.contains("--update-snapshots") == true, "\(result)")

        (status, report, _) = try HarnessTests.harness(["--update-snapshots"] + only)
        #expect(status == 0)
        let snapshotPath = scenarios + "/snapshots/pay.snapshot"
        let recorded = try String(contentsOfFile: snapshotPath, encoding: .utf8)
        #expect(recorded.contains("trace {") && recorded.contains("\"did-present\"") && recorded.contains("node {"))

        (status, report, _) = try HarnessTests.harness(only)
        result = try #require(report.plugins.first?.results.first { $0.name == "scenario.pay" })
        #expect(status == 0 && result.status == .success, "\(result)")

        try recorded.replacingOccurrences(of: "did-present", with: "did-appear").write(
            toFile: snapshotPath, atomically: true, encoding: .utf8)
        (status, report, _) = try HarnessTests.harness(only)
        result = try #require(report.plugins.first?.results.first { $0.name == "scenario.pay" })
        #expect(status == 1 && result.status == .failed)
        #expect(result.message?.contains("at line") == true)
        #expect(result.details.contains { $0.hasPrefix("expected:") && $0.contains("did-appear") })
    }

    @Test("a malformed scenario or an unmet expectation fails its test, naming the file and the cause")
    func brokenScenarios() throws {
        let (directory, plugin, scenarios) = try Self.shelf()
        _ = directory
        try "{\"format\": 1, \"steps\": [{\"shwo\": {}}]}".write(toFile: scenarios + "/typo.json", atomically: true, encoding: .utf8)
        try Self.scenario.replacingOccurrences(of: "\"dismissed\"", with: "\"never-happens\"")
            .write(toFile: scenarios + "/unmet.json", atomically: true, encoding: .utf8)
        let (status, report, _) = try HarnessTests.harness(["--only", "scenario.typo", "--only", "scenario.unmet", plugin])
        #expect(status == 1)
        let results = try #require(report.plugins.first?.results)
        let typo = try #require(results.first { $0.name == "scenario.typo" })
        #expect(typo.status == .failed && typo.message?.contains("typo.json") == true && typo.message?.contains("shwo") == true, "\(typo)")
        let unmet = try #require(results.first { $0.name == "scenario.unmet" })
        #expect(unmet.status == .failed && unmet.message?.contains("never-happens") == true, "\(unmet)")
    }
}
