import Foundation
import Testing
import PopTestSupport
@testable import PopInteractive
@testable import PopScenario
@testable import PopTerminal

/// `pophost run`'s app without a terminal: keys and the mouse as the loop delivers them.
@Suite struct InteractiveHostTests {
    func host(_ json: String) throws -> (InteractiveHost, IsolatedSamples) {
        let samples = try IsolatedSamples()
        let scenario = try Scenario.parse(json: json, file: nil, baseDirectory: nil)
        return (InteractiveHost(runner: ScenarioRunner(scenario: scenario, catalog: samples.catalog)), samples)
    }

    @Test("keys: ↑ flicks the top banner away; 1 shows the scenario's first popup again; q quits")
    func keys() throws {
        let (host, _) = try host(#"{"steps": [{"show": {"controller_loader": "pop.theme", "as": "b", "data": {"theme": {"base": "top-banner", "display_duration": 0}}}}]}"#)
        host.advance(by: .seconds(1))
        let banner = try #require(host.runner.labels["b"])
        #expect(host.handle(.key(.up)) == .continue)
        host.advance(by: .seconds(1))
        #expect(host.runner.chef.finalEvent(of: banner) == .dismissed(.swipe))
        #expect(host.handle(.key(.character("1"))) == .continue)
        host.advance(by: .seconds(1))
        #expect(host.runner.chef.shown.count == 1)
        #expect(host.handle(.key(.character("q"))) == .quit)
    }

    @Test("with a field focused, keys type into it, Backspace deletes, Enter ends editing; the mouse taps")
    func typing() throws {
        let (host, samples) = try host(#"""
            {"steps": [{"show": {"handler": "com.pophost.samples.c.payment-handler", "view_loader": "com.pophost.samples.c.payment-view",
                                 "data": {"amount": 3}, "as": "pay"}}, {"at": 500, "focus": {"field": "password"}}]}
            """#)
        host.advance(by: .seconds(1))
        let pay = try #require(host.runner.labels["pay"])
        for key: TerminalKey in [.character("1"), .character("q"), .backspace, .character("2")] { _ = host.handle(.key(key)) }
        #expect(host.runner.chef.fields(of: pay)["password"] == "12")
        #expect(host.handle(.key(.enter)) == .continue)
        #expect(host.runner.engine.keyboard.owner == nil)
        let cancel = try #require(host.frame().nodes.first { $0.action == "cancel" }).bounds.center
        _ = host.handle(.pointer(.down, cancel))
        _ = host.handle(.pointer(.up, cancel))
        host.advance(by: .seconds(1))
        #expect(host.runner.chef.finalEvent(of: pay) == .dismissed(.action))
        withExtendedLifetime(samples) {}  // the plugins' files stay until they are loaded
    }
}
