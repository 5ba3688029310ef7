import Foundation
import PopTestSupport
import Testing

@testable import PopModel
@testable import PopPreview

/// The preview server's routes over the real sample plugins in plugin host processes: the page,
/// the gallery, pictures, the player's frames against the demo's golden frame, its trace and input,
/// traversal attempts and bad requests.
@Suite struct PreviewServerTests {
    static let samples = [
        "com.pophost.samples.c.payment-view", "com.pophost.samples.c.payment-handler", "com.pophost.samples.swift.promo-view",
    ]

    @Test("the page and its assets come from the binary's resources, with a policy that allows only the server's own files")
    func page() async throws {
        let fixture = try await PreviewFixture()
        let page = try await fixture.request("/")
        #expect(page.status == 200)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        #expect(page.text.contains("<script src=\"/assets/preview.js\""))
        #expect(page.headers["content-security-policy"]?.contains("script-src 'self'") == true)
        #expect(page.headers["x-content-type-options"] == "nosniff")
        let script = try await fixture.request("/assets/preview.js")
        #expect(script.status == 200 && script.headers["content-type"] == "text/javascript; charset=utf-8")
        #expect(!script.text.contains("innerHTML"), "the page puts plugin strings in as text only")
        #expect(try await fixture.request("/assets/preview.css").status == 200)
        let icon = try await fixture.request("/favicon.ico")
        #expect(icon.status == 200 && icon.headers["content-type"] == "image/svg+xml", "no 404 for the icon")
    }

    @Test("no route reads a file outside what it serves: traversal attempts are 404s")
    func traversal() async throws {
        let fixture = try await PreviewFixture()
        let attempts = [
            "/assets/..%2F..%2FPackage.swift", "/assets/%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/assets/..%5C..%5Cetc%5Cpasswd",
            "/assets/%2Fetc%2Fpasswd", "/assets/....//....//etc/passwd", "/assets/index.html%00.js", "/assets/",
            "/..%2F..%2Fetc%2Fpasswd", "/assets/preview.js/..%2F..%2F..%2Fetc%2Fpasswd",
        ]
        for attempt in attempts {
            let answer = try await fixture.request(attempt)
            #expect(answer.status == 404, "\(attempt) answered \(answer.status)")
            #expect(!answer.text.contains("root:"), "\(attempt)")
            #expect(!answer.text.contains("PackageDescription"), "\(attempt)")
        }
        let component = try await fixture.request("/api/component.svg?view_loader=..%2F..%2Fetc%2Fpasswd&theme=alert")
        #expect(component.status == 404)
        #expect(try Value(json: component.text)["error"] == .string("no view loader with id \"../../etc/passwd\""))
    }

    @Test("the gallery lists the samples' components, handlers' actions with signatures, view loaders' fields and buttons, mismatches")
    func gallery() async throws {
        let fixture = try await PreviewFixture()
        let gallery = try await fixture.json("/api/gallery")
        guard case .array(let plugins)? = gallery["plugins"], case .array(let views)? = gallery["view_loaders"],
            case .array(let handlers)? = gallery["handlers"]
        else {
            Issue.record("the gallery lacks plugins, view_loaders or handlers: \(gallery.json)")
            return
        }
        #expect(plugins.count == 2)
        let ids = plugins.flatMap { plugin -> [String] in
            guard case .array(let components)? = plugin["components"] else { return [] }
            return components.compactMap { if case .string(let id)? = $0["id"] { id } else { nil } }
        }
        for sample in Self.samples { #expect(ids.contains(sample), "\(ids)") }
        let payment = try #require(views.first { $0["id"] == "com.pophost.samples.c.payment-view" })
        #expect(payment["fields"] == ["password"])
        #expect(payment["buttons"]?.json.contains("confirm") == true)
        // The payment view does not fit the Swift sample's promotion handler: flagged.
        #expect(payment["mismatches"]?.json.contains("undeclared") == true || payment["mismatches"]?.json.contains("declare") == true)
        let handler = try #require(handlers.first { $0["id"] == "com.pophost.samples.c.payment-handler" })
        #expect(handler["actions"]?.json.contains("\"signature\"") == true)
        #expect(gallery["themes"]?.json.contains("top-banner") == true)
    }

    @Test("a gallery picture: a view loader in a theme, for the sample data; an unknown theme or bad data is a clear error")
    func componentPicture() async throws {
        let fixture = try await PreviewFixture()
        let data = encoded(#"{"amount": 12.5}"#)
        let svg = try await fixture.request(
            "/api/component.svg?view_loader=com.pophost.samples.c.payment-view&theme=qmui-popup&data=\(data)")
        #expect(svg.status == 200)
        #expect(svg.headers["content-type"] == "image/svg+xml")
        #expect(svg.text.hasPrefix("<?xml") && svg.text.contains("12.50"))
        let theme = try await fixture.request("/api/component.svg?view_loader=com.pophost.samples.c.payment-view&theme=neon")
        #expect(theme.status == 404 && theme.text.contains("no theme \\\"neon\\\""))
        let bad = try await fixture.request("/api/component.svg?view_loader=com.pophost.samples.c.payment-view&theme=alert&data=%7Bnope")
        #expect(bad.status == 400 && bad.text.contains("not valid JSON"))
    }

    @Test("the player's frame at 6.5 s of the demo is the golden frame, scrubbing back and forth")
    func goldenFrame() async throws {
        let fixture = try await PreviewFixture()
        let golden = try String(contentsOfFile: Golden.path("demo-6500ms.svg"), encoding: .utf8)
        let first = try await fixture.request("/api/frame.svg?t=6500")
        #expect(first.status == 200 && first.headers["content-type"] == "image/svg+xml")
        #expect(Golden.firstDifference(expected: golden, actual: first.text) == nil)
        _ = try await fixture.request("/api/frame.svg?t=9000")
        _ = try await fixture.request("/api/frame.svg?t=1200")
        let again = try await fixture.request("/api/frame.svg?t=6500")
        #expect(Golden.firstDifference(expected: golden, actual: again.text) == nil, "scrubbing back replays to the same frame")
        let json = try await fixture.json("/api/frame.json?t=6500")
        #expect(json["time_ms"] == 6500)
        #expect(try await fixture.request("/api/frame.svg?t=-5").status == 400)
        #expect(try await fixture.request("/api/frame.svg?t=soon").status == 400)
    }

    @Test("a tap on a button in the frame runs the handler's action, and the trace shows it")
    func tapRunsAction() async throws {
        let fixture = try await PreviewFixture()
        let frame = try await fixture.json("/api/frame.json?t=6500")
        guard case .array(let nodes)? = frame["nodes"],
            let cancel = nodes.first(where: { $0["action"] == "cancel" }),
            case .object(let rect)? = cancel["rect"]
        else {
            Issue.record("no cancel button at 6.5 s: \(frame.json)")
            return
        }
        func number(_ key: String) -> Double {
            switch rect[key] {
            case .int(let value)?: Double(value)
            case .double(let value)?: value
            default: .nan
            }
        }
        let x = number("x") + number("width") / 2, y = number("y") + number("height") / 2
        let outcome = try await fixture.json("/api/input", post: #"{"kind": "tap", "x": \#(x), "y": \#(y)}"#)
        #expect(outcome["ran"]?.json.contains("cancel") == true, "\(outcome.json)")
        let trace = try await fixture.request("/api/trace")
        let events = try Value(json: trace.text)
        guard case .array(let list) = events else {
            Issue.record("the trace is not an array")
            return
        }
        #expect(list.contains { $0["event"] == "action" && $0["detail"]?.json.contains("cancel") == true }, "\(trace.text)")
        #expect(list.contains { $0["label"] != nil }, "events carry the scenario's labels")
    }

    @Test("bad input is a clear error and the server keeps serving")
    func badInput() async throws {
        let fixture = try await PreviewFixture()
        for (body, message) in [
            ("{", "not valid JSON"), (#"{"kind": "smell"}"#, "unknown input kind"), (#"{"kind": "tap", "x": "left"}"#, "needs numbers"),
            (#"{"kind": "key", "key": "hyper"}"#, "unknown key"), ("[1]", "JSON object with a \\\"kind\\\""),
        ] {
            let answer = try await fixture.request("/api/input", post: body)
            #expect(answer.status == 400, "\(body)")
            #expect(answer.text.contains(message), "\(body): \(answer.text)")
        }
        #expect(try await fixture.request("/api/state").status == 200)
    }

    @Test("another screen: the run is played on it to the same instant; an unknown screen is a clear error")
    func screens() async throws {
        let fixture = try await PreviewFixture()
        _ = try await fixture.request("/api/frame.svg?t=6500")
        let state = try await fixture.json("/api/screen", post: #"{"name": "iphone-se"}"#)
        #expect(state["screen"] == "iphone-se" && state["screen_width"] == .double(375) && state["screen_height"] == .double(667))
        #expect(state["time_ms"] == 6500)
        let frame = try await fixture.request("/api/frame.svg?t=6500")
        #expect(frame.text.contains("Payment") && frame.text.contains("viewBox=\"0 0 411 703\""), "\(frame.text.prefix(300))")
        let unknown = try await fixture.request("/api/screen", post: #"{"name": "watch"}"#)
        #expect(unknown.status == 404 && unknown.text.contains("iphone-15-pro-max"))
        let back = try await fixture.json("/api/screen", post: #"{"name": "scenario"}"#)
        #expect(back["screen_width"] == .double(390))
        let golden = try String(contentsOfFile: Golden.path("demo-6500ms.svg"), encoding: .utf8)
        #expect(Golden.firstDifference(expected: golden, actual: try await fixture.request("/api/frame.svg?t=6500").text) == nil)
    }

    @Test("pophost test from the page: a plugin of the gallery is tested, each test in its own process; no other file is run")
    func testResults() async throws {
        let fixture = try await PreviewFixture()
        let plugin = fixture.directory.file("libPopSampleC.so")
        let report = try await fixture.json("/api/test", post: Value.object(["plugin": .string(plugin)]).json)
        guard case .array(let plugins)? = report["plugins"], case .array(let results)? = plugins.first?["results"] else {
            Issue.record("no results: \(report.json)")
            return
        }
        #expect(plugins.first?["path"] == .string(plugin))
        #expect(results.contains { $0["name"] == "library.loads" && $0["status"] == "success" }, "\(report.json.prefix(600))")
        #expect(results.count > 10)
        for path in ["/etc/passwd", fixture.directory.file("../../etc/passwd"), Build.cSample] {
            let refused = try await fixture.request("/api/test", post: Value.object(["plugin": .string(path)]).json)
            #expect(refused.status == 404 && refused.text.contains("no plugin file"), "\(path): \(refused.text)")
        }
    }

    @Test("another site's page cannot drive the plugins: a foreign Origin or a form's content type is refused, the page's own is taken")
    func foreignOrigin() async throws {
        let fixture = try await PreviewFixture()
        let tap = #"{"kind": "key", "key": "k"}"#
        let foreign = try await fixture.request(
            "/api/input", post: tap, headers: ["Content-Type": "application/json", "Origin": "http://evil.example"])
        #expect(foreign.status == 403 && foreign.text.contains("another site"))
        let form = try await fixture.request("/api/input", post: tap, headers: ["Content-Type": "text/plain"])
        #expect(form.status == 415 && form.text.contains("application/json"))
        let own = try await fixture.request(
            "/api/input", post: tap, headers: ["Content-Type": "application/json", "Origin": String(fixture.base)])
        #expect(own.status == 200, "\(own.text)")
        let socket = try TestWebSocket(port: fixture.port, path: "/live", origin: "http://evil.example")
        await #expect(throws: TestWebSocket.Failure.self) { try await socket.upgraded() }
        let ownSocket = try TestWebSocket(port: fixture.port, path: "/live", origin: fixture.base)
        try await ownSocket.upgraded()
    }
}
