import Foundation
import PopTestSupport
import Testing

@testable import PopHarness

/// `pophost test` on plugins with pages: the Swift sample and the page fixture pass both page
/// tests; a controller loader whose declaration changes from call to call fails
/// `component.page-declarations`, a handler that takes 1.5 s over a page event times out
/// `component.page-lifecycle`; a plugin without pages skips them.
@Suite struct PageHarnessTests {
    final class Plugins: @unchecked Sendable {
        let directory = TemporaryDirectory()
        static let variants = ["GOOD", "RANDOM", "SLOW", "SAMPLE_DATA_BAD", "SAMPLE_DATA_FAILS"]

        init() throws {
            for variant in Self.variants { try Fixture.compile("page_plugin.c", to: path(variant), ["-DFIX_PAGE_\(variant)"]) }
        }

        func path(_ variant: String) -> String {
            directory.file("page-\(variant.lowercased().replacingOccurrences(of: "_", with: "-")).so")
        }
    }

    let plugins = try! Plugins()

    func harness(_ path: String) throws -> (status: Int32, results: [TestResult]) {
        let (status, report, stderr) = try HarnessTests.harness(["--only", "component.page-*", path])
        let results = try #require(report.plugins.first?.results, "\(stderr)")
        return (status, results)
    }

    @Test("the Swift sample and a well-behaved page plugin pass both page tests; the C sample, without pages, skips them")
    func passing() throws {
        for path in [Build.swiftSample, plugins.path("GOOD")] {
            let (status, results) = try harness(path)
            #expect(status == 0)
            #expect(results.map(\.name) == ["library.loads", "component.page-declarations", "component.page-lifecycle"])
            #expect(
                results.allSatisfy { $0.status == .success }, "\(path): \(results.map { "\($0.name) \($0.status) \($0.message ?? "")" })")
        }
        let (status, results) = try harness(Build.cSample)
        #expect(status == 0)
        #expect(results.dropFirst().map(\.status) == [.skipped, .skipped])
    }

    @Test("a declaration that changes from call to call fails, naming the member; a slow page event times out, naming the event")
    func failing() throws {
        let (randomStatus, random) = try harness(plugins.path("RANDOM"))
        #expect(randomStatus == 1)
        let declarations = try #require(random.first { $0.name == "component.page-declarations" })
        #expect(declarations.status == .failed)
        let said = ([declarations.message ?? ""] + declarations.details).joined(separator: "\n")
        #expect(said.contains("the same data declares two different pages: title \"page"), "\(said)")

        let (slowStatus, slow) = try harness(plugins.path("SLOW"))
        #expect(slowStatus == 1)
        let lifecycle = try #require(slow.first { $0.name == "component.page-lifecycle" })
        #expect(lifecycle.status == .timeout)
        #expect(
            (lifecycle.message ?? "").contains("hearing a root page load and appear did not return within 1 s"),
            "\(lifecycle.message ?? "")")
    }

    @Test("declared sample data: each sample must work with its component; malformed sample data fails the scan, naming the component")
    func sampleData() throws {
        for path in [Build.swiftSample, Build.cSample, plugins.path("GOOD")] {
            let (status, report, stderr) = try HarnessTests.harness(["--only", "component.sample-data", path])
            let result = try #require(report.plugins.first?.results.last, "\(stderr)")
            #expect(status == 0 && result.name == "component.sample-data" && result.status == .success, "\(path): \(result)")
        }
        let (failsStatus, fails, _) = try HarnessTests.harness(["--only", "component.sample-data", plugins.path("SAMPLE_DATA_FAILS")])
        #expect(failsStatus == 1)
        let failed = try #require(fails.plugins.first?.results.last)
        #expect(failed.status == .failed)
        #expect(
            ([failed.message ?? ""] + failed.details).contains {
                $0.contains("com.pophost.pagefixture.controller, sample \"Too opaque\": page configuration field bar.background_alpha")
            }, "\(failed)")

        let (badStatus, bad, _) = try HarnessTests.harness(["--only", "component.sample-data", plugins.path("SAMPLE_DATA_BAD")])
        #expect(badStatus == 1)
        let loads = try #require(bad.plugins.first?.results.first { $0.name == "library.loads" })
        #expect(loads.status == .failed)
        #expect((loads.message ?? "").contains("the sample data of com.pophost.pagefixture.view is not valid JSON"), "\(loads)")
    }
}
