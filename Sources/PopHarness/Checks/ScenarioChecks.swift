import PopChef
import PopLoader
import PopScenario

/// The plugin's own scenarios: each is a test named "scenario.<file name>", played with the plugin
/// under test (and the built-in components) on the virtual clock; its expectations must hold and
/// its result match its snapshot.
public enum ScenarioChecks {
    private static let prefix = "scenario."

    /// The name of the test that plays the scenario file named `scenario` (without ".json").
    static func testName(_ scenario: String) -> String { prefix + scenario }

    /// Whether the test named `name` plays one of the plugin's own scenarios.
    public static func isScenarioTest(_ name: String) -> Bool { name.hasPrefix(prefix) }

    /// One test per scenario the plugin ships.
    static func tests(for pluginPath: String, shelf: ScenarioShelf) -> [ConformanceTest] {
        shelf.scenarios(for: pluginPath).map { path in
            let name = FilePaths.stem(path)
            return ConformanceTest(testName(name), level: 1, "plays \(path): its expectations hold and it matches its snapshot") {
                context throws(TestIssue) in
                try play(path, context: context)
            }
        }
    }

    private static func play(_ path: String, context: HarnessContext) throws(TestIssue) {
        var scenario: Scenario
        do throws(ScenarioError) { scenario = try Scenario.load(path: path) } catch { throw .failed(error.description) }
        for warning in scenario.warnings { context.warn(warning) }
        scenario.configuration.threadAnswerWait = ChefConfiguration.headlessThreadAnswerWait
        let plugin = try context.loadedPlugin()
        let runner = ScenarioRunner(scenario: scenario, catalog: plugin.catalog())
        context.watchdog.within("playing \(path)", seconds: 20) { runner.runToEnd() }
        try TestIssue.check((runner.problems + runner.verify()).map(\.description))

        let snapshot = ScenarioSnapshot(runner: runner)
        let snapshotPath = ScenarioShelf.snapshotPath(of: path)
        let exists = LocalFiles.exists(snapshotPath)
        let recorded = LocalFiles.contents(of: snapshotPath).flatMap { String(validating: $0, as: UTF8.self) }
        if context.scenarios.updateSnapshots {
            guard recorded != snapshot.text else { return }
            do throws(LocalFiles.Failure) {
                try LocalFiles.createDirectories(FilePaths.deletingLastComponent(snapshotPath))
                try LocalFiles.writeAtomically(Array(snapshot.text.utf8), to: snapshotPath)
            } catch {
                throw .failed("cannot write the snapshot \(snapshotPath): \(error)")
            }
            context.warn("\(recorded == nil ? "recorded" : "updated") the snapshot \(snapshotPath)")
            return
        }
        guard exists else {
            context.warn("no snapshot at \(snapshotPath) (record one with --update-snapshots)")
            return
        }
        guard let recorded else {
            throw .failed(
                "cannot read the snapshot \(snapshotPath) as UTF-8 text (record it anew with --update-snapshots if it is damaged)")
        }
        switch SnapshotComparison.compare(recorded: SnapshotFormat.read(recorded), run: snapshot.read) {
        case .same:
            return
        case .sameContent(let note):
            context.warn("\(snapshotPath): \(note)")
        case .differs(let line, let what, let expected, let actual, let frame):
            let kept = ScenarioSnapshot(text: recorded)
            let (expectedFrames, actualFrames) = (kept.frames, snapshot.frames)
            throw .failed(
                "the run differs from \(snapshotPath) at line \(line), \(what) (record a new one with --update-snapshots if the change is intended)",
                details: ["expected: \(expected)", "actual:   \(actual)"],
                snapshot: SnapshotDifference(
                    scenario: path, snapshot: snapshotPath, line: line, frame: frame,
                    expectedFrame: frame.flatMap { $0 < expectedFrames.count ? Optional(expectedFrames[$0]) : .none },
                    actualFrame: frame.flatMap { $0 < actualFrames.count ? Optional(actualFrames[$0]) : .none }))
        }
    }
}
