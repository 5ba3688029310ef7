import Foundation
import PopTestSupport
import Testing

@testable import PopHarness

/// `component.composition`: a view loader that fits no handler available to it fails, listing each
/// mismatch as `pophost check` words it; a handler that no view loader fits is a warning; the
/// samples and the well-behaved fixture pass.
@Suite struct CompositionHarnessTests {
    final class Plugins: @unchecked Sendable {
        let directory = TemporaryDirectory()
        static let variants: [String: [String]] = [
            "undeclared": ["-DFIX_UNDECLARED_ACTION"], "missing": ["-DFIX_MISSING_FIELD"],
            "undriven": ["-DFIX_MISSING_FIELD", "-DFIX_NO_GO_BUTTON"],
        ]

        init() throws {
            for (name, flags) in Self.variants {
                try Fixture.build(path(name), flags + ["-DFIX_PLUGIN_ID=\"com.fixture.\(name)\""])
            }
        }

        func path(_ name: String) -> String { directory.file("\(name).so") }
    }

    let plugins = try! Plugins()

    func composition(_ path: String) throws -> (status: Int32, result: TestResult) {
        let (status, report, stderr) = try HarnessTests.harness(["--only", "component.composition", path])
        let result = try #require(report.plugins.first?.results.first { $0.name == "component.composition" }, "\(stderr)")
        return (status, result)
    }

    @Test("the samples and the well-behaved fixture pass")
    func passing() throws {
        for path in [Build.cSample, Build.swiftSample, MisbehavingPluginCorpus.shared.path("good")] {
            let (status, result) = try composition(path)
            #expect(status == 0 && result.status == .success, "\(path): \(result.message ?? "")")
        }
    }

    @Test("a button naming an undeclared action fails, with check's wording and its suggestion")
    func undeclaredAction() throws {
        let (status, result) = try composition(plugins.path("undeclared"))
        #expect(status == 1)
        #expect(result.status == .failed)
        #expect(
            result.message?.hasPrefix(
                "undeclared.so: view loader com.fixture.undeclared.view fits no handler available to it (1 of the plugin's, nor the built-in default, which declares no actions)"
            ) == true, "\(result.message ?? "")")
        #expect(
            result.details == [
                "  view loader com.fixture.undeclared.view with handler com.fixture.undeclared.handler: a button names the action \"goo\", which handler com.fixture.undeclared.handler does not declare (did you mean \"go\"?)  [undeclared-action]"
            ], "\(result.details)")
    }

    @Test("an action reading a text field the view lacks fails, naming the field")
    func missingField() throws {
        let (status, result) = try composition(plugins.path("missing"))
        #expect(status == 1)
        #expect(result.status == .failed)
        #expect(
            result.details.contains(
                "  view loader com.fixture.missing.view with handler com.fixture.missing.handler: action \"go\" reads field.pin, but the content has no text field \"pin\"  [missing-text-field]"
            ), "\(result.details)")
    }

    @Test("a handler that no view loader fits is a warning when every view loader fits some handler")
    func undrivenHandler() throws {
        let (status, result) = try composition(plugins.path("undriven"))
        #expect(status == 0)
        #expect(result.status == .warning)
        #expect(
            result.message?.hasPrefix(
                "undriven.so: handler com.fixture.undriven.handler fits no view loader of the plugin nor the built-in view") == true,
            "\(result.message ?? "")")
        #expect(result.message?.contains("action \"go\" reads field.pin, but the content has no text field \"pin\"") == true)
    }

    @Test("with no handler that can be made, the failure is one finished sentence, not a colon with nothing after it")
    func noHandlerMade() throws {
        let (status, result) = try composition(MisbehavingPluginCorpus.shared.path("malformed-signature"))
        #expect(status == 1 && result.status == .failed)
        let message = result.message ?? ""
        #expect(
            message.contains("cannot be made: see component.action-signatures") && message.hasSuffix("lists every pair)."), "\(message)")
        #expect(result.details.isEmpty, "\(result.details)")
    }
}
