import Foundation
import PopRuntimeTestSupport
import PopTestSupport
import Testing

@testable import PopModel
@testable import PopRender
@testable import PopScenario

/// The demo's real frames, from the sample plugins through the engine to SVG and JSON, against golden
/// files (re-record with `POPHOST_RECORD_GOLDENS=1 swift test --filter Golden`).
@Suite struct DemoGoldenTests {
    /// The popups' instants, then the pages': mid-push of the order page, mid-settle of the cancelled
    /// swipe, mid-settle of the completed swipe, mid-pop back to the list; then the floating article's:
    /// the corner circle following the swipe, the bubble dragged over the delete circle, the article
    /// expanding from its bubble.
    static let times: [Int64] = [1000, 3500, 6500, 11200, 14675, 16550, 17600, 18675, 29300, 30350, 31650]

    func frames() throws -> [Frame] { try Self.play(try DemoScenario.scenario, sampling: Self.times).frames }

    /// `scenario` played to its end on the sample plugins: its frames at `times` (milliseconds), and the
    /// runner, for its problems and expectations.
    static func play(_ scenario: Scenario, sampling times: [Int64]) throws -> (frames: [Frame], runner: ScenarioRunner) {
        let samples = try IsolatedSamples()
        let runner = ScenarioRunner(scenario: scenario, catalog: samples.catalog)
        var frames: [Frame] = []
        runner.sampleTimes = times.map { .milliseconds($0) }
        runner.onSample = { frames.append($0) }
        runner.runToEnd()
        return withExtendedLifetime(samples) { (frames, runner) }
    }

    /// Checks each frame's SVG and JSON against the goldens `<prefix>-<time>ms.svg` and `.json`.
    static func checkGoldens(_ frames: [Frame], prefix: String) {
        for frame in frames {
            let name = "\(prefix)-\(Int(frame.time.milliseconds))ms"
            Golden.check(SVGRenderer().render(frame), named: name + ".svg")
            Golden.check(FrameJSON.encode(frame) + "\n", named: name + ".json")
        }
    }

    @Test("Golden: the demo's promotion, preemption, keyboard, custom animation, page transition and floating frames")
    func demoFrames() throws {
        let frames = try frames()
        #expect(frames.map(\.time) == Self.times.map { .milliseconds($0) })
        Self.checkGoldens(frames, prefix: "demo")
    }

    @Test("the same scenario gives the same frames, byte for byte")
    func deterministic() throws {
        let first = try frames().map { SVGRenderer().render($0) + FrameJSON.encode($0) }
        let second = try frames().map { SVGRenderer().render($0) + FrameJSON.encode($0) }
        #expect(first == second)
    }

    @Test("a frame does not depend on the frames drawn before it (the frame cache)")
    func historyIndependent() throws {
        func frame(at time: VirtualTime, framesPerSecond: Double?) throws -> Frame? {
            let samples = try IsolatedSamples()
            let runner = ScenarioRunner(scenario: try DemoScenario.scenario, catalog: samples.catalog)
            var found: Frame?
            runner.sampleTimes = [time]
            runner.framesPerSecond = framesPerSecond
            runner.onSample = { if $0.time == time { found = $0 } }
            runner.runToEnd()
            return withExtendedLifetime(samples) { found }
        }
        for time in [VirtualTime.milliseconds(3700), .milliseconds(4550), .milliseconds(11200)] {
            let alone = try #require(try frame(at: time, framesPerSecond: nil))
            let afterMany = try #require(try frame(at: time, framesPerSecond: 1000.0 / 7))
            #expect(alone == afterMany)
        }
    }
}
