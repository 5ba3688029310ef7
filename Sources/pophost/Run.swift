import ArgumentParser
import Foundation
import HostRuntime
import PopInteractive
import PopTerminal

/// `pophost run`: the interactive terminal host.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play a scenario in the terminal, live: click and drag with the mouse, type, q to quit.",
        discussion: "The app's screen and the scenario's popups are drawn in truecolor with half blocks, fitted to the "
            + "terminal (resize it at will; one too small for a legible phone says which size it needs). "
            + KeyBinding.helpText
            + " The terminal is restored on every exit. Needs an interactive terminal; for files, use `pophost render`."
    )

    @OptionGroup var input: ScenarioArgument
    @OptionGroup var options: PluginOptions

    func run() throws {
        try Self.play(try input.load(), options: options)
    }

    /// Plays `scenario` interactively until the user quits.
    static func play(_ scenario: Scenario, options: PluginOptions) throws {
        let session: TerminalSession
        do {
            session = try TerminalSession()
        } catch let failure as TerminalSession.Failure where failure.category == .notATerminal {
            throw CommandFailure("pophost run needs an interactive terminal: \(failure). To draw frames without one, use `pophost render`.")
        } catch {
            throw CommandFailure("\(error)")
        }
        let runner = ScenarioRunner(scenario: scenario, catalog: try options.catalog(for: scenario))
        try TerminalLoop(app: InteractiveHost(runner: runner), session: session).run()
        session.restore()
        for problem in runner.problems { Diagnostics.warning("\(problem)") }
    }
}
