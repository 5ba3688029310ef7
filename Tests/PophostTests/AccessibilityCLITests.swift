import Foundation
import PopTestSupport
import Testing

@testable import PopModel

/// What a screen reader reads, as a plugin author asks for it: `show --accessibility` (text and JSON)
/// and `inspect --accessibility`.
@Suite struct AccessibilityCLITests {
    static let payment = [
        "--handler", "com.pophost.samples.c.payment-handler", "--view-loader", "com.pophost.samples.c.payment-view", "--data",
        #"{"amount": 12.5}"#,
    ]

    @Test("show --accessibility: the focus moves into the dialog and back in the trace, then what was reachable, the app hidden")
    func show() throws {
        let cache = TemporaryDirectory()
        let text = try run(Build.pophost, ["show"] + Self.payment + ["--accessibility"], environment: CLITests.isolated(cache))
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains(#"a11y-focus      popup.1.content.0 "Payment": into popup 1"#), "\(text.stdout)")
        #expect(text.stdout.contains("accessibility (once presented):\n  alert-dialog popup.1 \"Payment\" (modal)\n"))
        #expect(text.stdout.contains(#"  ▸ header "Payment"  popup.1.content.0 at "#))
        #expect(text.stdout.contains(#"button "Confirm"  popup.1.content.3.1 at 20,481 350×44"#))
        #expect(text.stdout.hasSuffix("hidden by the modal popup: app\n"))

        let json = try run(Build.pophost, ["show"] + Self.payment + ["--accessibility", "--json"], environment: CLITests.isolated(cache))
        #expect(json.status == 0, "\(json.stderr)")
        let last = try Value(json: String(json.stdout.split(separator: "\n").last ?? ""))
        #expect(last.lookup(path: "accessibility.focus") == "popup.1.content.0")
        #expect(last.lookup(path: "accessibility.hidden") == ["app"])
        #expect(last.lookup(path: "accessibility.containers.0.role") == "alert-dialog")

        let plain = try run(Build.pophost, ["show"] + Self.payment, environment: CLITests.isolated(cache))
        #expect(!plain.stdout.contains("a11y") && !plain.stdout.contains("accessibility"), "without it, as before")
    }

    @Test("inspect --accessibility: each build's reading, in text and in JSON; without it, as before")
    func inspect() throws {
        let cache = TemporaryDirectory()
        let text = try run(
            Build.pophost, ["inspect", "com.pophost.samples.c.payment-view", "--accessibility"], environment: CLITests.isolated(cache))
        #expect(text.status == 0, "\(text.stderr)")
        #expect(
            text.stdout.contains(
                #"reads: header "Payment", text "$0.00", text-field "6-digit password", button "Cancel", button "Confirm", button "Forgot password?""#
            ), "\(text.stdout)")
        let json = try run(
            Build.pophost, ["inspect", "com.pophost.samples.c.payment-view", "--accessibility", "--json"],
            environment: CLITests.isolated(cache))
        let report = try Value(json: json.stdout)
        guard case .array(let views)? = report.lookup(path: "contracts.view_loaders") else {
            Issue.record("no view_loaders in \(json.stdout)")
            return
        }
        let first = try #require(views.first { $0.lookup(path: "id") == "com.pophost.samples.c.payment-view" })
        #expect(first.lookup(path: "builds.0.accessibility.2") == ["role": "text-field", "label": "6-digit password", "path": [2]])
        let plain = try run(Build.pophost, ["inspect", "com.pophost.samples.c.payment-view"], environment: CLITests.isolated(cache))
        #expect(!plain.stdout.contains("reads:"))
    }
}
