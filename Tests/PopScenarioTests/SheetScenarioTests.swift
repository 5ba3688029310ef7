import Testing

@testable import PopModel
@testable import PopScenario

/// The scenario format's sheet steps and expectations (Scenarios/sheets.json plays them against
/// the C sample's share sheet and popover).
@Suite struct SheetScenarioTests {
    @Test("drag with a release velocity, select_detent, scroll, invalidate_detents; detent and sheet_height expectations")
    func parsing() throws {
        let scenario = try Scenario.parse(
            json: """
                {"steps": [{"show": {"as": "s"}},
                           {"drag": {"from": {"x": 1, "y": 2}, "to": {"x": 1, "y": 200}, "duration": 100, "velocity": 1200}},
                           {"select_detent": {"detent": "large", "on": "s"}},
                           {"scroll": {"by": -40, "on": "s"}},
                           {"invalidate_detents": "s"}],
                 "expect": {"frames": [{"at": 10, "request": "s", "detent": "medium", "sheet_height": 393.5}]}}
                """, file: "s.json", baseDirectory: "/base")
        #expect(
            scenario.steps.map(\.action).dropFirst() == [
                .drag(from: Point(x: 1, y: 2), to: Point(x: 1, y: 200), duration: .milliseconds(100), velocity: 1200),
                .selectDetent("large", on: "s"), .scroll(by: -40, on: "s"), .invalidateDetents("s"),
            ])
        #expect(scenario.expectations.frames.first?.detent == "medium")
        #expect(scenario.expectations.frames.first?.sheetHeight == 393.5)
    }

    @Test(
        "malformed sheet steps name the path and the problem",
        arguments: [
            (
                #"{"steps": [{"show": {"as": "s"}}, {"select_detent": {"detent": "large"}}]}"#,
                #"s.json: steps[1].select_detent: missing required key "on""#
            ),
            (
                #"{"steps": [{"show": {"as": "s"}}, {"scroll": {"by": "up", "on": "s"}}]}"#,
                #"s.json: steps[1].scroll.by: expected a number, found the string "up""#
            ),
            (
                #"{"steps": [{"scroll": {"by": 1, "on": "t"}}]}"#,
                #"s.json: steps[0].scroll.on: no request is labelled "t" (no request is labelled before this step)"#
            ),
        ])
    func malformed(json: String, error: String) {
        #expect(throws: ScenarioError.self) { try Scenario.parse(json: json, file: "s.json", baseDirectory: "/base") }
        do {
            _ = try Scenario.parse(json: json, file: "s.json", baseDirectory: "/base")
        } catch let thrown {
            #expect(thrown.description == error)
        }
    }
}
