import Foundation
import PopLoader
import PopLoaderTestSupport
import PopTestSupport
import Testing

@testable import PopHarness

/// `library.loads` loads a plugin the way the registry does, and gates every test that needs the
/// plugin loaded (issue 18): no passing verdict for a plugin the registry rejects, and no minutes of
/// timeouts for one that spins.
@Suite struct LoadGateTests {
    /// The corpus cases the registry rejects without crashing or hanging.
    static let rejected = MisbehavingPluginCorpus.cases.filter { $0.test == "library.loads" && $0.status == .failed }

    @Test("what the registry rejects fails library.loads, and the run exits 1", arguments: rejected)
    func registryAndHarnessAgree(testCase: MisbehavingPluginCorpus.Case) throws {
        let path = MisbehavingPluginCorpus.shared.path(testCase.name)
        let cache = TemporaryDirectory()
        let (entry, _) = try makeRegistry([], cache: cache.file("registry.cache")).describe(path: path)
        let rejection = try #require(entry.problem, "the registry accepts \(testCase.name)")
        let (status, report, stderr) = try HarnessTests.harness(["--only", "library", "--seed", "3", path])
        #expect(status == 1, "\(stderr)")
        let loads = try #require(report.plugins.first?.results.first { $0.name == "library.loads" })
        #expect(loads.status == .failed)
        #expect(loads.message?.hasPrefix(rejection.category.rawValue + ": ") == true, "\(loads.message ?? "")")
        let needing = Set(ConformanceSuite.builtIn.filter(\.needsLoading).map(\.name))
        #expect(report.plugins[0].results.filter { needing.contains($0.name) }.allSatisfy { $0.status == .skipped })
    }

    @Test("a component descriptor of a newer ABI minor is accepted by both (version.h's growth rule)")
    func newerMinorAccepted() throws {
        let dir = TemporaryDirectory(), cache = TemporaryDirectory()
        let path = dir.file("newer-minor.so")
        try Fixture.build(path, ["-DFIX_DESCRIPTOR_MINOR=99", "-DFIX_PLUGIN_ID=\"com.pophost.fixture.newer-minor\""])
        #expect(try makeRegistry([], cache: cache.file("registry.cache")).describe(path: path).0.status == .ok)
        let (status, report, stderr) = try HarnessTests.harness(["--only", "library.loads", path])
        #expect(status == 0, "\(stderr)")
        #expect(report.plugins.first?.results.first?.status == .success)
    }

    @Test("an entry that spins ends the run in seconds: library.loads times out, the tests that need it are skipped")
    func spinningEntry() throws {
        let start = ContinuousClock.now
        let (status, report, _) = try HarnessTests.harness([MisbehavingPluginCorpus.shared.path("spin-in-entry")])
        let seconds = (ContinuousClock.now - start).seconds
        #expect(status == 1)
        #expect(seconds < 15, "the default run took \(seconds) s")
        let results = try #require(report.plugins.first?.results)
        #expect(results.first { $0.name == "library.loads" }?.status == .timeout)
        let needing = Set(ConformanceSuite.builtIn.filter(\.needsLoading).map(\.name))
        let dependent = results.filter { needing.contains($0.name) }
        #expect(dependent.count > 20)
        #expect(dependent.allSatisfy { $0.status == .skipped && $0.message?.contains("library.loads: timeout") == true })
        #expect(results.filter { $0.status == .success }.map(\.name) == ["library.exports-only-entry", "library.runpath-portable"])
    }

    @Test("--only a test that needs the plugin loaded runs library.loads first, and reports it")
    func gateRunsUnasked() throws {
        let (status, report, _) = try HarnessTests.harness([
            "--only", "component.descriptor-fields", MisbehavingPluginCorpus.shared.path("null-init"),
        ])
        #expect(status == 1)
        #expect(report.plugins.first?.results.map(\.name) == ["library.loads", "component.descriptor-fields"])
        #expect(report.plugins.first?.results.map(\.status) == [.failed, .skipped])
    }
}
