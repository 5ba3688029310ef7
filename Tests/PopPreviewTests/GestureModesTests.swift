import Foundation
import PopChef
import PopRuntimeTestSupport
import PopTestSupport
import Testing

@testable import PopIsolation
@testable import PopModel
@testable import PopPreview
@testable import PopScenario

/// Issue 28's gestures — a drag that reverses, one that pauses, two fingers at once — play the same
/// in this process, with the plugins isolated in plugin hosts, and in the preview's player.
@Suite struct GestureModesTests {
    static let json = #"""
        {"name": "gestures", "steps": [
          {"show": {"controller_loader": "com.pophost.samples.c.share-sheet-controller", "as": "s"}},
          {"at": 1000, "drag": {"path": [{"x": 195, "y": 470, "t": 0}, {"x": 195, "y": 300, "t": 60}, {"x": 195, "y": 430, "t": 160},
                                         {"x": 195, "y": 430, "t": 560}, {"x": 195, "y": 420, "t": 600}]},
           "note": "up, back down, a pause, lifted slowly"},
          {"at": 2500, "drag": {"touches": [
             {"path": [{"x": 195, "y": 470, "t": 0}, {"x": 195, "y": 370, "t": 100}, {"x": 195, "y": 250, "t": 180}]},
             {"path": [{"x": 100, "y": 500, "t": 20}, {"x": 100, "y": 420, "t": 120}, {"x": 100, "y": 420, "t": 150}]}]},
           "note": "a second finger joins the sheet's pan and lifts first; the first flings it up"},
          {"wait": 1500}
        ]}
        """#

    /// The trace of `json` played to its end over `catalog`, one JSON object an event.
    static func trace(over catalog: ComponentCatalog) throws -> [String] {
        let runner = ScenarioRunner(scenario: try Scenario.parse(json: json, file: nil, baseDirectory: nil), catalog: catalog)
        runner.runToEnd()
        #expect(runner.problems.isEmpty, "\(runner.problems)")
        return runner.recorder.events.map(\.jsonLine)
    }

    @Test("a reversing drag, a pausing drag and two fingers: the same trace in process, isolated and in the preview")
    func sameEverywhere() async throws {
        let samples = try IsolatedSamples()
        let inProcess = try Self.trace(over: samples.catalog)
        #expect(inProcess.contains { $0.contains("detent-changed") }, "the fingers moved the sheet: \(inProcess)")

        let isolatedCatalog = ComponentCatalog()
        isolatedCatalog.add(IsolatedComponents(discovery: samples.discovery, options: IsolationOptions(executable: Build.pluginHost)))
        #expect(try Self.trace(over: isolatedCatalog) == inProcess)

        let fixture = try await PreviewFixture(scenario: try Scenario.parse(json: Self.json, file: nil, baseDirectory: nil))
        _ = try await fixture.request("/api/frame.json?t=4500")
        guard case .array(let events) = try Value(json: try await fixture.request("/api/trace").text) else {
            Issue.record("the trace is not an array")
            return
        }
        let shown = events.map { event -> String in
            guard case .object(var object) = event else { return event.json }
            object["label"] = nil
            return Value.object(object).json
        }
        #expect(shown == inProcess)
    }
}
