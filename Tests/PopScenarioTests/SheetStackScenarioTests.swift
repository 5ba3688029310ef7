import PopTestSupport
import Testing

@testable import PopModel
@testable import PopScenario

/// Sheets in scenarios (issue 29's sheet gaps): a form sheet when a resize makes the scene regular in
/// both size classes, and a `dismiss` of a sheet below taking the ones above it.
@Suite struct SheetStackScenarioTests {
    /// A `pop.theme` sheet at medium and large, labelled `label`.
    static func show(_ label: String) -> String {
        #"{"show": {"controller_loader": "pop.theme", "data": {"title": "\#(label)", "message": "A sheet", "#
            + #""theme": {"style": "sheet", "sheet": {"detents": ["medium", "large"]}}}, "as": "\#(label)"}}"#
    }

    @Test("a sheet shown on a phone is a centred form sheet once the scene is resized to 1024 × 768, and a sheet again after")
    func resizeToTablet() throws {
        // The default phone's safe area (top 47, bottom 34) stays through a resize: the room is that less 10 a side.
        let room = (top: 47.0 + 10, height: 768 - 47 - 34 - 2 * 10.0)
        let y = min(max((768 - 620) / 2, room.top), room.top + room.height - 620)
        let x = (1024 - 540) / 2.0
        let (runner, samples) = try IsolatedSamples.play(
            """
            {"steps": [
              \(Self.show("s")),
              {"at": 1000, "resize": {"width": 1024, "height": 768}},
              {"at": 2000, "resize": {"width": 390, "height": 844}},
              {"wait": "idle"}],
             "expect": {"frames": [
              {"at": 900, "request": "s", "detent": "medium", "sheet_height": 393.5},
              {"at": 1100, "request": "s", "detent": "large", "sheet_height": \(768 - y),
               "rect": {"x": \(x), "y": \(y), "width": 540, "height": 620}},
              {"at": 1100, "request": "s", "node": "dimming", "visible": true},
              {"at": 2100, "request": "s", "detent": "medium", "sheet_height": 393.5}]}}
            """)
        #expect(runner.problems.isEmpty && runner.verify().isEmpty, "\(runner.problems) \(runner.verify())")
        withExtendedLifetime(samples) {}
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
