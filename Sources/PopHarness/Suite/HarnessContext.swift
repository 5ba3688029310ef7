/// What one test runs with: the plugin's file, the seed and strictness, its own random numbers,
/// the warnings it collects, and a watchdog for calls into the plugin.
final class HarnessContext {
    let pluginPath: String
    let seed: UInt64
    let strictness: Int
    /// Where the plugin's declared scenarios are, and whether to record their snapshots.
    let scenarios: ScenarioShelf
    let watchdog: CallWatchdog
    /// Random choices for this test, from the seed and the test's name.
    var random: HarnessRandom
    private(set) var warnings: [String] = []
    private var plugin: PluginUnderTest?

    init(test: String, pluginPath: String, seed: UInt64, strictness: Int, scenarios: ScenarioShelf, watchdog: CallWatchdog) {
        self.pluginPath = pluginPath
        self.seed = seed
        self.strictness = strictness
        self.scenarios = scenarios
        self.watchdog = watchdog
        random = HarnessRandom(seed: seed, test: test)
    }

    /// Notes something that does not break a rule but is likely to cause trouble.
    func warn(_ message: String) { warnings.append(message) }

    /// The plugin, loaded and described; a test that needs it is skipped when it does not load
    /// (other tests say why).
    func loadedPlugin() throws(TestIssue) -> PluginUnderTest {
        if let plugin { return plugin }
        let loaded = try PluginUnderTest(path: pluginPath, watchdog: watchdog)
        plugin = loaded
        return loaded
    }

    /// How many times a repeated check runs: `base` at the default strictness 5, in proportion
    /// above and below it.
    func repetitions(_ base: Int) -> Int { max(1, base * strictness / 5) }
}
