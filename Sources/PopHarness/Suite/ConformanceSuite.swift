#if canImport(Glibc)
import Glibc
#endif

/// Every conformance test, and the choice of which to run.
public enum ConformanceSuite {
    /// The built-in tests, in the order they run: the library, then its components, then fuzzing.
    public static let builtIn: [ConformanceTest] = [
        LibraryChecks.all, DescriptorChecks.all, InstanceChecks.all, HostContractChecks.all, OutputChecks.all,
        ActionChecks.all, CompositionChecks.all, CompletionChecks.all, SheetChecks.all, PageChecks.all, SampleDataChecks.all,
        TraitChecks.all, AccessibilityAudit.all,
        LifecycleFuzz.all,
    ].flatMap { $0 }

    /// The tests for the plugin at `pluginPath`: the built-in ones, then one per scenario it ships.
    public static func tests(for pluginPath: String, shelf: ScenarioShelf) -> [ConformanceTest] {
        builtIn + ScenarioChecks.tests(for: pluginPath, shelf: shelf)
    }

    /// The tests to run: at most `strictness`, matching one of `only` (when given) and none of
    /// `skip`. A pattern is a shell glob (`component.*`), an exact name, or a group name
    /// (`library` selects every `library.` test).
    public static func select(_ tests: [ConformanceTest], strictness: Int, only: [String], skip: [String]) -> [ConformanceTest] {
        tests.filter { test in
            test.level <= strictness
                && (only.isEmpty || only.contains { matches($0, test.name) })
                && !skip.contains { matches($0, test.name) }
        }
    }

    public static func matches(_ pattern: String, _ name: String) -> Bool {
        name == pattern || name.hasPrefix(pattern + ".") || fnmatch(pattern, name, 0) == 0
    }
}
