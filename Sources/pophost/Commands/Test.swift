import ArgumentParser
import Foundation
import HostRuntime
import PopHarness
import PopLoader
import PopProcess

#if canImport(Glibc)
import Glibc
#endif

/// `pophost test`: the conformance harness.
struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check plugins against the conformance suite, each test in its own process.",
        discussion: """
            Every test runs in a child process (pophost-test-child, next to pophost; POPHOST_TEST_CHILD \
            overrides), so a plugin that crashes or hangs \
            fails its test as crashed or timeout and the harness carries on. Tests of level 1 to --strictness \
            run (5 is the default and the recommended minimum; higher levels add tests and repeat checks more). \
            Random choices follow from --seed, printed with the results: the same seed gives the same run. \
            A plugin's own scenarios (`<library>.scenarios/*.json` next to it, --scenarios <dir>, or the \
            `scenarios/` of the project that built it) run as tests too. Exits 1 if any test failed, crashed or timed out; 64 when --only and --skip leave \
            no test to run.
            Examples:
              pophost test build/libpayments.so
              pophost test lib.so --only 'component.*' --skip fuzz --jobs 4 \\
                --junit results.xml
              pophost test lib.so --seed 7 --only fuzz.lifecycle --in-process
            """
    )

    @Argument(help: ArgumentHelp("Plugin libraries (.so) to test.", valueName: "plugin")) var plugins: [String] = []
    @Flag(help: "Print the results as JSON.") var json = false
    @Option(help: ArgumentHelp("Also write the results as JUnit XML to this file.", valueName: "file")) var junit: String?
    @Option(help: ArgumentHelp("Run tests of level 1 to <n> (1-10).", valueName: "n")) var strictness = 5
    @Option(help: ArgumentHelp("Run only tests matching this glob, name or group (repeatable).", valueName: "pattern")) var only: [String] =
        []
    @Option(help: ArgumentHelp("Leave out tests matching this glob, name or group (repeatable).", valueName: "pattern")) var skip:
        [String] = []
    @Option(help: ArgumentHelp("The seed of every random choice (default: a new one, printed).", valueName: "n")) var seed: UInt64?
    @Flag(help: "Run every test in this process, one after another (for a debugger; a crash ends the run).") var inProcess = false
    @Option(help: ArgumentHelp("Seconds one test's process may take before it is killed.", valueName: "seconds")) var timeout = Self
        .defaultTimeout
    @Option(help: ArgumentHelp("Test processes at a time (default: the number of processors).", valueName: "n")) var jobs: Int?
    @Flag(help: "List the tests and their levels instead of running them.") var list = false
    @Option(help: ArgumentHelp("The plugins' own scenarios are in this directory.", valueName: "dir")) var scenarios: String?
    @Flag(help: "Record the scenarios' snapshots instead of comparing against them.") var updateSnapshots = false

    static let defaultTimeout = 10.0

    func validate() throws {
        if !(1...10).contains(strictness) { throw ValidationError("--strictness must be from 1 to 10") }
        if !(timeout > 0 && timeout <= 86_400) { throw ValidationError("--timeout must be between 0 and 86400 seconds") }
        if let jobs, !(1...64).contains(jobs) { throw ValidationError("--jobs must be from 1 to 64") }
        if plugins.isEmpty && !list { throw ValidationError("give at least one plugin library to test") }
        if let scenarios {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: scenarios, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ValidationError("--scenarios \(scenarios) is not a directory (it holds a plugin's scenarios, <name>.json)")
            }
        }
    }

    func run() throws {
        var options = HarnessOptions(seed: seed ?? UInt64.random(in: 1...999_999))
        options.strictness = strictness
        options.only = only
        options.skip = skip
        options.timeout = timeout
        options.jobs = jobs ?? ProcessInfo.processInfo.activeProcessorCount
        options.inProcess = inProcess
        options.scenarios = ScenarioShelf(directory: scenarios, updateSnapshots: updateSnapshots)
        if !list, let problem = options.childProblem { throw CommandFailure(problem) }

        let paths = try plugins.map { path in
            var info = stat()
            guard PathBytes.withCString(path, { stat($0, &info) }) == 0 else { throw CommandFailure("\(path): no such file") }
            return Self.absolute(path)
        }
        let runner = HarnessRunner(options: options)
        try requireTests(
            paths.isEmpty ? [ConformanceSuite.builtIn] : paths.map { ConformanceSuite.tests(for: $0, shelf: options.scenarios) },
            selected: paths.isEmpty
                ? ConformanceSuite.select(ConformanceSuite.builtIn, strictness: strictness, only: only, skip: skip)
                : paths.flatMap(runner.tests(for:)))
        if list { return printList(runner, paths) }

        let style = Style.standardOutput
        if !json {
            StandardOutput.print(
                style.bold("pophost test")
                    + " — strictness \(options.strictness), seed \(options.seed), \(inProcess ? "in this process" : "\(options.jobs) job\(options.jobs == 1 ? "" : "s")")"
            )
        }
        let printer = ProgressPrinter(plugins: paths, runner: runner, shelf: options.scenarios, style: style, quiet: json)
        let report = runner.run(plugins: paths) { plugin, result in
            printer.received(result, plugin: plugin)
        } warning: { message in
            Diagnostics.warning(message)
        }
        if let junit {
            if let reason = OutputFile.write(JUnitReport.xml(report), to: junit) {
                throw CommandFailure("cannot write \(junit): \(reason)")
            }
        }
        if json {
            StandardOutput.print(try ValueEncoder().encode(report).indentedJSON)
        } else {
            printSummary(report, style: style)
        }
        if report.failed { throw ExitCode(1) }
    }

    /// `path` made absolute and its `.` and `..` steps taken, as text (the way a file URL is
    /// standardized), keeping the bytes of a name that is not UTF-8 (`PathBytes`).
    static func absolute(_ path: String) -> String {
        var steps: [Substring] = []
        let base =
            path.hasPrefix("/")
            ? ""
            : getcwd(nil, 0).map { cwd in
                defer { free(cwd) }
                return PathBytes.string(UnsafeRawBufferPointer(start: cwd, count: strlen(cwd)))
            } ?? ""
        for step in (base + "/" + path).split(separator: "/") where step != "." {
            if step == ".." { _ = steps.popLast() } else { steps.append(step) }
        }
        return "/" + steps.joined(separator: "/")
    }

    private func printList(_ runner: HarnessRunner, _ paths: [String]) {
        let tests =
            paths.isEmpty
            ? ConformanceSuite.select(ConformanceSuite.builtIn, strictness: strictness, only: only, skip: skip)
            : Array(paths.map(runner.tests(for:)).joined())
        var seen: Set<String> = []
        let unique = tests.filter { seen.insert($0.name).inserted }
        if json {
            let entries: [Value] = unique.map {
                ["name": .string($0.name), "level": .int(Int64($0.level)), "summary": .string($0.summary)]
            }
            StandardOutput.print(Value.array(entries).indentedJSON)
            return
        }
        let width = unique.map { printable($0.name).count }.max() ?? 0
        for test in unique {
            StandardOutput.print(
                "\(printable(test.name).padding(toLength: width, withPad: " ", startingAt: 0))  \(test.level)  \(printable(test.summary))")
        }
        StandardOutput.print("\(counted(unique.count, "test")) at strictness \(strictness)")
    }

    private func printSummary(_ report: HarnessReport, style: Style) {
        StandardOutput.print("")
        for plugin in report.plugins {
            let verdict = plugin.failed ? style.red("FAILED") : style.green("passed")
            StandardOutput.print("\(verdict)  \(printable(plugin.path)): \(HarnessReport.tally(plugin.counts))")
        }
        let seconds = String(format: "%.1f", report.seconds)
        StandardOutput.print("\(counted(report.plugins.flatMap(\.results).count, "test")) in \(seconds) s; seed \(report.seed)")
        let failures = report.plugins.flatMap { plugin in plugin.results.filter(\.status.isFailure).map { (plugin.path, $0) } }
        if let (path, first) = failures.first {
            StandardOutput.print("Reproduce: " + printable(reproduce(path, first.name, seed: report.seed)))
        }
    }

    /// The command that runs `test` on `path` again with the same choices: the seed, the strictness,
    /// where the scenarios are and how long a test may take.
    func reproduce(_ path: String, _ test: String, seed: UInt64) -> String {
        var words = ["pophost", "test", path, "--seed", "\(seed)", "--strictness", "\(strictness)", "--only", test]
        if let scenarios { words += ["--scenarios", scenarios] }
        if timeout != Self.defaultTimeout { words += ["--timeout", String(format: "%g", timeout)] }
        return words.map(shellQuoted).joined(separator: " ")
    }

    /// Fails (status 64) when --only and --skip leave no test of `suites` (each plugin's, or the built-in
    /// suite) to run, naming the patterns and, for a pattern that matches nothing, the nearest test or group.
    private func requireTests(_ suites: [[ConformanceTest]], selected: [ConformanceTest]) throws {
        guard selected.isEmpty else { return }
        let names = Set(suites.joined().map(\.name))
        let groups = Set(names.compactMap { $0.split(separator: ".").first.map(String.init) })
        var message =
            "no test to run: "
            + (only.map { "--only \($0)" } + skip.map { "--skip \($0)" } + ["--strictness \(strictness)"])
            .joined(separator: " ") + " selects none"
        for pattern in only where !names.contains(where: { ConformanceSuite.matches(pattern, $0) }) {
            if let near = Spelling.nearest(to: pattern, among: names.union(groups).sorted()) {
                message += "; --only \(pattern) matches no test (did you mean \"\(near)\"?)"
            }
        }
        throw CommandFailure.usage(message + " (pophost test --list --strictness 10 lists every test)")
    }
}

/// Prints results as they come, in suite order: a result waits until those before it are printed.
private final class ProgressPrinter: @unchecked Sendable {
    private let order: [[String]]
    private var pending: [[String: TestResult]]
    private var printed: [Int]
    private let paths: [String]
    /// The directory each plugin's own scenarios come from, when any of them runs: it may be one
    /// found above the library (a project's `scenarios/`), which the command line does not show.
    private let scenarioDirectories: [String?]
    private let style: Style
    private let quiet: Bool

    init(plugins: [String], runner: HarnessRunner, shelf: ScenarioShelf, style: Style, quiet: Bool) {
        paths = plugins
        order = plugins.map { runner.tests(for: $0).map(\.name) }
        scenarioDirectories = zip(plugins, order).map { plugin, tests in
            !quiet && tests.contains(where: ScenarioChecks.isScenarioTest) ? shelf.directory(for: plugin) : nil
        }
        pending = plugins.map { _ in [:] }
        printed = plugins.map { _ in 0 }
        self.style = style
        self.quiet = quiet
    }

    /// Called one at a time by the runner.
    func received(_ result: TestResult, plugin: Int) {
        guard !quiet else { return }
        pending[plugin][result.name] = result
        // Plugins print one after another: a plugin's results wait for those of the plugins before it.
        for index in paths.indices {
            if printed[index] == 0 && !order[index].isEmpty && pending[index][order[index][0]] != nil {
                StandardOutput.print(style.bold("\n\(printable(paths[index]))"))
                if let directory = scenarioDirectories[index] {
                    StandardOutput.print(style.dim("  scenarios from \(printable(directory))"))
                }
            }
            while printed[index] < order[index].count, let next = pending[index][order[index][printed[index]]] {
                StandardOutput.print(line(next))
                printed[index] += 1
            }
            if printed[index] < order[index].count { break }
        }
    }

    private func line(_ result: TestResult) -> String {
        let mark: String =
            switch result.status {
            case .success: style.green("  ok     ")
            case .warning: style.yellow("  warn   ")
            case .skipped: style.dim("  skip   ")
            case .failed: style.red("  FAIL   ")
            case .crashed: style.red("  CRASH  ")
            case .timeout: style.red("  TIMEOUT")
            }
        var text = "\(mark) \(printable(result.name)) \(style.dim(String(format: "(%.0f ms)", result.milliseconds)))"
        if let message = result.message { text += "\n           " + printable(message) }
        for detail in result.details { text += "\n           " + style.dim(printable(detail)) }
        return text
    }
}
