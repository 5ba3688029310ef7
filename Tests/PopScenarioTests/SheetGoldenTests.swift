import Foundation
import PopRuntimeTestSupport
import PopTestSupport
import Testing

@testable import PopModel
@testable import PopRender
@testable import PopScenario

/// Sheets' real frames, from the sample plugins through the engine to SVG and JSON, against golden
/// files (re-record with `POPHOST_RECORD_GOLDENS=1 swift test --filter Golden`): the share sheet at
/// medium (undimmed, grabber), stacked under the popover shown as a sheet, and the popover anchored
/// with its arrow on a tablet-sized scene.
@Suite struct SheetGoldenTests {
    func frames(of scenario: Scenario, at times: [Int64]) throws -> [Frame] {
        let samples = try IsolatedSamples()
        let runner = ScenarioRunner(scenario: scenario, catalog: samples.catalog)
        var frames: [Frame] = []
        runner.sampleTimes = times.map { .milliseconds($0) }
        runner.onSample = { frames.append($0) }
        runner.runToEnd()
        return withExtendedLifetime(samples) { frames }
    }

    @Test("Golden: the demo's share sheet at medium, and stacked under the popover shown as a sheet")
    func demoSheets() throws {
        let frames = try frames(of: try DemoScenario.scenario, at: [21800, 24500])
        #expect(frames.count == 2)
        for frame in frames {
            let name = "sheet-demo-\(Int(frame.time.milliseconds))ms"
            Golden.check(SVGRenderer().render(frame), named: name + ".svg")
            Golden.check(FrameJSON.encode(frame) + "\n", named: name + ".json")
        }
    }

    @Test("Golden: the popover with its arrow (Scenarios/sheets.json at 3800 ms)")
    func popover() throws {
        let scenario = try Scenario.load(path: Repository.root + "/Scenarios/sheets.json")
        let frames = try frames(of: scenario, at: [3800])
        let frame = try #require(frames.first)
        Golden.check(SVGRenderer().render(frame), named: "sheet-popover.svg")
        Golden.check(FrameJSON.encode(frame) + "\n", named: "sheet-popover.json")
    }
}
