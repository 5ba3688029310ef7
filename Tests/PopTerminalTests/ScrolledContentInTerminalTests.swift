import PopChef
import PopRuntimeTestSupport
import Testing

@testable import PopModel
@testable import PopPresentation
@testable import PopScenario
@testable import PopTerminal

/// The C sample's payment dialog on a landscape phone with its password field focused (issue 29): in the
/// terminal the field shows with what was typed, and the content scrolled out of the card is not drawn.
@Suite struct ScrolledContentInTerminalTests {
    @Test("the landscape payment dialog shows its focused field and nothing outside its card")
    func landscapePayment() throws {
        let samples = try IsolatedSamples()
        let json = """
            {"screen": {"orientation": "landscape"},
             "steps": [
               {"show": {"handler": "com.pophost.samples.c.payment-handler", "view_loader": "com.pophost.samples.c.payment-view",
                         "controller_loader": "com.pophost.samples.c.pop-controller", "data": {"amount": 42.5}, "as": "pay"}},
               {"wait": "idle"}, {"focus": {"field": "password", "on": "pay"}}, {"wait": 300}, {"type": {"text": "123"}}]}
            """
        let runner = ScenarioRunner(
            scenario: try Scenario.parse(json: json, file: "test.json", baseDirectory: nil), catalog: samples.catalog)
        runner.runToEnd()
        let frame = runner.stage.frame()
        let screen = PhoneInTerminalTests.Screen(frame, columns: 140, rows: 30)
        let fieldRow = try #require(screen.row(containing: "•••"))
        let keyboard = try #require(frame.node("keyboard"))
        #expect(fieldRow < screen.viewport.cell(for: Point(x: 0, y: keyboard.rect.y)).row)
        #expect(screen.row(containing: "$42.50") != nil)
        // "Forgot password?" is scrolled below the card: the terminal does not draw it over the keyboard.
        #expect(screen.row(containing: "Forgot") == nil)
        withExtendedLifetime(samples) {}
    }
}
