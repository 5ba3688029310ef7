import PopModel
import PopRuntimeTestSupport
import Testing

@testable import PopInteractive
@testable import PopScenario

/// `pophost run`'s `a` (the browser player's Dark): the appearance switches at the current instant,
/// traced, and the frame is drawn in it.
@Suite struct AppearanceKeyTests {
    @Test("a switches to dark and back: traced, told in the status line, the app drawn dark")
    func switchesAppearance() throws {
        let samples = try IsolatedSamples()
        let scenario = try Scenario.parse(json: #"{"steps": []}"#, file: nil, baseDirectory: nil)
        let host = InteractiveHost(runner: ScenarioRunner(scenario: scenario, catalog: samples.catalog))
        host.advance(by: .seconds(1))
        #expect(host.handle(.key(.character("a"))) == .continue)
        #expect(host.runner.engine.traits.display.appearance == .dark && host.statusLine.contains("Dark appearance"))
        #expect(host.frame().node("app.background")?.fill == 0x0000_00FF)
        _ = host.handle(.key(.character("a")))
        #expect(host.runner.engine.traits.display.appearance == .light)
        #expect(host.frame().node("app.background")?.fill == 0xF2F2_F7FF)
        #expect(host.runner.recorder.events.filter { $0.kind == .traits }.map(\.detail) == ["appearance dark", "appearance light"])
        #expect(KeyBinding.statusText.contains("a dark"))
        withExtendedLifetime(samples) {}
    }
}
