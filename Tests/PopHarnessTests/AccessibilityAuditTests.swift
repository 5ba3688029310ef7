import Foundation
import PopTestSupport
import Testing

@testable import PopHarness

/// The accessibility audits (`a11y.*`) on a real plugin: the fixture (Tests/Fixtures/a11y_plugin.c)
/// passes every one as written, and each of its defects fails exactly the audit it breaks, with the
/// numbers in the finding.
@Suite struct AccessibilityAuditTests {
    static let audits = ["a11y.label", "a11y.target", "a11y.contrast", "a11y.text-size", "a11y.order", "a11y.focus"]

    /// The a11y.* results of the fixture built with `defines`, by name.
    func audit(_ defines: [String], strictness: Int = 5) throws -> (status: Int32, results: [String: TestResult]) {
        let directory = TemporaryDirectory()
        let library = directory.file("a11y.so")
        try Fixture.compile("a11y_plugin.c", to: library, defines)
        let (status, report, stderr) = try HarnessTests.harness(["--only", "a11y", "--strictness", "\(strictness)", library])
        let results = Dictionary(uniqueKeysWithValues: (report.plugins.first?.results ?? []).map { ($0.name, $0) })
        // Every audit runs from strictness 4 (a11y.order's level); library.loads runs first.
        if strictness >= 4 { #expect(Set(results.keys) == Set(Self.audits + ["library.loads"]), "\(stderr)") }
        return (status, results)
    }

    /// Fails `failing` alone: every other audit passes; what it said, all of it.
    func failsOnly(_ failing: String, with defines: [String]) throws -> String {
        let (status, results) = try audit(defines)
        #expect(status == 1)
        for name in Self.audits {
            let result = try #require(results[name])
            let expected: TestStatus = name == failing ? .failed : .success
            #expect(result.status == expected, "\(name): \(result.status) \(result.message ?? "")")
        }
        let result = try #require(results[failing])
        return ([result.message ?? ""] + result.details).joined(separator: "\n")
    }

    @Test("the clean fixture passes every audit, at strictness 5 and at 10")
    func cleanPasses() throws {
        for strictness in [5, 10] {
            let (status, results) = try audit([], strictness: strictness)
            #expect(status == 0)
            for (name, result) in results { #expect(result.status == .success, "\(name): \(result.status) \(result.message ?? "")") }
        }
    }

    @Test("an icon button without a label fails a11y.label alone, naming the button and its title")
    func unlabelled() throws {
        let said = try failsOnly("a11y.label", with: ["-DA11Y_FIXTURE_UNLABELLED"])
        #expect(said.contains("a11y.label: popup.1.content.0.2 button \"✕\" has no label with a letter or digit"), "\(said)")
        #expect(said.contains("com.pophost.a11yfixture.view"), "\(said)")
    }

    @Test("a 30 × 30 pt target fails a11y.target alone, with its size; at strictness 3 it only warns")
    func smallTarget() throws {
        let said = try failsOnly("a11y.target", with: ["-DA11Y_FIXTURE_SMALL"])
        #expect(said.contains("a11y.target: popup.1.content.1 button \"Help\" is 30×30 pt, under 44×44 pt"), "\(said)")
        let (status, results) = try audit(["-DA11Y_FIXTURE_SMALL"], strictness: 3)
        let lenient = try #require(results["a11y.target"])
        #expect(status == 0 && lenient.status == .warning, "\(lenient.status) \(lenient.message ?? "")")
        #expect(lenient.message?.contains("is 30×30 pt, under 44×44 pt") == true, "\(lenient.message ?? "")")
    }

    @Test("3:1 body text fails a11y.contrast alone, in light only, with the ratio, the rule and the composited colours")
    func faint() throws {
        let said = try failsOnly("a11y.contrast", with: ["-DA11Y_FIXTURE_FAINT"])
        #expect(
            said.contains(
                "a11y.contrast: popup.1.content.2 \"Total due today: 12.00\" 3.03:1 < 4.5:1 (WCAG 1.4.3; 15 pt regular #949494 on #ffffff, light)"
            ), "\(said)")
        #expect(!said.contains("dark)"), "the dark card makes it readable: \(said)")
    }

    @Test("text left less room than a character at ax5 fails a11y.text-size alone, at ax5 only, with the widths")
    func crowded() throws {
        let said = try failsOnly("a11y.text-size", with: ["-DA11Y_FIXTURE_CROWDED"])
        #expect(
            said.contains(
                "a11y.text-size: at ax5: text \"# 4 2\" (popup.1.content.3.1): the line \"#\" is 26.5 pt wide in 23.5 pt of room"),
            "\(said)")
        #expect(!said.contains("at ax1") && !said.contains("at ax3"), "\(said)")
    }

    @Test("content hidden from accessibility leaves the focus on the page: a11y.focus fails alone")
    func focusLeftOnPage() throws {
        let said = try failsOnly("a11y.focus", with: ["-DA11Y_FIXTURE_HIDDEN"])
        #expect(
            said.contains("a11y.focus: alert-dialog popup.1 has presented but has no element to take the focus: it stays on app."),
            "\(said)")
    }
}
