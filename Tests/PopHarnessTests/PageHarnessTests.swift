import Foundation
import PluginABI
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
        static let variants = [
            "GOOD", "RANDOM", "SLOW", "SAMPLE_DATA_BAD", "SAMPLE_DATA_FAILS", "BAD_ALPHA", "EXT_SIZE", "RANDOM_TINT",
        ]

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

    @Test("an invalid page declaration fails component.page-declarations, naming the field, instead of skipping it")
    func invalidDeclaration() throws {
        let (status, results) = try harness(plugins.path("BAD_ALPHA"))
        #expect(status == 1)
        let declarations = try #require(results.first { $0.name == "component.page-declarations" })
        #expect(declarations.status == .failed)
        #expect(
            declarations.message
                == "page-bad-alpha.so: controller loader com.pophost.pagefixture.controller declares no valid page for the data {\"transparent\":true}: "
                + "page configuration field bar.background_alpha has the invalid value 2.0 "
                + "(fix its configure_page or its \"pop.page/1\" / \"pop.floating/1\" table; ext/page.h gives each field's range)",
            "\(declarations.message ?? "")")
    }

    @Test("a declaration that differs from call to call is reported in the ABI's terms, not as Swift values")
    func differencesInABITerms() throws {
        let (status, results) = try harness(plugins.path("RANDOM_TINT"))
        #expect(status == 1)
        let declarations = try #require(results.first { $0.name == "component.page-declarations" })
        #expect(declarations.status == .failed)
        let message = declarations.message ?? ""
        #expect(
            message.contains("the same data declares two different pages: bar.tint 0x07C160FF vs 0x07C16100")
                || message.contains("the same data declares two different pages: bar.tint 0x07C16100 vs 0x07C160FF"), "\(message)")
        #expect(!message.contains("rawValue"))
    }

    @Test("a \"pop.page/1\" table with struct_size 8 fails library.struct-sizes and the page test, and no unrelated test")
    func tooSmallExtension() throws {
        let tests = [
            "library.struct-sizes", "component.page-declarations", "component.host-extensions-withheld", "component.sample-data",
            "component.sheet-callbacks",
        ]
        let (status, report, stderr) = try HarnessTests.harness(tests.flatMap { ["--only", $0] } + [plugins.path("EXT_SIZE")])
        #expect(status == 1)
        let results = try #require(report.plugins.first?.results, "\(stderr)")
        let sizes = try #require(results.first { $0.name == "library.struct-sizes" })
        #expect(sizes.status == .failed)
        #expect(
            sizes.message
                == "the \"pop.page/1\" extension table of com.pophost.pagefixture.controller has struct_size 8, below the \(MemoryLayout<pop_page_ext_t>.size) bytes of its ABI struct (the host refuses to make com.pophost.pagefixture.controller: set the table's struct_size to sizeof its type)",
            "\(sizes.message ?? "")")
        let page = try #require(results.first { $0.name == "component.page-declarations" })
        #expect(page.status == .failed)
        #expect(page.message?.contains("extension \"pop.page/1\" has struct_size 8") == true, "\(page.message ?? "")")
        for other in results where !["library.struct-sizes", "component.page-declarations"].contains(other.name) {
            #expect(!other.status.isFailure, "\(other.name): \(other.message ?? "")")
        }
    }

    @Test("declared sample data: each sample must work with its component; malformed sample data fails the test, not the load")
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
        let results = try #require(bad.plugins.first?.results)
        #expect(results.first { $0.name == "library.loads" }?.status == .success)
        let malformed = try #require(results.first { $0.name == "component.sample-data" })
        #expect(malformed.status == .failed)
        #expect(
            ([malformed.message ?? ""] + malformed.details).contains {
                $0.contains("the sample data of com.pophost.pagefixture.view is not valid JSON")
            }, "\(malformed)")
    }
}
