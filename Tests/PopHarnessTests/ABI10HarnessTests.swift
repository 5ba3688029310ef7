import Foundation
import PopRuntimeTestSupport
import PopTestSupport
import Testing

@testable import PopHarness

/// `pophost test`, the real binary, on ABI 1.0 plugins built from the released headers: a 1.0
/// plugin passes this 1.1 host's conformance suite unchanged.
@Suite struct ABI10HarnessTests {
    @Test("the released 1.0 C sample passes every test at strictness 5, and a 1.0 promotion handler every one that applies")
    func abi10PluginsPass() throws {
        let plugins = try ABI10Plugins(headers: .released)
        let result = try run(Build.pophost, ["test", "--json", "--strictness", "5", plugins.sample, plugins.promotion])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try JSONDecoder().decode(HarnessReport.self, from: Data(result.stdout.utf8))
        #expect(report.plugins.map(\.path) == [plugins.sample, plugins.promotion])
        let (sample, promotion) = (report.plugins[0], report.plugins[1])
        #expect(sample.results.count >= 25)
        for result in sample.results {
            #expect(
                result.status == .success || result.status == .skipped && HarnessTests.skippable.contains(result.name),
                "\(result.name): \(result.status) \(result.message ?? "")")
        }
        // A lone handler without actions: the tests of views, actions and reformers have nothing to try.
        #expect(promotion.results.count == sample.results.count)
        for result in promotion.results {
            #expect(result.status == .success || result.status == .skipped, "\(result.name): \(result.status) \(result.message ?? "")")
        }
        #expect(promotion.results.first { $0.name == "component.completions-once" }?.status == .success)
        #expect(promotion.results.first { $0.name == "component.should-present-answers" }?.status == .success)
    }
}
