@testable import PopScenario

/// What reading `json` as a scenario (file `t.json`) says is wrong with it; nil when it reads.
func scenarioError(_ json: String) -> String? {
    do {
        _ = try Scenario.parse(json: json, file: "t.json", baseDirectory: nil)
        return nil
    } catch {
        return error.description
    }
}
