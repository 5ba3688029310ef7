import Foundation
import PopChef
import PopRuntimeTestSupport
import PopTestSupport
import Testing

@testable import PopModel
@testable import PopRender
@testable import PopScenario

/// Scenarios right to left: steps keep their absolute coordinates, so a swipe back starts at the right edge
/// and moves by a negative distance; the same swipe from the left edge is refused. The demo played right to
/// left (its swipes said from the right edge) meets every expectation, and its frames are golden files
/// (`demo-rtl-*`).
@Suite struct RightToLeftScenarioTests {
    func run(_ json: String) throws -> ScenarioRunner {
        let runner = ScenarioRunner(
            scenario: try Scenario.parse(json: json, file: "rtl.json", baseDirectory: nil), catalog: ComponentCatalog())
        runner.runToEnd()
        return runner
    }

    static func swipe(fromX x: Double, distance: Double) -> String {
        #"{"screen": {"layout_direction": "rtl"}, "steps": [{"push": {"page": "list", "animated": false}}, "#
            + #"{"push": {"page": "detail", "animated": false}}, "#
            + #"{"swipe_back": {"from": {"x": \#(x), "y": 400}, "distance": \#(distance), "velocity": 0}}, {"wait": "idle"}], "#
    }

    @Test("an edge swipe from the right edge, leftward, pops")
    func edgePopFromTheRight() throws {
        let runner = try run(Self.swipe(fromX: 385, distance: -300) + #""expect": {"pages": ["list"]}}"#)
        #expect(runner.problems.isEmpty, "\(runner.problems)")
        #expect(runner.verify().isEmpty, "\(runner.verify())")
    }

    @Test("the same swipe from the left edge, rightward, is refused")
    func edgePopFromTheLeftRefused() throws {
        let runner = try run(Self.swipe(fromX: 5, distance: 300) + #""expect": {"pages": ["list", "detail"]}}"#)
        #expect(runner.verify().isEmpty, "\(runner.verify())")
        #expect(runner.recorder.events.contains { $0.kind == .pageRefused && $0.detail == "full-screen pan: not-toward-trailing" })
    }

    /// The demo's instants (as `DemoGoldenTests`'), right to left: the popups, the middle of the first push,
    /// the cancelled and the completed swipe from the right edge, the pop back, the circle bottom-left, the
    /// bubble dragged, the article expanding from it.
    static let times: [Int64] = [1000, 3500, 6500, 11200, 14675, 16550, 17600, 18675, 29300, 30350, 31650]

    @Test("Golden: the demo right to left (its popups and its first push)")
    func demoGolden() throws {
        var scenario = try DemoScenario.scenario(for: .rightToLeft)
        scenario.screen.display.layoutDirection = .rightToLeft
        let (frames, runner) = try DemoGoldenTests.play(scenario, sampling: Self.times)
        #expect(runner.problems.isEmpty, "\(runner.problems)")
        #expect(runner.verify().isEmpty, "\(runner.verify())")
        #expect(frames.map(\.time) == Self.times.map { .milliseconds($0) })
        DemoGoldenTests.checkGoldens(frames, prefix: "demo-rtl")
    }
}
