import Foundation
import HostRuntime
import PopTestSupport

/// Plugins that crash, abort, exit, hang or close their standard descriptors at one point each, built
/// from Tests/Fixtures/fixture_plugin.c, with a well-behaved one beside them, and the scenario that
/// shows it: the good plugin's banner, then two alerts of the broken plugin — the second queued
/// behind the first —, and a tap on the first one's action "go" for the defects that are in it. Run
/// isolated, the host must survive each one: each alert of the broken plugin ends once, for the
/// reason the case gives, and the banner stays on screen and renders.
///
/// Each suite builds its own (a directory of its own, scanned before the crash in `init` is armed).
package final class IsolationCrashCorpus: @unchecked Sendable {
    package struct Case: Sendable, CustomStringConvertible {
        package let name: String
        package let flags: [String]
        /// Whether the scenario taps the first alert's action "go" at 600 ms.
        package let tapsGo: Bool
        /// How the first alert ends.
        package let first: FinalEvent
        /// How the second alert ends; nil: it is on screen at the end (the plugin survived).
        package let second: FinalEvent?
        package var description: String { name }
    }

    package static let goodID = "com.pophost.corpus.good"

    package let directory = TemporaryDirectory()
    /// The file whose existence makes the crash-in-init plugin crash in `init` (`armCrashInInit`).
    package var crashInInitMarker: String { directory.file("crash-in-init.armed") }

    package let cases: [Case]

    package init() throws {
        let marker = directory.file("crash-in-init.armed")
        cases = [
            Case(
                name: "crash-in-init", flags: ["-DFIX_CRASH_IN_INIT_AFTER=\"\(marker)\""], tapsGo: false,
                first: .cancelled(.pluginCrashed), second: .cancelled(.pluginCrashed)),
            Case(
                name: "crash-in-action", flags: ["-DFIX_CRASH_IN_ACTION"], tapsGo: true,
                first: .dismissed(.pluginCrashed), second: .cancelled(.pluginCrashed)),
            // These two crash while the first alert is shown, before the second is requested: the
            // second gets a new plugin host, and crashes it the same way.
            Case(
                name: "crash-in-callback", flags: ["-DFIX_CRASH_IN_CALLBACK"], tapsGo: false,
                first: .dismissed(.pluginCrashed), second: .dismissed(.pluginCrashed)),
            Case(
                name: "crash-in-animation", flags: ["-DFIX_CRASH_IN_ANIMATION"], tapsGo: false,
                first: .dismissed(.pluginCrashed), second: .dismissed(.pluginCrashed)),
            Case(
                name: "hang", flags: ["-DFIX_HANG_SHOULD_PRESENT"], tapsGo: false,
                first: .cancelled(.pluginTimeout), second: .cancelled(.pluginTimeout)),
            Case(
                name: "exit-0", flags: ["-DFIX_EXIT_IN_ACTION"], tapsGo: true,
                first: .dismissed(.pluginCrashed), second: .cancelled(.pluginCrashed)),
            Case(
                name: "abort", flags: ["-DFIX_ABORT_IN_ACTION"], tapsGo: true,
                first: .dismissed(.pluginCrashed), second: .cancelled(.pluginCrashed)),
            Case(
                name: "stack-overflow", flags: ["-DFIX_OVERFLOW_IN_ACTION"], tapsGo: true,
                first: .dismissed(.pluginCrashed), second: .cancelled(.pluginCrashed)),
            Case(
                name: "stdio-closed", flags: ["-DFIX_CLOSE_STDIO_IN_ACTION"], tapsGo: true,
                first: .dismissed(.action), second: nil),
        ]
        try Fixture.build(directory.file("good.so"), ["-DFIX_PLUGIN_ID=\"\(Self.goodID)\""])
        for testCase in cases {
            try Fixture.build(directory.file("\(testCase.name).so"), testCase.flags + ["-DFIX_PLUGIN_ID=\"\(Self.pluginID(testCase))\""])
        }
    }

    package static func pluginID(_ testCase: Case) -> String { "com.pophost.corpus.\(testCase.name)" }

    /// From now on the crash-in-init plugin crashes in `init` (scan before this).
    package func armCrashInInit() {
        _ = FileManager.default.createFile(atPath: crashInInitMarker, contents: Data())
    }

    /// The scenario for `testCase` as JSON: labels "good", "first" and "second"; `plugins` is the
    /// corpus's directory. It expects the first alert's final event and the banner on screen at the end.
    package func scenario(_ testCase: Case) -> String {
        let bad = Self.pluginID(testCase)
        let alert = #"{"handler": "\#(bad).handler", "view_loader": "\#(bad).view", "controller_loader": "\#(bad).controller""#
        let tap = testCase.tapsGo ? #"{"at": 600, "tap": {"action": "go", "on": "first"}},"# : ""
        let final = testCase.first
        let event = if case .dismissed = final { "dismissed" } else { "cancelled" }
        return """
            {
              "format": 1,
              "name": "\(testCase.name)",
              "plugins": ["\(directory.path)"],
              "steps": [
                {"at": 0, "show": {"handler": "\(Self.goodID).handler", "view_loader": "\(Self.goodID).view", "controller_loader": "pop.theme",
                                   "data": {"theme": {"style": "banner", "display_duration": 60}}, "as": "good"}},
                {"at": 100, "show": \(alert), "as": "first"}},
                {"at": 100, "show": \(alert), "as": "second"}},
                \(tap)
                {"at": 1400, "wait": 100}
              ],
              "expect": {
                "trace": [{"event": "\(event)", "request": "first", "reason": "\(final.reason)"}],
                "frames": [{"at": 1400, "request": "good", "node": "content.0", "role": "text", "text": "Fixture", "visible": true}]
              }
            }
            """
    }
}
