import PopProcess

#if canImport(Glibc)
import Glibc
#endif

/// How `pophost test` runs the suite.
public struct HarnessOptions: Sendable {
    /// Runs the tests of level 1...strictness (1...10; 5, the default, is the recommended minimum).
    public var strictness = 5
    /// The seed of every random choice; printed with the results so a run can be repeated.
    public var seed: UInt64
    /// Patterns of the tests to run (all when empty) and to leave out.
    public var only: [String] = []
    public var skip: [String] = []
    /// Seconds a test's process may run before it is killed (status timeout). A test of the bundled
    /// samples takes well under 0.1 s at strictness 10, and a single call into the plugin is held to
    /// 1 s by the watchdog anyway: this is the backstop for what no call accounts for (a hang while
    /// the process exits, say), so 10 s is generous without making a broken plugin's run long.
    public var timeout = 10.0
    /// Test processes at a time.
    public var jobs = 1
    /// Runs every test in this process, one after another: for a debugger. A crash ends the harness.
    public var inProcess = false
    /// The plugins' own scenarios.
    public var scenarios = ScenarioShelf()
    /// The command line that starts a test's process: an executable that calls
    /// `HarnessChild.run(endingWith:)` (`pophost-test-child` by default). The test to run reaches it
    /// on standard input (`ChildRequest`), so the harness needs no other argument.
    public var childCommand: [String]

    public init(seed: UInt64, childCommand: [String] = HarnessOptions.defaultChildCommand) {
        self.seed = seed
        self.childCommand = childCommand
    }

    /// `$POPHOST_TEST_CHILD`, else `pophost-test-child` next to the running executable (where `swift
    /// build` and an installation put it), as the scanner and the plugin host are found.
    public static var defaultChildCommand: [String] {
        if let override = getenv(childVariable).map({ String(cString: $0) }), !override.isEmpty { return [override] }
        return [RunningExecutable.directory + "/pophost-test-child"]
    }

    /// Why a test's process cannot be started, naming what is missing and how to fix it; nil when
    /// `childCommand` names an executable file, or when the tests run in this process.
    public var childProblem: String? {
        guard !inProcess else { return nil }
        guard let executable = childCommand.first, !executable.isEmpty else { return "no command starts a test's process" }
        guard access(executable, X_OK) != 0 else { return nil }
        return "cannot start a test's process: \(executable) is \(errno == ENOENT ? "missing" : "not executable") \(Self.childRemedy)"
    }

    /// How to provide the test's process executable.
    static let childRemedy =
        "(build it with `swift build --product pophost-test-child`, install it beside pophost, or set \(childVariable))"
    private static let childVariable = "POPHOST_TEST_CHILD"

    /// What a test's process is asked to run.
    func request(test: String, pluginPath: String) -> ChildRequest {
        ChildRequest(
            test: test, plugin: pluginPath, seed: seed, strictness: strictness, scenarios: scenarios.directory,
            updateSnapshots: scenarios.updateSnapshots)
    }
}
