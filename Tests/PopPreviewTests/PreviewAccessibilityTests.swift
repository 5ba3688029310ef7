import Foundation
import PopTestSupport
import Testing

@testable import PopModel
@testable import PopPreview

/// The ARIA mirror's server side, without a browser: the state's accessibility tree, the screen
/// reader's input (parsed, applied, replayed after scrubbing back), frames unchanged without
/// VoiceOver, and the gallery's audit route.
@Suite struct PreviewAccessibilityTests {
    @Test("accessibility inputs are parsed; a bad one is an error that says what is wanted")
    func parsing() throws {
        func input(_ json: String) throws -> PlayerInput { try PlayerInput(message: try Value(json: json)) }
        #expect(try input(#"{"kind": "accessibility", "command": "next"}"#) == .accessibility(.move(.next)))
        #expect(try input(#"{"kind": "accessibility", "command": "previous"}"#) == .accessibility(.move(.previous)))
        #expect(try input(#"{"kind": "accessibility", "command": "escape"}"#) == .accessibility(.escape))
        #expect(
            try input(#"{"kind": "accessibility", "command": "focus", "id": "popup.3.content.0"}"#)
                == .accessibility(.focus("popup.3.content.0")))
        #expect(try input(#"{"kind": "accessibility", "command": "activate", "id": "a"}"#) == .accessibility(.activate("a")))
        #expect(try input(#"{"kind": "accessibility", "command": "voice_over", "on": true}"#) == .accessibility(.voiceOver(true)))
        #expect(
            try input(#"{"kind": "tap", "x": 1, "y": 2}"#)
                == .events([.pointer(.down, Point(x: 1, y: 2)), .pointer(.up, Point(x: 1, y: 2))]))
        let refusals = [
            #"{"kind": "accessibility"}"#:
                "an accessibility input needs a \"command\": next, previous, focus, activate, escape or voice_over",
            #"{"kind": "accessibility", "command": "jump"}"#:
                "unknown accessibility command \"jump\" (next, previous, focus, activate, escape or voice_over)",
            #"{"kind": "accessibility", "command": "activate"}"#: "an accessibility activate needs an \"id\": the element's node id",
            #"{"kind": "accessibility", "command": "voice_over", "on": "yes"}"#:
                "an accessibility voice_over needs \"on\": true or false",
        ]
        for (json, message) in refusals {
            #expect("\(json)") { try input(json) } throws: { ($0 as? PreviewError)?.message == message }
        }
    }

    @Test("the state carries the frame's tree; Tab-like moves and activation drive the payment alert, and a replay gives them again")
    func driving() async throws {
        let fixture = try await PreviewFixture()
        let plain = try await fixture.json("/api/frame.json?t=6500")
        #expect(plain["accessibility"] == nil, "frames without VoiceOver are as they were")
        let state = try await fixture.json("/api/state")
        #expect(state["accessibility"]?["hidden"] == ["app"])
        #expect(state["accessibility"]?["containers"]?[0]?["role"] == "alert-dialog")
        #expect(state["accessibility"]?["focus"] == .null)

        _ = try await fixture.json("/api/input", post: #"{"kind": "accessibility", "command": "voice_over", "on": true}"#)
        let moved = try await fixture.json("/api/input", post: #"{"kind": "accessibility", "command": "next"}"#)
        #expect(moved["state"]?["accessibility"]?["focus"] == "popup.3.content.0", "\(moved.json)")
        #expect(moved["state"]?["traits"]?["voice_over"] == true)
        let back = try await fixture.json("/api/input", post: #"{"kind": "accessibility", "command": "previous"}"#)
        #expect(back["state"]?["accessibility"]?["focus"] == "popup.3.content.4", "wraps inside the alert: \(back.json)")
        let gone = try await fixture.json("/api/input", post: #"{"kind": "accessibility", "command": "focus", "id": "app.nothing"}"#)
        #expect(gone["state"]?["status"]?.json.contains("app.nothing is not reachable") == true, "\(gone.json)")
        let confirm = try await fixture.json(
            "/api/input", post: #"{"kind": "accessibility", "command": "activate", "id": "popup.3.content.3.1"}"#)
        #expect(confirm["ran"] == ["confirm → dismiss"], "\(confirm.json)")
        #expect(try await fixture.json("/api/frame.json?t=6500")["accessibility"] != nil, "with VoiceOver on, frames carry the tree")

        // Forward, then back to an instant after the input: the run is replayed with it.
        _ = try await fixture.request("/api/frame.json?t=6800")
        _ = try await fixture.request("/api/frame.json?t=6600")
        let trace = try await fixture.request("/api/trace").text
        #expect(trace.contains(#""event":"action""#) && trace.contains("confirm → dismiss"), "\(trace.suffix(800))")
        #expect(trace.contains(#""event":"a11y-focus""#))
        #expect(try await fixture.json("/api/state")["traits"]?["voice_over"] == true)
    }

    @Test("Escape is the escape gesture: the payment alert goes, traced a11y-escape")
    func escape() async throws {
        let fixture = try await PreviewFixture()
        _ = try await fixture.request("/api/frame.json?t=6500")
        let escaped = try await fixture.json("/api/input", post: #"{"kind": "accessibility", "command": "escape"}"#)
        #expect(escaped["state"]?["status"]?.json.contains("escaped popup 3") == true, "\(escaped.json)")
        let trace = try await fixture.request("/api/trace").text
        #expect(trace.contains(#""event":"a11y-escape""#), "\(trace.suffix(600))")
    }

    @Test("the audit route runs only the a11y.* tests on a plugin file of the gallery; another path is a 404")
    func audit() async throws {
        let fixture = try await PreviewFixture()
        let gallery = try await fixture.json("/api/gallery")
        guard case .string(let path)? = gallery["plugins"]?[0]?["path"] else {
            Issue.record("no plugin in the gallery: \(gallery.json.prefix(300))")
            return
        }
        let report = try await fixture.json("/api/audit", post: Value.object(["plugin": .string(path)]).json)
        guard case .array(let results)? = report["plugins"]?[0]?["results"] else {
            Issue.record("no results: \(report.json.prefix(300))")
            return
        }
        let names = results.compactMap { if case .string(let name)? = $0["name"] { name } else { nil } }
        #expect(names.allSatisfy { $0.hasPrefix("a11y.") || $0 == "library.loads" }, "\(names)")
        #expect(try await fixture.request("/api/audit", post: #"{"plugin": "/etc/passwd"}"#).status == 404)
    }
}
