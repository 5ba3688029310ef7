import Foundation
import PopTestSupport
import Testing

@testable import PopModel

/// A preview server over a scaffolded C plugin that ships its own scenario (the one `pophost new`
/// writes), whose snapshot was recorded from the page's Accept route and then made stale: the
/// recorded title is not the one the plugin shows.
struct StaleSnapshot {
    static let staleTitle = "Title of a stale snapshot"

    let project: ScaffoldedPlugin
    let fixture: PreviewFixture
    /// The plugin file of the gallery, its scenario's name, and its snapshot file.
    let plugin: String
    let scenario: String
    let snapshot: String
    /// The title the plugin shows.
    let title: String

    init() async throws {
        project = try ScaffoldedPlugin()
        fixture = try await PreviewFixture(samples: false, extra: [project.library])
        plugin = fixture.directory.file("libwatched.so")
        let shipped = project.directory.file("scenarios")
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: shipped).first { $0.hasSuffix(".json") })
        scenario = String(file.dropLast(5))
        let shelf = fixture.directory.subdirectory("libwatched.scenarios")
        try FileManager.default.copyItem(atPath: shipped + "/" + file, toPath: shelf + "/" + file)
        snapshot = shelf + "/snapshots/" + scenario + ".snapshot"
        title = "Hello from watched"
        let recorded = try await fixture.json("/api/accept", post: accept(scenario: scenario))
        #expect(recorded["plugins"]?[0]?["results"]?[1]?["status"] == "warning", "recorded: \(recorded.json)")
        let text = try String(contentsOfFile: snapshot, encoding: .utf8)
        #expect(text.contains(title))
        try text.replacingOccurrences(of: title, with: Self.staleTitle).write(toFile: snapshot, atomically: true, encoding: .utf8)
    }

    /// The Accept route's body for `scenario` of the plugin.
    func accept(scenario: String) -> String {
        Value.object(["plugin": .string(plugin), "scenario": .string(scenario)]).json
    }

    /// The result of the scenario's test in a `POST /api/test` answer.
    func scenarioResult(_ report: Value) -> Value? {
        guard case .array(let results)? = report["plugins"]?[0]?["results"] else { return nil }
        return results.first { $0["name"] == .string("scenario." + scenario) }
    }
}
