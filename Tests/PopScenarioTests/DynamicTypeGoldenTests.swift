import PopTestSupport
import Testing

@testable import PopModel
@testable import PopRender
@testable import PopScenario

/// The demo at the largest accessibility text size, against golden files (re-record with
/// `POPHOST_RECORD_GOLDENS=1 swift test --filter DynamicTypeGolden`). The sample plugins mark their text
/// with text styles ("pop.content_style/1"), so it grows, and so does the host's chrome: buttons' titles,
/// the payment field, the alerts' actions (stacked), the app's rows.
@Suite struct DynamicTypeGoldenTests {
    /// The promotion and the banner at rest, the payment dialog over the number pad, the share sheet at medium.
    static let times: [Int64] = [3000, 6500, 21800]

    @Test("Golden: the demo at ax5 — promotion and banner, the payment dialog over the keyboard, the share sheet")
    func demoAtAX5() throws {
        var scenario = try DemoScenario.scenario
        scenario.screen.display.contentSize = .accessibilityExtraExtraExtraLarge
        let frames = try DemoGoldenTests.play(scenario, sampling: Self.times).frames
        #expect(frames.map(\.time) == Self.times.map { .milliseconds($0) })
        for frame in frames {
            #expect(frame.traits.contentSize == .accessibilityExtraExtraExtraLarge)
            #expect(LayoutAudit.problems(in: frame) == [], "at \(frame.time.milliseconds) ms")
        }
        DemoGoldenTests.checkGoldens(frames, prefix: "demo-ax5")
    }
}
