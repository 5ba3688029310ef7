import PopRuntimeTestSupport
import PopTestSupport
import Testing

@testable import PopModel
@testable import PopRender
@testable import PopScenario

/// The demo at the largest accessibility text size, against golden files (re-record with
/// `POPHOST_RECORD_GOLDENS=1 swift test --filter DynamicTypeGolden`). The sample plugins write fixed
/// sizes, so their text stays as written; the host's chrome grows: buttons' titles, the payment field, the
/// alerts' actions (stacked), the app's rows.
@Suite struct DynamicTypeGoldenTests {
    /// The promotion and the banner at rest, the payment dialog over the number pad, the share sheet at medium.
    static let times: [Int64] = [3000, 6500, 21800]

    @Test("Golden: the demo at ax5 — promotion and banner, the payment dialog over the keyboard, the share sheet")
    func demoAtAX5() throws {
        let samples = try IsolatedSamples()
        var scenario = try DemoScenario.scenario
        scenario.screen.display.contentSize = .accessibilityExtraExtraExtraLarge
        let runner = ScenarioRunner(scenario: scenario, catalog: samples.catalog)
        var frames: [Frame] = []
        runner.sampleTimes = Self.times.map { .milliseconds($0) }
        runner.onSample = { frames.append($0) }
        runner.runToEnd()
        #expect(frames.map(\.time) == Self.times.map { .milliseconds($0) })
        for frame in frames {
            #expect(frame.traits.contentSize == .accessibilityExtraExtraExtraLarge)
            #expect(LayoutAudit.problems(in: frame) == [], "at \(frame.time.milliseconds) ms")
            let name = "demo-ax5-\(Int(frame.time.milliseconds))ms"
            Golden.check(SVGRenderer().render(frame), named: name + ".svg")
            Golden.check(FrameJSON.encode(frame) + "\n", named: name + ".json")
        }
        withExtendedLifetime(samples) {}
    }
}
