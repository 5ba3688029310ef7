import ArgumentParser
import Foundation
import HostRuntime
import PopInteractive

/// `pophost demo`: the embedded demo with the bundled sample plugins.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Watch the bundled sample plugins' popups in the terminal (the embedded demo scenario).",
        discussion: "A promotion slides in with an angle bounce, a banner drops in, a payment dialog preempts the "
            + "promotion and takes a password on the number pad, the promotion comes back, and a dialog pops in "
            + "through its own animation hook. Then it is yours, as in `pophost run`. " + KeyBinding.helpText
            + " As with `pophost run`, the plugins run isolated unless --no-isolate."
            + " Without a terminal it plays headless and prints the trace. --print shows the scenario."
    )

    @Flag(help: "Print the demo scenario's JSON and exit.") var print = false
    @OptionGroup var arbitration: ArbitrationOptions
    @OptionGroup var traits: TraitOptions
    @Flag(inversion: .prefixedNo, help: "Run each plugin in a plugin host process of its own.") var isolate = true
    @OptionGroup var isolation: IsolationArguments
    @OptionGroup var options: PluginOptions

    func run() throws {
        if print {
            StandardOutput.print(DemoScenario.json)
            return
        }
        var scenario: Scenario
        do {
            // The demo says its swipes for the layout direction it is played in.
            let display = traits.applied(to: try DemoScenario.scenario.screen.display)
            scenario = try DemoScenario.scenario(for: display.layoutDirection)
            scenario.screen.display = display
        } catch {
            throw CommandFailure("\(error)")
        }
        scenario.configuration = arbitration.applied(to: scenario.configuration)
        let isolation = isolation.options(isolate: isolate)
        if Run.hasTerminal {
            return try Run.play(scenario, options: options, isolation: isolation, watch: false)
        }
        try Run.playHeadless(scenario, options: options, isolation: isolation, what: "the demo")
    }
}
