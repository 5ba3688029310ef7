import Foundation
import PopModel
import PopRuntimeTestSupport
import Testing

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
        let (host, _) = try host(
            #"{"steps": [{"show": {"controller_loader": "pop.theme", "as": "b", "data": {"theme": {"base": "top-banner", "display_duration": 0}}}}]}"#
        )
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
        let (host, samples) = try host(
            #"""
            {"steps": [{"show": {"handler": "com.pophost.samples.c.payment-handler", "view_loader": "com.pophost.samples.c.payment-view",
                                 "data": {"amount": 3}, "as": "pay"}}, {"at": 500, "focus": {"field": "password"}}]}
            """#)
        host.advance(by: .seconds(1))
        let pay = try #require(host.runner.labels["pay"])
        for key: TerminalKey in [.character("1"), .character("q"), .backspace, .character("2")] { _ = host.handle(.key(key)) }
        #expect(host.runner.chef.fields(of: pay)["password"] == "12")
        // A control's command (the browser player's Dark toggle) never types.
        #expect(host.handle(command: .character("a")) == .continue)
        #expect(host.runner.engine.traits.display.appearance == .dark && host.runner.chef.fields(of: pay)["password"] == "12")
        #expect(host.handle(.key(.enter)) == .continue)
        #expect(host.runner.engine.keyboard.owner == nil)
        let cancel = try #require(host.frame().nodes.first { $0.action == "cancel" }).bounds.center
        _ = host.handle(.pointer(.down, cancel))
        _ = host.handle(.pointer(.up, cancel))
        host.advance(by: .seconds(1))
        #expect(host.runner.chef.finalEvent(of: pay) == .dismissed(.action))
        withExtendedLifetime(samples) {}  // the plugins' files stay until they are loaded
    }

    @Test("the status line and --help list the keys that work, and every key they list does what they say")
    func listedKeysWork() throws {
        let (host, samples) = try host(#"{"steps": [{"show": {"controller_loader": "pop.theme", "as": "alert"}}]}"#)
        host.advance(by: .seconds(1))
        #expect(host.statusLine.hasSuffix(KeyBinding.statusText))
        #expect(KeyBinding.statusText.hasPrefix("q quit · 1-9 show · r rotate · k keyboard · h hide all · d dismiss all"))
        for binding in KeyBinding.all { #expect(KeyBinding.helpText.contains("\(binding.keys): \(binding.help)")) }
        let engine = host.runner.engine, chef = host.runner.chef
        let events = { host.runner.recorder.events.count }

        _ = host.handle(.key(.character("r")))
        #expect(engine.scene.orientation == .landscape)
        _ = host.handle(.key(.character("r")))
        #expect(engine.scene.orientation == .portrait)
        _ = host.handle(.key(.character("m")))
        #expect(engine.traits.display.reduceMotion && host.statusLine.contains("Reduce Motion on"), "m turns Reduce Motion on")
        _ = host.handle(.key(.character("m")))
        #expect(!engine.traits.display.reduceMotion, "and off")
        _ = host.handle(.key(.character("a")))
        #expect(engine.traits.display.appearance == .dark && host.statusLine.contains("Dark appearance"), "a turns dark")
        _ = host.handle(.key(.character("a")))
        #expect(engine.traits.display.appearance == .light, "and light again")
        var sizes: [ContentSizeCategory] = []
        for _ in 0..<4 {
            _ = host.handle(.key(.character("t")))
            sizes.append(engine.traits.display.contentSize)
        }
        #expect(sizes == [.extraExtraExtraLarge, .accessibilityExtraExtraExtraLarge, .extraSmall, .large], "t steps the text size")
        #expect(host.statusLine.contains("Text size l"))
        _ = host.handle(.key(.character("l")))
        #expect(engine.traits.display.layoutDirection == .rightToLeft && host.statusLine.contains("Right-to-left"), "l mirrors")
        _ = host.handle(.key(.character("l")))
        #expect(engine.traits.display.layoutDirection == .leftToRight, "and back")
        _ = host.handle(.key(.character("k")))
        #expect(engine.keyboard.owner != nil, "k raises the app's keyboard")
        _ = host.handle(.key(.character("k")))
        host.advance(by: .seconds(1))
        #expect(engine.keyboard.owner == nil, "and lowers it")
        _ = host.handle(.key(.character("h")))
        host.advance(by: .seconds(1))
        #expect(chef.shown.isEmpty, "h hides what agrees to go")
        _ = host.handle(.key(.character("1")))
        host.advance(by: .seconds(1))
        #expect(chef.shown.count == 1, "1 shows the first popup again")
        _ = host.handle(.key(.character("d")))
        host.advance(by: .seconds(1))
        #expect(chef.shown.isEmpty, "d dismisses everything")
        let before = events()
        _ = host.handle(.key(.escape))
        #expect(host.runner.recorder.events.dropFirst(before).contains { $0.kind == .appTap }, "Esc taps the background")
        #expect(host.handle(.key(.character("q"))) == .quit)
        withExtendedLifetime(samples) {}
    }

    @Test("Backspace pops the top page; a drag from the left edge pops the next interactively")
    func pagesGoBack() throws {
        let (host, samples) = try host(
            #"""
            {"steps": [{"push": {"page": "list", "animated": false}}, {"push": {"page": "detail", "animated": false}},
                       {"push": {"page": "more", "animated": false}}]}
            """#)
        host.advance(by: .seconds(1))
        let navigation = host.runner.engine.pages.navigation
        #expect(host.handle(.key(.backspace)) == .continue)
        host.advance(by: .seconds(1))
        #expect(navigation.pages.map(\.kind) == ["list", "detail"])
        _ = host.handle(.pointer(.down, Point(x: 4, y: 400)))
        host.advance(by: .milliseconds(50))
        _ = host.handle(.pointer(.moved, Point(x: 150, y: 402)))
        host.advance(by: .milliseconds(50))
        _ = host.handle(.pointer(.moved, Point(x: 260, y: 402)))
        _ = host.handle(.pointer(.up, Point(x: 260, y: 402)))
        host.advance(by: .seconds(1))
        #expect(navigation.pages.map(\.kind) == ["list"])
        _ = host.handle(.key(.backspace))
        #expect(host.statusLine.contains("nothing to pop"))
        withExtendedLifetime(samples) {}
    }

    @Test("a tap on a button shows the action it ran in the status line")
    func actionTapShown() throws {
        let (host, samples) = try host(
            #"""
            {"steps": [{"show": {"handler": "com.pophost.samples.c.payment-handler", "view_loader": "com.pophost.samples.c.payment-view",
                                 "data": {"amount": 3}, "as": "pay"}}]}
            """#)
        host.advance(by: .seconds(1))
        let confirm = try #require(host.frame().nodes.first { $0.action == "confirm" }).bounds.center
        _ = host.handle(.pointer(.down, confirm))
        _ = host.handle(.pointer(.up, confirm))
        #expect(host.statusLine.contains(" · ran confirm → keep · "), "\(host.statusLine)")
        withExtendedLifetime(samples) {}
    }
}
