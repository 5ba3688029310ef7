import Foundation
import PopTestSupport
import Testing

@testable import PopModel
@testable import PopPreview
@testable import PopScenario

/// The live channel (WebSocket `/live`): answers to the page's messages, and a rebuilt plugin's
/// reload pushed to the page with the run replayed to the same instant.
@Suite struct LiveChannelTests {
    /// Opens `/live` on `fixture`, sends `messages` one by one, does `work`, and collects what
    /// arrives until `done` says so (or 20 s pass).
    static func exchange(
        _ fixture: PreviewFixture, sending messages: [String], whileWaiting work: @escaping @Sendable () async throws -> Void = {},
        until done: @escaping @Sendable ([Value]) -> Bool
    ) async throws -> [Value] {
        let socket = try TestWebSocket(port: fixture.port, path: "/live")
        try await socket.upgraded()
        // The server subscribes the socket once it is open: a first ping's answer says it is.
        socket.send(#"{"type": "ping"}"#)
        _ = try await socket.receive()
        for message in messages { socket.send(message) }
        try await work()
        var received: [Value] = []
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline, !done(received) {
            guard let text = try await socket.receive(seconds: 1) else { continue }
            received.append(try Value(json: text))
        }
        return received
    }

    final class Received: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [Value] = []
        func append(_ value: Value) { lock.withLock { stored.append(value) } }
        var values: [Value] { lock.withLock { stored } }
    }

    @Test("ping, input and bad messages each get their answer")
    func messages() async throws {
        let fixture = try await PreviewFixture()
        let replies = try await Self.exchange(
            fixture,
            sending: [
                #"{"type": "ping"}"#, #"{"type": "input", "input": {"kind": "key", "key": "k"}}"#, #"{"type": "shout"}"#, "not json",
            ], until: { $0.count >= 4 })
        #expect(replies.count == 4)
        #expect(replies.first?["type"] == "reply" && replies.first?["body"]?["pong"] == true)
        #expect(replies.dropFirst().first?["body"]?["state"]?["status"] != nil, "\(replies.map(\.json))")
        #expect(replies.dropFirst(2).first?["type"] == "error")
        #expect(replies.dropFirst(2).first?["message"]?.json.contains("input or ping") == true)
        #expect(replies.last?["type"] == "error" && replies.last?["message"]?.json.contains("not valid JSON") == true)
    }

    @Test(
        "a scaffolded C plugin rebuilt with a new title: the page is told and the frame at the same instant shows it; a broken build is refused"
    )
    func reload() async throws {
        let project = try ScaffoldedPlugin()
        let scenario = try Scenario.parse(json: ScaffoldedPlugin.scenario, file: "watched.json", baseDirectory: nil)
        let fixture = try await PreviewFixture(scenario: scenario, samples: false, extra: [project.library])
        let copy = fixture.directory.file("libwatched.so")
        #expect(try await fixture.request("/api/frame.svg?t=800").text.contains("First title"))
        try project.edit("src/view.c", replacing: #"data_string(data, "title", PLUGIN_NAME)"#, with: #""Rebuilt title""#)
        try project.build()
        let messages = try await Self.exchange(
            fixture, sending: [],
            whileWaiting: {
                try FileManager.default.removeItem(atPath: copy); try FileManager.default.copyItem(atPath: project.library, toPath: copy)
            },
            until: { $0.contains { $0["type"] == "reloaded" } })
        let reloaded = try #require(messages.first { $0["type"] == "reloaded" }, "\(messages.map(\.json))")
        #expect(reloaded["time_ms"] == 800)
        #expect(reloaded["message"]?.json.contains("reloaded libwatched.so") == true)
        let state = try await fixture.json("/api/state")
        #expect(state["time_ms"] == 800, "the timeline keeps its position")
        #expect(try await fixture.request("/api/frame.svg?t=800").text.contains("Rebuilt title"))

        // A broken build (not a library at all): the page is told, and the last good build stays.
        let broken = try await Self.exchange(
            fixture, sending: [],
            whileWaiting: { try Data("#!/bin/sh\necho not a plugin\n".utf8).write(to: URL(fileURLWithPath: copy)) },
            until: { $0.contains { $0["type"] == "reload_failed" } })
        let failed = try #require(broken.first { $0["type"] == "reload_failed" }, "\(broken.map(\.json))")
        #expect(failed["message"]?.json.contains("libwatched.so not reloaded, keeping the last good build") == true, "\(failed.json)")
        #expect(failed["message"]?.json.contains("not an ELF file") == true, "\(failed.json)")
        #expect(try await fixture.request("/api/frame.svg?t=900").text.contains("Rebuilt title"))
    }

    @Test("a plugin that crashes is an error message on the live channel and in the gallery, and the server keeps serving")
    func crash() async throws {
        let project = try ScaffoldedPlugin()
        try project.edit(
            "src/view.c", replacing: #"    b->text(b, data_string(data, "title", PLUGIN_NAME)"#,
            with:
                "    if (data_string(data, \"crash\", NULL)) *(volatile int *)0 = 1;\n    b->text(b, data_string(data, \"title\", PLUGIN_NAME)"
        )
        try project.build()
        let fixture = try await PreviewFixture(extra: [project.library])
        let crashed = Received()
        let messages = try await Self.exchange(
            fixture, sending: [],
            whileWaiting: {
                let answer = try await fixture.request(
                    "/api/component.svg?view_loader=com.example.watched.view&theme=alert&data=\(encoded(#"{"crash": "yes"}"#))")
                crashed.append(["status": .int(Int64(answer.status)), "text": .string(answer.text)])
            }, until: { $0.contains { $0["type"] == "plugin_event" } })
        #expect(crashed.values.first?["status"] == 422, "\(crashed.values.map(\.json))")
        #expect(crashed.values.first?["text"]?.json.contains("crash") == true)
        #expect(
            messages.contains { $0["type"] == "plugin_event" && $0["message"]?.json.contains("SIGSEGV") == true }, "\(messages.map(\.json))"
        )
        #expect(try await fixture.request("/api/frame.svg?t=6500").status == 200)
        #expect(try await fixture.request("/api/component.svg?view_loader=com.example.watched.view&theme=alert").status == 200)
    }
}
