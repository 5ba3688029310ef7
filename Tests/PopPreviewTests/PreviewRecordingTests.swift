import Foundation
import PopRuntimeTestSupport
import PopTestSupport
import Testing

@testable import PopModel
@testable import PopPreview
@testable import PopScenario

/// The player's Record button over HTTP: the run starts again, what the page sends is kept, and the
/// saved scenario plays the session back on the same plugins with its expectations met.
@Suite struct PreviewRecordingTests {
    @Test("record, tap and dismiss in the player, save: the file plays back to the same final events; names are checked")
    func recordAndSave() async throws {
        let recordings = TemporaryDirectory()
        let fixture = try await PreviewFixture(recordings: recordings.path)
        _ = try await fixture.request("/api/frame.svg?t=2000")
        let started = try await fixture.json("/api/record", post: #"{"action": "start"}"#)
        #expect(started["time_ms"] == .int(0), "the run starts again: \(started.json)")
        _ = try await fixture.request("/api/frame.svg?t=3600")
        _ = try await fixture.json("/api/input", post: #"{"kind": "tap", "x": 30, "y": 700}"#)
        _ = try await fixture.request("/api/frame.svg?t=3900")
        _ = try await fixture.json("/api/input", post: #"{"kind": "key", "key": "d"}"#)
        _ = try await fixture.request("/api/frame.svg?t=5000")
        let saved = try await fixture.json("/api/record", post: #"{"action": "save", "name": "checkout"}"#)
        let path = recordings.file("checkout.json")
        #expect(saved["path"] == .string(path), "\(saved.json)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(#""dismiss":{"all":true}"#) && text.contains(#""tap":{"x":30,"y":700,"hold":0}"#), "\(text)")

        let recorded = try Scenario.load(path: path)
        let samples = try IsolatedSamples()
        let replay = ScenarioRunner(scenario: recorded, catalog: samples.catalog)
        replay.runToEnd()
        #expect(replay.problems.isEmpty && replay.verify().isEmpty, "\(replay.problems) \(replay.verify())")
        #expect(replay.chef.now == .milliseconds(5000))
        let live = try Value(json: try await fixture.request("/api/trace").text)
        guard case .array(let events) = live else { throw CancellationError() }
        let finals = events.filter { $0["event"] == "dismissed" || $0["event"] == "cancelled" }.map { $0["reason"]?.json ?? "" }
        let replayed = replay.recorder.events.filter { $0.kind == .dismissed || $0.kind == .cancelled }.map {
            Value.string($0.reason?.description ?? "").json
        }
        #expect(finals == replayed && !finals.isEmpty, "\(finals) \(replayed)")

        let again = try await fixture.request("/api/record", post: #"{"action": "save", "name": "checkout"}"#)
        #expect(again.status == 409 && again.text.contains("exists"), "\(again.text)")
        let replaced = try await fixture.request("/api/record", post: #"{"action": "save", "name": "checkout", "replace": true}"#)
        #expect(replaced.status == 200)
        for name in ["../escape", ".hidden", ""] {
            let bad = try await fixture.request("/api/record", post: #"{"action": "save", "name": "\#(name)"}"#)
            #expect(bad.status == 400 && bad.text.contains("name"), "\(name): \(bad.text)")
        }
        let unknown = try await fixture.request("/api/record", post: #"{"action": "pause"}"#)
        #expect(unknown.status == 400 && unknown.text.contains("start"), "\(unknown.text)")
    }

    @Test("with nowhere to save, saving says how to give a place")
    func nowhere() async throws {
        let fixture = try await PreviewFixture()
        let answer = try await fixture.request("/api/record", post: #"{"action": "save", "name": "x"}"#)
        #expect(answer.status == 409 && answer.text.contains("--record-to"), "\(answer.text)")
    }
}
