import PopChef
import PopModel
import Testing

@testable import PopInteractive
@testable import PopPresentation
@testable import PopScenario
@testable import PopTerminal

/// `pophost run` with the floating window: the mouse reaches the bubble through the stage — a drag
/// moves it and it snaps, a click opens its page.
@Suite struct InteractiveFloatingTests {
    static let scenario = #"""
        {"steps": [
          {"push": {"page": "list", "animated": false}},
          {"push": {"page": "article", "animated": false, "floating": {"keep": "https://example.com/a", "logo": "A"}}},
          {"at": 100, "swipe_back": {"from": {"x": 10, "y": 830}, "to": {"x": 380, "y": 830}}}
        ]}
        """#

    @Test("the mouse drags the bubble to the right edge, then a click opens its page")
    func mouse() throws {
        let host = InteractiveHost(
            runner: ScenarioRunner(
                scenario: try Scenario.parse(json: Self.scenario, file: nil, baseDirectory: nil), catalog: ComponentCatalog()))
        host.advance(by: .seconds(1))
        let engine = host.runner.engine
        #expect(engine.floating.bubbleFrame(1) == Rect(x: 15, y: 47, width: 52, height: 52))
        _ = host.handle(.pointer(.down, Point(x: 41, y: 73)))
        host.advance(by: .milliseconds(50))
        _ = host.handle(.pointer(.moved, Point(x: 250, y: 300)))
        #expect(engine.floating.circle?.mode == .delete)
        host.advance(by: .milliseconds(50))
        _ = host.handle(.pointer(.up, Point(x: 260, y: 300)))
        host.advance(by: .seconds(1))
        #expect(engine.floating.bubbleFrame(1) == Rect(x: 323, y: 274, width: 52, height: 52))
        _ = host.handle(.pointer(.down, Point(x: 349, y: 300)))
        _ = host.handle(.pointer(.up, Point(x: 349, y: 300)))
        host.advance(by: .seconds(1))
        #expect(engine.pages.navigation.pages.map(\.kind) == ["list", "article"])
        #expect(engine.floating.bubbles.first?.openPage == engine.pages.navigation.top?.name)
    }
}
