import ArgumentParser
import Foundation
import HostRuntime
import PopInteractive
import PopTerminal

#if canImport(Glibc)
import Glibc
#endif

/// `pophost run`: the interactive terminal host.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play a scenario in the terminal, live: click and drag with the mouse, type, q to quit.",
        discussion: "The app's screen and the scenario's popups are drawn in truecolor with half blocks, fitted to the "
            + "terminal (resize it at will; one too small for a legible phone says which size it needs). "
            + KeyBinding.helpText
            + " The terminal is restored on every exit. Plugins run isolated, each in a plugin host process of its own: "
            + "one that crashes or hangs ends its popups (plugin-crashed, plugin-timeout), not pophost (--no-isolate "
            + "runs them in this process). With --watch, a rebuilt plugin file is loaded in a new plugin host and the "
            + "scenario, with what you did, is replayed to the current instant, so the changed popup shows in place. "
            + "With --record FILE, what you do is written to FILE as a scenario when you quit: the scenario's own steps at "
            + "the times they ran, your taps, drags, typing and keys between them, and expectations for every popup's final "
            + "event, so `pophost test` plays the session again. "
            + "Without a terminal the scenario plays headless and its trace is printed; for frames, use `pophost render`."
    )

    @OptionGroup var input: ScenarioArgument
    @Flag(inversion: .prefixedNo, help: "Run each plugin in a plugin host process of its own.") var isolate = true
    @Flag(help: "Reload a plugin file when it is rebuilt and replay the scenario to the current instant (isolated, in a terminal).")
    var watch = false
    @Option(
        help: ArgumentHelp("Write what you do to FILE as a scenario when you quit.", valueName: "file"))
    var record: String?
    @OptionGroup var isolation: IsolationArguments
    @OptionGroup var options: PluginOptions

    func validate() throws {
        if watch && !isolate {
            throw ValidationError("--watch loads a rebuilt plugin in a new plugin host: it cannot be used with --no-isolate")
        }
    }

    func run() throws {
        let scenario = try input.load()
        let isolation = isolation.options(isolate: isolate)
        guard Self.hasTerminal else {
            if record != nil {
                throw CommandFailure(
                    "pophost run --record records what you do in a terminal, and there is none; pophost preview has a Record button")
            }
            if watch {
                throw CommandFailure(
                    "pophost run --watch needs an interactive terminal; without one, pophost preview SCENARIO reloads on every build in a browser"
                )
            }
            return try Self.playHeadless(
                scenario, options: options, isolation: isolation, what: scenario.name.map { "the scenario \($0)" } ?? "the scenario")
        }
        try Self.play(scenario, options: options, isolation: isolation, watch: watch, record: record)
    }

    /// Whether standard input and pophost's standard output are both a terminal.
    static var hasTerminal: Bool { isatty(STDIN_FILENO) == 1 && StandardOutput.isTerminal }

    /// Plays `scenario` interactively until the user quits; with `watch`, reloading rebuilt plugins.
    static func play(_ scenario: Scenario, options: PluginOptions, isolation: IsolationOptions?, watch: Bool, record: String? = nil) throws
    {
        let (catalog, isolated) = try options.catalog(for: scenario, isolation: isolation)
        var reload: HotReload?
        if watch, let isolated {
            do { reload = try HotReload(source: isolated) } catch { throw CommandFailure("\(error)") }
        }
        let session: TerminalSession
        do {
            session = try TerminalSession(output: StandardOutput.descriptor)
        } catch {
            throw CommandFailure("\(error)")
        }
        // Log messages would be drawn over the screen: they wait until the terminal is restored.
        StderrLogHandler.hold()
        defer { StderrLogHandler.release() }
        let runner = ScenarioRunner(scenario: scenario, catalog: catalog)
        let host = InteractiveHost(runner: runner, reload: reload)
        isolated?.onEvent = { [weak host] event in host?.note(event.message) }
        try TerminalLoop(app: host, session: session).run()
        session.restore()
        for problem in host.runner.problems { Diagnostics.warning("\(problem)") }
        if let record { try save(host, from: scenario, to: record) }
    }

    /// Writes what was done in `host` to `path` as a scenario named after the file.
    static func save(_ host: InteractiveHost, from scenario: Scenario, to path: String) throws {
        let file = URL(fileURLWithPath: path).standardizedFileURL
        let name = file.pathExtension == "json" ? file.deletingPathExtension().lastPathComponent : file.lastPathComponent
        let text: String
        do {
            text = try host.recordedScenario(
                name: name, description: "Recorded with pophost run --record from \(scenario.name ?? scenario.file ?? "a scenario").",
                directory: file.deletingLastPathComponent().path)
        } catch {
            throw CommandFailure("cannot record \(printable(path)): \(error)")
        }
        if let reason = OutputFile.write(text, to: path) { throw CommandFailure("cannot write \(printable(path)): \(reason)") }
        StandardOutput.print("Recorded to \(printable(path)): play it with `pophost run \(printable(path))`, check it with `pophost test`.")
    }

    /// Plays `scenario` to its end without a terminal and prints its trace (with the scenario's
    /// labels) and its failures; fails when a step could not be played or an expectation failed.
    static func playHeadless(_ scenario: Scenario, options: PluginOptions, isolation: IsolationOptions?, what: String) throws {
        var scenario = scenario
        scenario.configuration.threadAnswerWait = ChefConfiguration.headlessThreadAnswerWait
        let runner = ScenarioRunner(scenario: scenario, catalog: try options.catalog(for: scenario, isolation: isolation).catalog)
        runner.runToEnd()
        for event in runner.recorder.events where event.request != 0 || event.kind != .appTap {
            let label = runner.label(of: event.request).map { " \($0)" } ?? ""
            StandardOutput.print(TraceTable.row(event) + label)
        }
        let failures = runner.problems + runner.verify()
        for failure in failures { Diagnostics.error("\(failure)") }
        let expectations = scenario.expectations.count
        let checked =
            expectations == 0
            ? "no expectations to check" : "\(counted(expectations, "expectation")) \(failures.isEmpty ? "met" : "checked")"
        StandardOutput.print(
            "\nNo terminal here: \(what) played headless (\(runner.chef.now.milliseconds / 1000) s of virtual time; \(checked)). "
                + "Run it in a terminal to watch it, or `pophost render` for SVG frames.")
        if !failures.isEmpty { throw ExitCode.failure }
    }
}
