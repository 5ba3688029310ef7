extension HarnessRunner {
    /// Records anew the snapshot of the plugin's scenario named `scenario` (its file name without
    /// ".json"), as `pophost test --update-snapshots` does, but for that one scenario: its test runs
    /// alone (after `library.loads`), in its own process, so only that scenario's snapshot file is
    /// written, and only when its expectations hold. The name picks one of the plugin's scenario
    /// files, so it is never a path. Nil when the plugin ships no scenario of that name.
    public func recordSnapshot(plugin: String, scenario: String) -> HarnessReport? {
        var options = options
        options.scenarios.updateSnapshots = true
        guard
            let test = ScenarioChecks.tests(for: plugin, shelf: options.scenarios).first(where: {
                $0.name == ScenarioChecks.testName(scenario)
            })
        else { return nil }
        return HarnessRunner(options: options).run(plugins: [plugin], planned: [[LibraryChecks.loads, test]])
    }
}
