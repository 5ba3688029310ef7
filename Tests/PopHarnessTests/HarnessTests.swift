import Foundation
import PopTestSupport
import Testing

@testable import PopHarness

/// `pophost test` run for real: the bundled samples pass, each misbehaving plugin fails the test
/// that guards its rule with the right status, and the harness survives all of them.
@Suite struct HarnessTests {
    /// Tests a plugin skips when it has nothing they try: reformers, and sheets (the fixtures and a
    /// 1.0 plugin have neither).
    static let skippable: Set = [
        "component.reformer-output", "component.sheet-resolvers", "component.sheet-callbacks", "component.page-declarations",
        "component.page-lifecycle", "component.sample-data",
    ]

    /// Runs `pophost test --json` with `arguments`; returns the exit status and the decoded report.
    static func harness(_ arguments: [String]) throws -> (status: Int32, report: HarnessReport, stderr: String) {
        let result = try run(Build.pophost, ["test", "--json"] + arguments)
        let report = try JSONDecoder().decode(HarnessReport.self, from: Data(result.stdout.utf8))
        return (result.status, report, result.stderr)
    }

    @Test("the bundled samples and the well-behaved fixture pass every test at strictness 5 and at 10")
    func samplesPass() throws {
        let good = MisbehavingPluginCorpus.shared.path("good")
        for strictness in ["5", "10"] {
            let (status, report, stderr) = try Self.harness(["--strictness", strictness, Build.cSample, Build.swiftSample, good])
            #expect(status == 0, "\(stderr)")
            report.plugins.forEach(Self.expectPassed)
        }
    }

    /// Expects every test of `plugin` to have passed, or to have been skipped as `skippable` allows.
    static func expectPassed(_ plugin: HarnessReport.PluginResults) {
        #expect(plugin.results.count >= 25)
        for result in plugin.results {
            #expect(
                result.status == .success || result.status == .skipped && skippable.contains(result.name),
                "\(plugin.path) \(result.name): \(result.status) \(result.message ?? "")")
        }
    }

    @Test("a test skipped because an earlier one failed says so: actions-fuzzed on a handler that cannot be made")
    func skippedAfterFailure() throws {
        let directory = TemporaryDirectory()
        let plugin = directory.file("broken.so")
        try Fixture.build(plugin, ["-DFIX_BAD_SIGNATURE", "-DFIX_PLUGIN_ID=\"com.fixture.broken\""])
        let (status, report, stderr) = try Self.harness([
            "--only", "component.action-signatures", "--only", "component.actions-fuzzed", plugin,
        ])
        #expect(status == 1, "\(stderr)")
        let results = try #require(report.plugins.first?.results)
        // library.loads runs first, always: it gates the tests that need the plugin loaded.
        #expect(results.map(\.name) == ["library.loads", "component.action-signatures", "component.actions-fuzzed"])
        #expect(results.map(\.status) == [.success, .failed, .skipped])
        #expect(
            results.last?.message
                == "the handler com.fixture.broken.handler cannot be made (see component.action-signatures), so no action could be called")
    }

    @Test("each misbehaving plugin fails the right test with the right status", arguments: MisbehavingPluginCorpus.cases)
    func misbehaviourCaught(testCase: MisbehavingPluginCorpus.Case) throws {
        let corpus = MisbehavingPluginCorpus.shared
        let (status, report, stderr) = try Self.harness(["--only", testCase.test, "--timeout", "20", corpus.path(testCase.name)])
        let result = try #require(report.plugins.first?.results.first { $0.name == testCase.test }, "\(stderr)")
        #expect(result.status == testCase.status, "\(result.status): \(result.message ?? "")")
        #expect(result.message?.isEmpty == false)
        #expect(status == (testCase.status.isFailure ? 1 : 0))
    }

    @Test("the harness survives the whole corpus in one run, and a well-behaved build of the same source passes")
    func wholeCorpus() throws {
        let corpus = MisbehavingPluginCorpus.shared
        let tests = ["library.loads", "library.exports-only-entry", "library.init-silent", "component.completions-once"]
        let paths = MisbehavingPluginCorpus.cases.map { corpus.path($0.name) } + [corpus.path("good")]
        let (status, report, stderr) = try Self.harness(tests.flatMap { ["--only", $0] } + ["--jobs", "2", "--seed", "11"] + paths)
        #expect(status == 1, "\(stderr)")
        #expect(report.plugins.map(\.path) == paths)
        for (testCase, plugin) in zip(MisbehavingPluginCorpus.cases, report.plugins) {
            #expect(plugin.results.count == tests.count, "\(testCase.name)")
            if tests.contains(testCase.test) {
                #expect(plugin.results.first { $0.name == testCase.test }?.status == testCase.status, "\(testCase.name)")
            }
        }
        let good = try #require(report.plugins.last)
        #expect(good.results.allSatisfy { $0.status == .success }, "\(good.results.filter { $0.status != .success })")
    }

    @Test("a test that overruns --timeout is killed and reported as a timeout")
    func processTimeout() throws {
        let corpus = MisbehavingPluginCorpus.shared
        let start = Date()
        let (status, report, _) = try Self.harness([
            "--only", "component.should-dismiss-answers", "--timeout", "0.4", corpus.path("hang-should-dismiss"),
        ])
        #expect(status == 1)
        let results = try #require(report.plugins.first?.results)
        #expect(results.first { $0.name == "library.loads" }?.status == .success)
        let hung = try #require(results.first { $0.name == "component.should-dismiss-answers" })
        #expect(hung.status == .timeout)
        #expect(hung.message?.contains("0.4 s") == true)
        #expect(Date().timeIntervalSince(start) < 10)
    }

    @Test("a plugin whose init forks a process keeping every descriptor open: the run takes seconds and leaves nothing behind")
    func forkingPlugin() throws {
        let dir = TemporaryDirectory()
        let plugin = dir.file("forks.so"), pidfile = dir.file("keepers.txt")
        try Fixture.build(plugin, ["-DFIX_FORK_IN_INIT", "-DFIX_PLUGIN_ID=\"com.pophost.fixture.forks\""])
        let start = Date()
        let result = try run(Build.pophost, ["test", "--json", "--jobs", "2", plugin], environment: ["POPHOST_FIXTURE_PIDFILE": pidfile])
        #expect(Date().timeIntervalSince(start) < 30, "each test waited for the forked process")
        #expect(result.status == 0, "\(result.stdout)")
        let report = try JSONDecoder().decode(HarnessReport.self, from: Data(result.stdout.utf8))
        #expect(report.plugins[0].results.allSatisfy { !$0.status.isFailure })
        let keepers = try String(contentsOfFile: pidfile, encoding: .utf8).split(separator: "\n").compactMap { pid_t($0) }
        #expect(keepers.count > 10)
        #expect(ProcessTable.await(seconds: 2) { keepers.allSatisfy { !ProcessTable.isRunning($0) } }, "a forked process outlived its test")
    }

    @Test("the same seed gives the same results; the seed is in the report")
    func seeded() throws {
        let arguments = ["--only", "fuzz", "--only", "component.actions-fuzzed", "--seed", "4242", Build.cSample]
        let first = try Self.harness(arguments).report, second = try Self.harness(arguments).report
        #expect(first.seed == 4242)
        let strip = { (report: HarnessReport) in report.plugins[0].results.map { [$0.name, $0.status.rawValue, $0.message ?? ""] } }
        #expect(strip(first) == strip(second))
    }

    @Test("--in-process runs every test in the harness's own process")
    func inProcess() throws {
        let (status, report, stderr) = try Self.harness(["--in-process", "--skip", "fuzz", Build.cSample])
        #expect(status == 0, "\(stderr)")
        #expect(report.jobs == 1)
        #expect(report.plugins[0].results.allSatisfy { !$0.status.isFailure })
    }

    @Test("--strictness, --only and --skip choose the tests; --list shows them with their levels")
    func selection() throws {
        let all = ConformanceSuite.builtIn
        #expect(all.count >= 25)
        #expect(Set(all.map(\.name)).count == all.count)
        #expect(all.allSatisfy { (1...10).contains($0.level) && !$0.summary.isEmpty })
        let strict1 = ConformanceSuite.select(all, strictness: 1, only: [], skip: [])
        #expect(!strict1.isEmpty && strict1.allSatisfy { $0.level == 1 })
        #expect(ConformanceSuite.select(all, strictness: 5, only: ["library"], skip: []).allSatisfy { $0.name.hasPrefix("library.") })
        #expect(
            ConformanceSuite.select(all, strictness: 10, only: ["component.*-null"], skip: []).map(\.name)
                == ["component.unknown-extension-null"])
        #expect(
            ConformanceSuite.select(all, strictness: 10, only: [], skip: ["component", "fuzz.*", "a11y"]).allSatisfy {
                $0.name.hasPrefix("library.")
            })

        let listed = try run(Build.pophost, ["test", "--list", "--strictness", "10"])
        #expect(listed.status == 0)
        for test in all { #expect(listed.stdout.contains(test.name)) }
    }

    @Test("--junit writes JUnit XML with a testcase per test and failures, errors and skips")
    func junit() throws {
        let corpus = MisbehavingPluginCorpus.shared
        let out = TemporaryDirectory()
        let file = out.file("results.xml")
        let result = try run(
            Build.pophost,
            [
                "test", "--junit", file, "--only", "library", "--only", "component.completions-once",
                corpus.path("crash-in-callback"), corpus.path("noisy-init"),
            ])
        #expect(result.status == 1)
        #expect(result.stdout.contains("CRASH") && result.stdout.contains("Reproduce: pophost test"))
        let xml = try String(contentsOfFile: file, encoding: .utf8)
        #expect(xml.hasPrefix("<?xml"))
        #expect(xml.components(separatedBy: "<testsuite ").count - 1 == 2)
        #expect(xml.contains("<error type=\"crashed\""))
        #expect(xml.contains("<failure type=\"failed\""))
        #expect(xml.contains("name=\"library.init-silent\""))
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == 2 * 12)
    }

    @Test("bad arguments and missing files are errors, not crashes")
    func badArguments() throws {
        for arguments in [
            ["test"], ["test", "--strictness", "11", Build.cSample], ["test", "/nonexistent/lib.so"],
            ["test", "--jobs", "0", Build.cSample],
        ] {
            let result = try run(Build.pophost, arguments)
            #expect(result.status != 0 && result.status < 128, "\(arguments)")
            #expect(result.stderr.contains("rror"), "\(arguments): \(result.stderr)")
        }
    }
}
