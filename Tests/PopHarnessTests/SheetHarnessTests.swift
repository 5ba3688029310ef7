import Foundation
import PopTestSupport
import Testing

@testable import PopHarness

/// `pophost test` on plugins that present sheets: the samples and the sheet fixture pass the
/// sheet tests; resolvers that are not finite, shrink as the maximum grows, change from call to
/// call or take too long fail `component.sheet-resolvers` with a message that says which.
@Suite struct SheetHarnessTests {
    final class Plugins: @unchecked Sendable {
        let directory = TemporaryDirectory()
        static let variants = ["GOOD", "NAN", "SHRINKING", "RANDOM", "SLOW", "ORPHAN_VIEW", "NULL_DETENT"]

        init() throws {
            for variant in Self.variants { try Fixture.compile("sheet_plugin.c", to: path(variant), ["-DFIX_SHEET_\(variant)"]) }
        }

        func path(_ variant: String) -> String {
            directory.file("sheet-\(variant.lowercased().replacingOccurrences(of: "_", with: "-")).so")
        }
    }

    let plugins = try! Plugins()

    func harness(_ path: String) throws -> (status: Int32, results: [TestResult]) {
        let (status, report, stderr) = try HarnessTests.harness(["--only", "component.sheet-*", path])
        let results = try #require(report.plugins.first?.results, "\(stderr)")
        return (status, results)
    }

    @Test("the samples and a well-behaved sheet plugin pass both sheet tests; a plugin without sheets skips them")
    func passing() throws {
        for path in [Build.cSample, Build.swiftSample, plugins.path("GOOD")] {
            let (status, results) = try harness(path)
            #expect(status == 0)
            #expect(results.map(\.name) == ["library.loads", "component.sheet-resolvers", "component.sheet-callbacks"])
            #expect(
                results.allSatisfy { $0.status == .success }, "\(path): \(results.map { "\($0.name) \($0.status) \($0.message ?? "")" })")
        }
        let plain = MisbehavingPluginCorpus.shared.path("good")
        let (status, results) = try harness(plain)
        #expect(status == 0)
        #expect(
            results.dropFirst().allSatisfy { $0.status == .skipped && $0.message == "no controller loader of the plugin presents a sheet" })
    }

    @Test("a first view loader that fits no handler does not hide the sheet: it is shown with a pair that fits")
    func firstViewFitsNothing() throws {
        let (status, results) = try harness(plugins.path("ORPHAN_VIEW"))
        #expect(status == 0)
        #expect(results.map(\.name) == ["library.loads", "component.sheet-resolvers", "component.sheet-callbacks"])
        #expect(
            results.allSatisfy { $0.status == .success }, "\(results.map { "\($0.name) \($0.status) \($0.message ?? "")" })")
    }

    @Test("a controller loader that configures a sheet that cannot be presented fails both sheet tests, saying why")
    func unpresentableSheet() throws {
        let (status, results) = try harness(plugins.path("NULL_DETENT"))
        #expect(status == 1)
        for result in results.dropFirst() {
            #expect(result.status == .failed, "\(result.name): \(result.status) \(result.message ?? "")")
            #expect(
                result.message?.hasPrefix(
                    "sheet-null-detent.so: controller loader com.pophost.sheetfixture.controller configures a sheet for empty data, but a popup of controller loader com.pophost.sheetfixture.controller did not present one: sheet configuration field detents[1]"
                ) == true, "\(result.message ?? "")")
        }
    }

    @Test(
        "bad resolvers fail component.sheet-resolvers, naming the problem",
        arguments: [
            ("NAN", "detent \"small\" resolved to nan, not a height"),
            ("SHRINKING", "detent \"small\" shrinks from 478.75 to 464.25 as the scene grows to 600 points"),
            ("RANDOM", "its detents differ when resolved twice for a 542-point scene"),
            ("SLOW", "laying out its sheet on a 542-point scene took"),
        ])
    func failing(variant: String, message: String) throws {
        let (status, results) = try harness(plugins.path(variant))
        #expect(status == 1)
        let resolvers = try #require(results.first { $0.name == "component.sheet-resolvers" })
        #expect(resolvers.status == .failed)
        let all = [resolvers.message ?? ""] + resolvers.details
        #expect(all.contains { $0.contains(message) }, "\(all)")
    }
}
