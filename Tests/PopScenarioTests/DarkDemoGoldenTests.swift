import Foundation
import PopRuntimeTestSupport
import PopTestSupport
import Testing

@testable import PopModel
@testable import PopRender
@testable import PopScenario

/// The demo in dark, from the sample plugins through the engine to SVG and JSON, against golden files
/// (re-record with `POPHOST_RECORD_GOLDENS=1 swift test --filter Golden`): the host's chrome in its
/// dark colours, the samples' fixed colours as they wrote them.
@Suite struct DarkDemoGoldenTests {
    /// The promotion over the orders page, the payment dialog over the number pad, mid-push of the
    /// order page, the share sheet at medium, the bubble over the delete circle.
    static let times: [Int64] = [1000, 6500, 14675, 21800, 30350]

    func frames() throws -> [Frame] {
        let samples = try IsolatedSamples()
        var scenario = try DemoScenario.scenario
        scenario.screen.display.appearance = .dark
        let runner = ScenarioRunner(scenario: scenario, catalog: samples.catalog)
        var frames: [Frame] = []
        runner.sampleTimes = Self.times.map { .milliseconds($0) }
        runner.onSample = { frames.append($0) }
        runner.runToEnd()
        return withExtendedLifetime(samples) { frames }
    }

    @Test("Golden: the demo in dark")
    func darkDemoFrames() throws {
        let frames = try frames()
        #expect(frames.map(\.time) == Self.times.map { .milliseconds($0) })
        for frame in frames {
            #expect(frame.traits.appearance == .dark)
            let name = "demo-dark-\(Int(frame.time.milliseconds))ms"
            Golden.check(SVGRenderer().render(frame), named: name + ".svg")
            Golden.check(FrameJSON.encode(frame) + "\n", named: name + ".json")
        }
    }
}
