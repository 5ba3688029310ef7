import Foundation
import PopTestSupport
import Testing

@testable import PopHarness

/// A rule broken in a popup is reported by the test that owns it, naming the component: a
/// should_present that answers twice fails `component.completions-once` (and the `Reproduce:` line
/// names it), not `component.host-extensions-withheld`.
@Suite struct RuleOwnerTests {
    @Test("should_present answering twice fails component.completions-once alone, naming the handler")
    func answerTwice() throws {
        let path = MisbehavingPluginCorpus.shared.path("answer-twice")
        let tests = ["component.host-extensions-withheld", "component.completions-once", "component.sheet-callbacks"]
        let (status, report, stderr) = try HarnessTests.harness(tests.flatMap { ["--only", $0] } + [path])
        #expect(status == 1)
        let results = try #require(report.plugins.first?.results, "\(stderr)")
        let owner = try #require(results.first { $0.name == "component.completions-once" })
        #expect(owner.status == .failed)
        #expect(
            owner.message?.hasPrefix(
                "answer-twice.so: handler com.pophost.misbehaving.answer-twice.handler (in a popup of handler com.pophost.misbehaving.answer-twice.handler"
            ) == true, "\(owner.message ?? "")")
        #expect(owner.message?.contains("should_present's answer called again after it fired; ignored") == true)
        for other in results where other.name != "component.completions-once" {
            #expect(!other.status.isFailure, "\(other.name): \(other.message ?? "")")
        }
        let text = try run(Build.pophost, ["test", "--seed", "3"] + tests.flatMap { ["--only", $0] } + [path])
        let reproduce = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("Reproduce: ") })
        #expect(reproduce.contains("component.completions-once"), "\(reproduce)")
    }
}
