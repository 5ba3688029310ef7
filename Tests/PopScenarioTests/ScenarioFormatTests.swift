import PopModel
import Testing

@testable import PopScenario

/// Format 1 is read as it was first released (a `show` step's `view` and `controller`), with one
/// warning naming today's keys; `ScenarioMigration` rewrites it in format 2, changing only those.
@Suite struct ScenarioFormatTests {
    static let released = """
        {
          "format": 1,
          "steps": [
            {"show": {"handler": "h", "view": "v", "controller": "c", "as": "a"}},
            {"show": {"view": "w"}, "note": "view  and  spacing  stay"}
          ]
        }
        """

    @Test("format 1's view and controller are read as view_loader and controller_loader, with one warning")
    func releasedFormatOneReads() throws {
        let old = try Scenario.parse(json: Self.released, file: "old.json", baseDirectory: "/")
        let new = try Scenario.parse(
            json: Self.released.replacingOccurrences(of: "\"view\"", with: "\"view_loader\"")
                .replacingOccurrences(of: "\"controller\"", with: "\"controller_loader\""),
            file: "old.json", baseDirectory: "/")
        #expect(old.steps == new.steps)
        #expect(
            old.warnings == [
                #"old.json: steps[0].show.view: "view" and "controller" are format 1's names of "view_loader" and "controller_loader", read as them (deprecated); `pophost migrate` rewrites the file in format 2"#
            ])
        #expect(new.warnings.isEmpty)
        // No format key is format 1.
        #expect(try Scenario.parse(json: #"{"steps": [{"show": {"view": "v"}}]}"#, file: nil, baseDirectory: nil).warnings.count == 1)
    }

    @Test("migration rewrites the format and the renamed keys in place, and nothing else; again, it changes nothing")
    func migrationRewritesInPlace() throws {
        let result = try ScenarioMigration.migrate(Array(Self.released.utf8), file: "old.json")
        let text = String(decoding: result.text, as: UTF8.self)
        #expect(
            text == """
                {
                  "format": 2,
                  "steps": [
                    {"show": {"handler": "h", "view_loader": "v", "controller_loader": "c", "as": "a"}},
                    {"show": {"view_loader": "w"}, "note": "view  and  spacing  stay"}
                  ]
                }
                """)
        #expect(result.changes.map(\.path) == ["format", "steps[0].show.view", "steps[0].show.controller", "steps[1].show.view"])
        let parsed = try Scenario.parse(json: text, file: "new.json", baseDirectory: "/")
        #expect(parsed.warnings.isEmpty)
        let again = try ScenarioMigration.migrate(result.text, file: "new.json")
        #expect(again.changes.isEmpty && again.text == result.text)
    }

    @Test("a file without a format gets one; a file that is not a scenario is refused, not rewritten")
    func migrationAddsFormatAndRefusesBrokenFiles() throws {
        let result = try ScenarioMigration.migrate(Array("{\n    \"steps\": []\n}".utf8), file: "a.json")
        #expect(String(decoding: result.text, as: UTF8.self) == "{\n    \"format\": 2,\n    \"steps\": []\n}")
        #expect(throws: ScenarioError.self) { try ScenarioMigration.migrate(Array(#"{"steps": [}"#.utf8), file: "b.json") }
        #expect(throws: ScenarioError.self) { try ScenarioMigration.migrate(Array(#"{"stepz": []}"#.utf8), file: "c.json") }
    }
}
