import PopRender
import PopRuntimeTestSupport
import Testing

@testable import PopModel
@testable import PopScenario

/// Dark mode in scenarios: the screen's `appearance`, a page declared in place following it, and the
/// `traits` step re-colouring the popup on screen and the app mid-run.
@Suite struct AppearanceScenarioTests {
    static let page = #"{"push": {"page": "list", "rows": ["One", "Two"], "animated": false}}"#
    static let alert = #"{"show": {"controller_loader": "pop.theme", "data": {"title": "Hi"}, "as": "a"}}"#

    @Test("a page declared in a scenario draws its rows in label on the grouped cell background of the appearance")
    func declaredPage() throws {
        for (appearance, cell, text) in [("light", 0xFFFF_FFFF as UInt32, 0x0000_00FF as UInt32), ("dark", 0x1C1C_1EFF, 0xFFFF_FFFF)] {
            let (runner, samples) = try IsolatedSamples.play(
                #"{"screen": {"appearance": "\#(appearance)"}, "steps": [\#(Self.page)]}"#)
            #expect(runner.problems.isEmpty, "\(runner.problems)")
            let frame = runner.stage.frame()
            let row = try #require(frame.node("page.list#1.content.0"))
            #expect(row.fill?.rawValue == cell && row.text?.color.rawValue == text, "\(appearance)")
            withExtendedLifetime(samples) {}
        }
    }

    @Test("the traits step turns dark mid-run: the popup on screen and the app are drawn dark from then on, traced")
    func traitsStep() throws {
        let (runner, samples) = try IsolatedSamples.play(
            #"{"steps": [\#(Self.alert), {"wait": "idle"}, {"traits": {"appearance": "dark"}}]}"#)
        #expect(runner.problems.isEmpty, "\(runner.problems)")
        #expect(runner.recorder.events.filter { $0.kind == .traits }.map(\.detail) == ["appearance dark"])
        let frame = runner.stage.frame()
        let card = try #require(frame.nodes.first { $0.role == .popup })
        #expect(card.fill == 0x1E1E_1EBF)
        #expect(frame.node("app.background")?.fill == 0x0000_00FF)
        #expect(FrameJSON.encode(frame).contains(#""appearance":"dark""#))
        withExtendedLifetime(samples) {}
    }
}
