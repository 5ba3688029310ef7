import PopRuntimeTestSupport
import Testing

@testable import PopModel
@testable import PopScenario

/// The sheet stack in scenarios: a `dismiss` of a sheet below takes the ones above it, top first.
@Suite struct SheetStackScenarioTests {
    /// A `pop.theme` sheet at medium and large with a title and a message, labelled `label`.
    static func show(_ label: String) -> String {
        #"{"show": {"controller_loader": "pop.theme", "data": {"title": "\#(label)", "message": "A sheet", "#
            + #""theme": {"style": "sheet", "sheet": {"detents": ["medium", "large"]}}}, "as": "\#(label)"}}"#
    }

    @Test("the scenario's dismiss of the sheet below: the one above goes first, both with their final events, none left on screen")
    func dismissBelow() throws {
        let (runner, samples) = try IsolatedSamples.play(
            """
            {"steps": [\(Self.show("a")), \(Self.show("b")), \(Self.show("c")), {"wait": "idle"}, {"dismiss": "a"}, {"wait": "idle"}],
             "expect": {"trace": [
              {"event": "will-dismiss", "request": "c"}, {"event": "will-dismiss", "request": "b"},
              {"event": "will-dismiss", "request": "a"},
              {"event": "did-dismiss", "request": "c"}, {"event": "dismissed", "request": "c", "reason": "requested"},
              {"event": "did-dismiss", "request": "b"}, {"event": "dismissed", "request": "b", "reason": "requested"},
              {"event": "did-dismiss", "request": "a"}, {"event": "dismissed", "request": "a", "reason": "requested"}]}}
            """)
        #expect(runner.problems.isEmpty && runner.verify().isEmpty, "\(runner.problems) \(runner.verify())")
        let ids = try ["a", "b", "c"].map { try #require(runner.labels[$0]) }
        #expect(ids.allSatisfy { !runner.engine.isOnScreen($0) && runner.chef.finalEvent(of: $0) == .dismissed(.requested) })
        withExtendedLifetime(samples) {}
    }
}
