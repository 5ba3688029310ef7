import Foundation
import PopModel
import PopRuntimeTestSupport
import Testing

@testable import PopInteractive
@testable import PopScenario
@testable import PopTerminal

/// `pophost run --record` and the preview's Record button: what a person does in the player,
/// written as a scenario, plays the session back identically.
@Suite struct ScenarioRecordingTests {
    /// Records a session on `json` made by `session`, parses the recording, plays it to its end on the
    /// same components, and checks that the trace is the live one and that its expectations are met.
    @discardableResult
    func recordAndReplay(_ json: String, _ session: (InteractiveHost) throws -> Void) throws -> Value.Object {
        let samples = try IsolatedSamples()
        let scenario = try Scenario.parse(json: json, file: nil, baseDirectory: nil)
        let host = InteractiveHost(runner: ScenarioRunner(scenario: scenario, catalog: samples.catalog))
        try session(host)
        let text = try host.recordedScenario(name: "recorded", description: nil, directory: nil)
        let recorded = try Scenario.parse(json: text, file: "recorded.json", baseDirectory: nil)
        let replay = ScenarioRunner(scenario: recorded, catalog: samples.catalog)
        replay.runToEnd()
        #expect(replay.chef.now == host.runner.chef.now, "the recording ends when the session did")
        #expect(replay.recorder.jsonLines == host.runner.recorder.jsonLines, "the replay's trace is the session's:\n\(text)")
        #expect(replay.problems.isEmpty && replay.verify().isEmpty, "\(replay.problems) \(replay.verify())")
        guard case .object(let document) = try Value(json: text) else { throw CancellationError() }
        return document
    }

    /// The steps of a recorded document, by their action's key.
    func actions(_ document: Value.Object) -> [String] {
        guard case .array(let steps)? = document["steps"] else { return [] }
        return steps.compactMap { step in
            guard case .object(let object) = step else { return nil }
            return object.keys.first { $0 != "at" && $0 != "note" }
        }
    }

    @Test("the demo with taps, a reversing drag, a flick, rotation, traits and a popup shown again plays back identically")
    func demoSession() throws {
        let document = try recordAndReplay(DemoScenario.json) { host in
            host.advance(by: .milliseconds(1_000))
            _ = host.handle(.key(.character("a")))
            host.advance(by: .milliseconds(300))
            _ = host.handle(.key(.character("a")))
            host.advance(by: .milliseconds(1_100))
            _ = host.handle(.key(.up))
            host.advance(by: .milliseconds(400))
            // A drag that goes out, pauses and comes back.
            _ = host.handle(.pointer(.down, Point(x: 200, y: 600)))
            for (dx, wait) in [(30.0, 16), (60, 16), (60, 120), (20, 16)] {
                host.advance(by: .milliseconds(Int64(wait)))
                _ = host.handle(.pointer(.moved, Point(x: 200 + dx, y: 600)))
            }
            host.advance(by: .milliseconds(16))
            _ = host.handle(.pointer(.up, Point(x: 205, y: 600)))
            host.advance(by: .milliseconds(700))
            _ = host.handle(.key(.character("r")))
            host.advance(by: .milliseconds(500))
            _ = host.handle(.key(.character("r")))
            host.advance(by: .milliseconds(900))
            let centre = Point(x: 195, y: 420)
            _ = host.handle(.pointer(.down, centre))
            host.advance(by: .milliseconds(90))
            _ = host.handle(.pointer(.up, centre))
            host.advance(by: .milliseconds(2_000))
            _ = host.handle(.key(.character("2")))
            host.advance(by: .milliseconds(9_000))
        }
        let written = actions(document)
        for action in ["traits", "drag", "tap", "rotate", "show"] { #expect(written.contains(action), "\(action) in \(written)") }
        #expect(written.last == "wait", "a wait to the end of the session")
        #expect(!written.contains("note"))
        guard case .object(let expect)? = document["expect"], case .array(let trace)? = expect["trace"] else {
            Issue.record("no expected trace")
            return
        }
        #expect(!trace.isEmpty, "the popups' final events are expected")
    }

    @Test("typing, Backspace, Enter, the app's keyboard, hide all and dismiss all are recorded as steps and play back identically")
    func keysSession() throws {
        let document = try recordAndReplay(
            #"""
            {"steps": [{"show": {"handler": "com.pophost.samples.c.payment-handler", "view_loader": "com.pophost.samples.c.payment-view",
                                 "data": {"amount": 3}, "as": "pay"}}, {"at": 500, "focus": {"field": "password"}},
                       {"wait": 3000}]}
            """#
        ) { host in
            host.advance(by: .milliseconds(700))
            for key: TerminalKey in [.character("1"), .character("2"), .backspace, .character("3")] {
                _ = host.handle(.key(key))
                host.advance(by: .milliseconds(120))
            }
            _ = host.handle(.key(.enter))
            host.advance(by: .milliseconds(400))
            _ = host.handle(.key(.character("k")))
            host.advance(by: .milliseconds(400))
            _ = host.handle(.key(.character("k")))
            host.advance(by: .milliseconds(400))
            _ = host.handle(.key(.character("h")))
            host.advance(by: .milliseconds(400))
            _ = host.handle(.key(.character("d")))
            host.advance(by: .milliseconds(1_000))
        }
        let written = actions(document)
        #expect(
            written == [
                "show", "focus", "type", "type", "delete_backward", "type", "end_editing", "keyboard", "keyboard", "hide_all", "dismiss",
                "wait",
            ])
    }

    @Test("a screen reader's moves, activation and escape are recorded and play back identically")
    func screenReaderSession() throws {
        let document = try recordAndReplay(
            #"{"screen": {"voice_over": true}, "steps": [{"show": {"controller_loader": "pop.theme", "as": "alert"}}, {"wait": 1000}]}"#
        ) { host in
            host.advance(by: .milliseconds(800))
            _ = host.handle(.key(.tab))
            host.advance(by: .milliseconds(200))
            _ = host.handle(.key(.character("z")))
            host.advance(by: .milliseconds(1_000))
        }
        #expect(actions(document) == ["show", "accessibility_focus", "escape", "wait"])
    }

    @Test("a scenario step that failed in the session (its popup was gone) is left out, and the rest plays back identically")
    func failedStepLeftOut() throws {
        let document = try recordAndReplay(
            #"""
            {"steps": [{"show": {"handler": "com.pophost.samples.c.payment-handler", "view_loader": "com.pophost.samples.c.payment-view", "as": "pay"}},
                       {"at": 1500, "focus": {"field": "password", "on": "pay"}}, {"wait": 1000}]}
            """#
        ) { host in
            host.advance(by: .milliseconds(700))
            _ = host.handle(.key(.character("d")))
            host.advance(by: .milliseconds(2_000))
            #expect(host.runner.problems.count == 1, "the focus step failed live")
        }
        #expect(actions(document) == ["show", "dismiss", "wait"])
    }

    @Test("a format 1 scenario is recorded in format 2, its renamed keys written with their new names")
    func olderFormat() throws {
        let document = try recordAndReplay(
            #"{"steps": [{"show": {"view": "com.pophost.samples.c.payment-view", "handler": "com.pophost.samples.c.payment-handler", "as": "pay"}}, {"wait": 500}]}"#
        ) { host in
            host.advance(by: .milliseconds(300))
            _ = host.handle(.key(.character("1")))
            host.advance(by: .milliseconds(700))
        }
        #expect(document["format"] == .int(2))
        #expect(!Value.object(document).json.contains(#""view":"#))
    }

    @Test("a touch still under way is left out; a scenario made in code cannot be written")
    func unfinishedAndUnwritable() throws {
        let samples = try IsolatedSamples()
        let parsed = try Scenario.parse(json: #"{"steps": [{"show": {"controller_loader": "pop.theme"}}]}"#, file: nil, baseDirectory: nil)
        let host = InteractiveHost(runner: ScenarioRunner(scenario: parsed, catalog: samples.catalog))
        host.advance(by: .milliseconds(100))
        _ = host.handle(.pointer(.down, Point(x: 10, y: 10)))
        let text = try host.recordedScenario(name: "r", description: nil, directory: nil)
        #expect(!text.contains("\"tap\"") && !text.contains("\"drag\""))

        var made = parsed
        made.steps = made.steps.map { ScenarioStep(path: $0.path, at: $0.at, action: $0.action) }
        let inCode = InteractiveHost(runner: ScenarioRunner(scenario: made, catalog: samples.catalog))
        inCode.advance(by: .milliseconds(100))
        #expect(throws: ScenarioError.self) { try inCode.recordedScenario(name: "r", description: nil, directory: nil) }
    }

    @Test("going back to the instant of an input keeps it (the frame at t shows t); going back before it forgets it; restart forgets all")
    func rewindKeepsInputAtItsInstant() throws {
        let samples = try IsolatedSamples()
        let parsed = try Scenario.parse(json: #"{"steps": [{"wait": 5000}]}"#, file: nil, baseDirectory: nil)
        let host = InteractiveHost(runner: ScenarioRunner(scenario: parsed, catalog: samples.catalog))
        host.advance(by: .milliseconds(1_000))
        _ = host.handle(.key(.character("a")))
        host.advance(by: .milliseconds(500))
        host.rewind(to: .milliseconds(1_000))
        #expect(host.runner.engine.traits.display.appearance == .dark)
        #expect(host.recording.entries.count == 1)
        host.rewind(to: .milliseconds(999))
        #expect(host.runner.engine.traits.display.appearance == .light)
        host.advance(by: .milliseconds(1))
        _ = host.handle(.key(.character("a")))
        host.restart()
        #expect(host.runner.chef.now == .zero && host.recording.entries.isEmpty)
        #expect(host.runner.engine.traits.display.appearance == .light)
    }

    @Test("plugin directories are written relative to where the recording is saved")
    func relativePlugins() {
        #expect(ScenarioWriter.relativePath(to: "/p/plugins", from: "/p/scenarios") == "../plugins")
        #expect(ScenarioWriter.relativePath(to: "/p/scenarios/x", from: "/p/scenarios") == "x")
        #expect(ScenarioWriter.relativePath(to: "/p", from: "/p") == ".")
    }
}
