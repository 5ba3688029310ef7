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
            + " Without a terminal it plays headless and prints the trace. --print shows the scenario."
    )

    @Flag(help: "Print the demo scenario's JSON and exit.") var print = false
    @OptionGroup var arbitration: ArbitrationOptions
    @OptionGroup var options: PluginOptions

    func run() throws {
        if print {
            Swift.print(DemoScenario.json)
            return
        }
        var scenario: Scenario
        do { scenario = try DemoScenario.scenario } catch { throw CommandFailure("\(error)") }
        scenario.configuration = arbitration.applied(to: scenario.configuration)
        if isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 {
            return try Run.play(scenario, options: options)
        }
        // No terminal (a pipe, CI): play it headless and show what happened.
        let runner = ScenarioRunner(scenario: scenario, catalog: try options.catalog(for: scenario))
        runner.runToEnd()
        for event in runner.recorder.events where event.request != 0 || event.kind != .appTap {
            let label = runner.label(of: event.request).map { " \($0)" } ?? ""
            Swift.print(TraceTable.row(event) + label)
        }
        let failures = runner.problems + runner.verify()
        for failure in failures { Diagnostics.error("\(failure)") }
        Swift.print("\nNo terminal here: the demo played headless (\(runner.chef.now.milliseconds / 1000) s of virtual time). "
                    + "Run `pophost demo` in a terminal to watch it, or `pophost render demo --out frames` for SVG frames.")
        if !failures.isEmpty { throw ExitCode.failure }
    }
}
