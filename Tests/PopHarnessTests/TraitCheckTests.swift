import Foundation
import PopTestSupport
import Testing

@testable import PopHarness

/// `component.traits` on a real plugin: the traits fixture (Tests/Fixtures/traits_plugin.c) passes as
/// written, and fails, naming the traits, when its view loader refuses to build in dark.
@Suite struct TraitCheckTests {
    func traits(_ defines: [String]) throws -> (status: Int32, result: TestResult) {
        let directory = TemporaryDirectory()
        let library = directory.file("traits.so")
        try Fixture.compile("traits_plugin.c", to: library, defines)
        let (status, report, stderr) = try HarnessTests.harness(["--only", "component.traits", library])
        let result = try #require(report.plugins.first?.results.first { $0.name == "component.traits" }, "\(stderr)")
        return (status, result)
    }

    @Test("a view loader that builds and fits in every combination passes")
    func passes() throws {
        let (status, result) = try traits([])
        #expect(status == 0 && result.status == .success, "\(result.message ?? "")")
    }

    @Test("a view loader that refuses to build in dark fails, once for each dark combination, with how the request ended")
    func refusesInDark() throws {
        let (status, result) = try traits(["-DTRAITS_FIXTURE_FAILS_IN_DARK"])
        #expect(status == 1 && result.status == .failed)
        let said = ([result.message ?? ""] + result.details).joined(separator: "\n")
        #expect(said.contains("com.pophost.traitsfixture.view in dark, l, ltr does not show"), "\(said)")
        #expect(!said.contains("in light"), "light is fine: \(said)")
    }
}
