/// How `pophost test` runs the suite.
public struct HarnessOptions: Sendable {
    /// Runs the tests of level 1...strictness (1...10; 5, the default, is the recommended minimum).
    public var strictness = 5
    /// The seed of every random choice; printed with the results so a run can be repeated.
    public var seed: UInt64
    /// Patterns of the tests to run (all when empty) and to leave out.
    public var only: [String] = []
    public var skip: [String] = []
    /// Seconds a test's process may run before it is killed (status timeout).
    public var timeout = 30.0
    /// Test processes at a time.
    public var jobs = 1
    /// Runs every test in this process, one after another: for a debugger. A crash ends the harness.
    public var inProcess = false
    /// The plugins' own scenarios.
    public var scenarios = ScenarioShelf()
    /// The `pophost` executable each test's process runs.
    public var executable: String

    public init(seed: UInt64, executable: String) {
        self.seed = seed
        self.executable = executable
    }

    /// The arguments that make `executable` run one test of the plugin at `pluginPath` and report it
    /// on descriptor 3.
    func childArguments(test: String, pluginPath: String) -> [String] {
        var arguments = ["test", "--child", test, "--seed", String(seed), "--strictness", String(strictness)]
        if let directory = scenarios.directory { arguments += ["--scenarios", directory] }
        if scenarios.updateSnapshots { arguments.append("--update-snapshots") }
        return arguments + ["--", pluginPath]
    }
}
