import Foundation
import PopModel
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

    @Test(
        "without <library>.scenarios, the scenarios/ of the project that built the library: C at its root, Swift in .build/release, Rust in target/release",
        arguments: [("Makefile", ""), ("Package.swift", ".build/release"), ("Cargo.toml", "target/release")])
    func projectScenarios(manifest: String, libraryDirectory: String) throws {
        let project = TemporaryDirectory()
        FileManager.default.createFile(atPath: project.file(manifest), contents: Data())
        let scenarios = project.subdirectory("scenarios")
        try Self.scenario.write(toFile: scenarios + "/pay.json", atomically: true, encoding: .utf8)
        let library = (libraryDirectory.isEmpty ? project.path : project.subdirectory(libraryDirectory)) + "/libgreeter.so"
        #expect(ScenarioShelf().scenarios(for: library) == [scenarios + "/pay.json"])
        // Without a build manifest the directory is not a project; <library>.scenarios comes first.
        try FileManager.default.removeItem(atPath: project.file(manifest))
        #expect(ScenarioShelf().scenarios(for: library).isEmpty)
        FileManager.default.createFile(atPath: project.file(manifest), contents: Data())
        let own = (library as NSString).deletingLastPathComponent + "/libgreeter.scenarios"
        try FileManager.default.createDirectory(atPath: own, withIntermediateDirectories: true)
        #expect(ScenarioShelf().directory(for: library) == own)
    }

    @Test("pophost test names the directory of the scenarios it runs: a project's scenarios/ is not on the command line")
    func scenariosNamed() throws {
        let project = TemporaryDirectory()
        FileManager.default.createFile(atPath: project.file("Makefile"), contents: Data())
        let scenarios = project.subdirectory("scenarios")
        try Self.scenario.write(toFile: scenarios + "/pay.json", atomically: true, encoding: .utf8)
        let library = project.subdirectory("build") + "/libPopSampleC.so"
        try FileManager.default.copyItem(atPath: Build.cSample, toPath: library)
        let found = try run(Build.pophost, ["test", "--only", "scenario.pay", library])
        #expect(found.stdout.contains("\(library)\n  scenarios from \(scenarios)\n"), "\(found.stdout)")
        let none = try run(Build.pophost, ["test", "--only", "library.loads", library])
        #expect(none.status == 0 && !none.stdout.contains("scenarios from"), "\(none.stdout)")
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
        let traceOnly = try #require(result.snapshot, "the report says how the snapshot differs")
        #expect(traceOnly.scenario == scenarios + "/pay.json" && traceOnly.snapshot == snapshotPath)
        #expect(traceOnly.frame == nil && traceOnly.expectedFrame == nil && traceOnly.actualFrame == nil, "only the trace differs")
    }

    @Test("a run whose frame differs from its snapshot: the report carries which frame, as recorded and as run (pophost test --json)")
    func frameDifference() throws {
        let (directory, plugin, scenarios) = try Self.shelf()
        _ = directory
        let only = ["--only", "scenario.*", plugin]
        #expect(try HarnessTests.harness(["--update-snapshots"] + only).status == 0)
        let snapshotPath = scenarios + "/snapshots/pay.snapshot"
        let recorded = try String(contentsOfFile: snapshotPath, encoding: .utf8)
        let lines = recorded.split(separator: "\n", omittingEmptySubsequences: false)
        let frames = lines.filter { $0.hasPrefix("frame ") }.count
        // The last frame's first node, recoloured: the last of the snapshot's frames differs there.
        let lastFrame = try #require(lines.lastIndex { $0.hasPrefix("frame ") })
        var stale = lines
        stale[lastFrame + 1] = Substring(lines[lastFrame + 1].replacingOccurrences(of: "\"opacity\":1", with: "\"opacity\":0.5"))
        #expect(stale != lines)
        try stale.joined(separator: "\n").write(toFile: snapshotPath, atomically: true, encoding: .utf8)

        let result = try run(Build.pophost, ["test", "--json"] + only)
        #expect(result.status == 1)
        let json = try Value(json: result.stdout)
        guard case .array(let results)? = json["plugins"]?[0]?["results"] else {
            Issue.record("no results: \(result.stdout.prefix(300))")
            return
        }
        let failed = try #require(results.first { $0["name"] == "scenario.pay" })
        #expect(failed["status"] == "failed")
        let snapshot = try #require(failed["snapshot"], "\(failed.json)")
        #expect(snapshot["frame"] == .int(Int64(frames - 1)) && snapshot["line"] == .int(Int64(lastFrame + 2)))
        #expect(snapshot["expected_frame"]?["nodes"]?[0]?["opacity"] == .double(0.5))
        #expect(snapshot["actual_frame"]?["nodes"]?[0]?["opacity"] == .int(1))
        #expect(snapshot["expected_frame"]?["time_ms"] == snapshot["actual_frame"]?["time_ms"])
        let decoded = try HarnessTests.harness(only).report.plugins.first?.results.first { $0.name == "scenario.pay" }?.snapshot
        #expect(decoded?.frame == frames - 1 && decoded?.expectedFrame?["nodes"]?[0]?["opacity"] == .double(0.5), "the report reads back")
        let passing = try run(Build.pophost, ["test", "--json", "--only", "library.loads", plugin])
        #expect(!passing.stdout.contains("\"snapshot\""), "a result without a snapshot difference has no such member")
    }

    @Test("recording one scenario's snapshot writes that file only; a name that is not one of the plugin's scenarios records nothing")
    func recordOne() throws {
        let (directory, plugin, scenarios) = try Self.shelf()
        _ = directory
        try Self.scenario.write(toFile: scenarios + "/other.json", atomically: true, encoding: .utf8)
        let runner = HarnessRunner(options: HarnessOptions(seed: 17, childCommand: [Build.testChild]))
        let report = try #require(runner.recordSnapshot(plugin: plugin, scenario: "pay"))
        #expect(report.plugins.first?.results.map(\.name) == ["library.loads", "scenario.pay"])
        #expect(report.plugins.first?.results.last?.status == .warning, "recorded: \(report.plugins)")
        let written = try FileManager.default.contentsOfDirectory(atPath: scenarios + "/snapshots")
        #expect(written == ["pay.snapshot"])
        for name in ["../pay", "pay.json", "missing", "*", "", "../../libPopSampleC.scenarios/pay", scenarios + "/other"] {
            #expect(runner.recordSnapshot(plugin: plugin, scenario: name) == nil, "\(name)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scenarios + "/snapshots") == ["pay.snapshot"])
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
