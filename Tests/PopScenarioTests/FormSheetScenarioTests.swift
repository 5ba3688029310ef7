import PopRuntimeTestSupport
import Testing

@testable import PopModel
@testable import PopScenario

/// A form sheet in a scenario: a resize that makes the scene regular in both size classes turns a
/// sheet on screen into a centred form sheet, and a resize back returns it to its detent.
@Suite struct FormSheetScenarioTests {
    @Test("a sheet shown on a phone is a centred form sheet once the scene is resized to 1024 × 768, and a sheet again after")
    func resizeToTablet() throws {
        // The default phone's safe area (top 47, bottom 34) stays through a resize: the room is that less 10 a side.
        let room = (top: 47.0 + 10, height: 768 - 47 - 34 - 2 * 10.0)
        let y = min(max((768 - 620) / 2, room.top), room.top + room.height - 620)
        let x = (1024 - 540) / 2.0
        let (runner, samples) = try IsolatedSamples.play(
            """
            {"steps": [
              \(SheetStackScenarioTests.show("s")),
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
}
