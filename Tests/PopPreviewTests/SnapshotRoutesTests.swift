import Foundation
import Testing

@testable import PopModel
@testable import PopPreview

/// A failed scenario snapshot in the Tests tab's routes: the report carries the frame that differs,
/// the three pictures are drawn from it, and Accept re-records that scenario's snapshot and no
/// other file, whatever the request says.
@Suite struct SnapshotRoutesTests {
    @Test("a stale snapshot: the report carries the frame, the three pictures show it, Accept re-records it and the test passes")
    func staleSnapshot() async throws {
        let stale = try await StaleSnapshot()
        let fixture = stale.fixture
        let tested = try await fixture.json("/api/test", post: Value.object(["plugin": .string(stale.plugin)]).json)
        let failed = try #require(stale.scenarioResult(tested), "\(tested.json.prefix(400))")
        #expect(failed["status"] == "failed")
        let difference = try #require(failed["snapshot"], "\(failed.json)")
        #expect(difference["snapshot"] == .string(stale.snapshot))
        #expect(difference["expected_frame"]?.json.contains(StaleSnapshot.staleTitle) == true)
        #expect(difference["actual_frame"]?.json.contains(stale.title) == true)

        func picture(_ name: String) async throws -> PreviewFixture.Answer {
            try await fixture.request(
                "/api/snapshot.svg?plugin=\(encoded(stale.plugin))&test=scenario.\(stale.scenario)&picture=\(name)")
        }
        let expected = try await picture("expected"), actual = try await picture("actual"), diff = try await picture("difference")
        for answer in [expected, actual, diff] {
            #expect(answer.status == 200 && answer.headers["content-type"] == "image/svg+xml", "\(answer.text.prefix(200))")
        }
        #expect(expected.text.contains(StaleSnapshot.staleTitle) && !expected.text.contains(stale.title))
        #expect(actual.text.contains(stale.title) && !actual.text.contains(StaleSnapshot.staleTitle))
        #expect(diff.text.contains(stale.title) && diff.text.contains("stroke=\"#ff9500\""), "the changed title is outlined orange")
        #expect(!diff.text.contains("stroke=\"#34c759\"") && !diff.text.contains("stroke=\"#ff3b30\""), "nothing was added or removed")
        #expect(try await picture("sideways").status == 400)

        let accepted = try await fixture.json("/api/accept", post: stale.accept(scenario: stale.scenario))
        #expect(stale.scenarioResult(accepted)?["status"] == "warning", "\(accepted.json.prefix(400))")
        #expect(try String(contentsOfFile: stale.snapshot, encoding: .utf8).contains(stale.title))
        let again = try await fixture.json("/api/test", post: Value.object(["plugin": .string(stale.plugin)]).json)
        #expect(stale.scenarioResult(again)?["status"] == "success", "\(String(describing: stale.scenarioResult(again)?.json))")
        #expect(try await picture("expected").status == 404, "no failed snapshot in the last report")
    }

    @Test("Accept writes only the snapshot of a scenario the plugin ships: no path from the request, not from another site's page")
    func acceptRefusals() async throws {
        let stale = try await StaleSnapshot()
        let fixture = stale.fixture
        let before = try String(contentsOfFile: stale.snapshot, encoding: .utf8)
        let files = try FileManager.default.subpathsOfDirectory(atPath: fixture.directory.path).sorted()
        for name in [
            "../libwatched.scenarios/\(stale.scenario)", "../../etc/passwd", "\(stale.scenario).json", "/etc/passwd",
            fixture.directory.file("libwatched.scenarios/\(stale.scenario)"), "*", "",
        ] {
            let answer = try await fixture.request("/api/accept", post: stale.accept(scenario: name))
            #expect(answer.status == 404 && answer.text.contains("no scenario named"), "\(name): \(answer.text)")
        }
        for path in ["/etc/passwd", fixture.directory.file("../../etc/passwd"), stale.project.library] {
            let body = Value.object(["plugin": .string(path), "scenario": .string(stale.scenario)]).json
            let answer = try await fixture.request("/api/accept", post: body)
            #expect(answer.status == 404 && answer.text.contains("no plugin file"), "\(path): \(answer.text)")
        }
        let foreign = try await fixture.request(
            "/api/accept", post: stale.accept(scenario: stale.scenario),
            headers: ["Content-Type": "application/json", "Origin": "http://evil.example"])
        #expect(foreign.status == 403)
        let form = try await fixture.request(
            "/api/accept", post: stale.accept(scenario: stale.scenario), headers: ["Content-Type": "text/plain"])
        #expect(form.status == 415)
        #expect(try await fixture.request("/api/accept", post: #"{"plugin": 1}"#).status == 400)
        #expect(try String(contentsOfFile: stale.snapshot, encoding: .utf8) == before, "the snapshot was not written")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: fixture.directory.path).sorted() == files, "no file was written")
        let untested = try await fixture.request(
            "/api/snapshot.svg?plugin=\(encoded(stale.plugin))&test=scenario.\(stale.scenario)&picture=expected")
        #expect(untested.status == 404 && untested.text.contains("has not been tested"))
    }
}
