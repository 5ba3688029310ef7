import Foundation
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
        var scenario = try DemoScenario.scenario
        scenario.screen.display.appearance = .dark
        return try DemoGoldenTests.play(scenario, sampling: Self.times).frames
    }

    @Test("Golden: the demo in dark")
    func darkDemoFrames() throws {
        let frames = try frames()
        #expect(frames.map(\.time) == Self.times.map { .milliseconds($0) })
        #expect(frames.allSatisfy { $0.traits.appearance == .dark })
        DemoGoldenTests.checkGoldens(frames, prefix: "demo-dark")
    }
}
