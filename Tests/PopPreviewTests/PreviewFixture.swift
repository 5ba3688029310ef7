import Foundation
import PopLoaderTestSupport
import PopTestSupport
import Testing

@testable import PopHarness
@testable import PopIsolation
@testable import PopLoader
@testable import PopModel
@testable import PopPreview
@testable import PopScenario

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A preview server for one test, on a free port of 127.0.0.1, over private copies of the bundled
/// samples (and any other plugin files put in its directory), playing `scenario` (the demo).
final class PreviewFixture: @unchecked Sendable {
    let directory = TemporaryDirectory()
    let workbench: Workbench
    private let task: Task<Void, any Error>
    let base: String
    let port: Int

    /// A server over the samples and the plugin files `extra` (copied in too); its Record button
    /// saves in `recordings`.
    init(scenario: Scenario? = nil, samples: Bool = true, extra: [String] = [], recordings: String? = nil) async throws {
        for library in (samples ? [Build.cSample, Build.swiftSample] : []) + extra {
            try FileManager.default.copyItem(atPath: library, toPath: directory.file((library as NSString).lastPathComponent))
        }
        let discovery = try makeRegistry([directory.path], cache: directory.file("registry.cache")).discover()
        workbench = try Workbench(
            scenario: try scenario ?? DemoScenario.scenario, discovery: discovery,
            isolation: IsolationOptions(executable: Build.pluginHost, callTimeout: 2),
            harness: HarnessOptions(seed: 17, childCommand: [Build.testChild]), recordings: recordings)
        let server = PreviewServer(workbench: workbench, assets: try StaticAssets.bundled())
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        task = Task { try await server.run { continuation.yield($0) } }
        var listening = 0
        for await ready in ports {
            listening = ready
            break
        }
        port = listening
        base = "http://127.0.0.1:\(listening)"
    }

    deinit { task.cancel() }

    struct Answer {
        let status: Int
        let headers: [String: String]
        let body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// GET (or POST `body`, with `headers`, to) `path`, as raw as it is given (no normalization of `..`).
    func request(
        _ path: String, post body: String? = nil, headers: [String: String] = ["Content-Type": "application/json"]
    ) async throws
        -> Answer
    {
        var request = URLRequest(url: try #require(URL(string: base + path)))
        if let body {
            request.httpMethod = "POST"
            request.httpBody = Data(body.utf8)
            for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields { headers["\(key)".lowercased()] = "\(value)" }
        return Answer(status: http.statusCode, headers: headers, body: data)
    }

    /// GETs `path` and parses its JSON.
    func json(_ path: String, post body: String? = nil) async throws -> Value {
        let answer = try await request(path, post: body)
        #expect(answer.headers["content-type"] == "application/json", "\(path)")
        return try Value(json: answer.text)
    }
}

/// A query parameter's value, percent-encoded.
func encoded(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
}
