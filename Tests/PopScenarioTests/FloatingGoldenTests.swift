import PopChef
import PopTestSupport
import Testing

@testable import PopModel
@testable import PopRender
@testable import PopScenario

/// The floating window's real frames, from Scenarios/floating.json through the engine to SVG and
/// JSON, against golden files (re-record with `POPHOST_RECORD_GOLDENS=1 swift test --filter Golden`):
/// the create-mode circle under the finger during an edge pan, the page shrinking into its bubble,
/// the red delete circle while the bubble is dragged, and the page shrinking back into its bubble.
@Suite struct FloatingGoldenTests {
    @Test("Golden: the corner circle, the shrink into a bubble, the delete circle, the shrink back (Scenarios/floating.json)")
    func floating() throws {
        let scenario = try Scenario.load(path: Repository.root + "/Scenarios/floating.json")
        let runner = ScenarioRunner(scenario: scenario, catalog: ComponentCatalog())
        var frames: [Frame] = []
        runner.sampleTimes = [1300, 1550, 2200, 3800].map { .milliseconds($0) }
        runner.onSample = { frames.append($0) }
        runner.runToEnd()
        #expect(frames.count == 4)
        #expect(frames[0].node("floating.circle")?.role == .floatingCircle)
        #expect(frames[1].node("floating.transition") != nil)
        #expect(frames[2].node("floating.circle.label")?.text?.lines == ["取消浮窗"])
        #expect(frames[3].node("floating.transition") != nil && frames[3].node("floating.bubble.1") != nil)
        for frame in frames {
            let name = "floating-\(Int(frame.time.milliseconds))ms"
            Golden.check(SVGRenderer().render(frame), named: name + ".svg")
            Golden.check(FrameJSON.encode(frame) + "\n", named: name + ".json")
        }
    }
}
