import ArgumentParser
import Dispatch
import Foundation
import HostRuntime
import PopHarness
import PopPreview

/// `pophost preview`: the browser workbench for plugin authors.
struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve a browser workbench: the gallery of every component, a scenario player, live reload.",
        discussion: """
            Starts a web server on 127.0.0.1 port 8017 (--host to choose another address, --port 0 for any free \
            port) and prints its address and what it serves (--json: as JSON). The page shows every plugin found on the search \
            path (--plugins names a directory or a plugin file): each view loader drawn in \
            each theme for editable sample data, each handler's actions with their signatures, and every handler \
            a view loader does not fit. Its player plays the scenario named, else with --plugins the first of the \
            plugins' own scenarios (found as pophost test finds them), else the demo, on a timeline — play, \
            pause, step, scrub, click a trace event to jump to it — and the phone takes clicks, drags and typing \
            as `pophost run` does. Its Record button starts the scenario again and turns what you do into a \
            scenario file (steps and expectations for every popup's final event), saved where --record-to says: by \
            default beside the scenario played, or in the plugin project's scenarios/, where pophost test finds it. Plugins run in plugin host processes: a rebuilt plugin file is reloaded and \
            the scenario replayed to the same instant, so the page updates in place; a crash or a broken build \
            shows in the page's problem panel. Stop it with Ctrl-C.
            """
    )

    @OptionGroup var input: ScenarioArgument
    @Option(help: ArgumentHelp("The address to listen on (default 127.0.0.1: this machine only).", valueName: "address"))
    var host = "127.0.0.1"
    @Option(help: ArgumentHelp("The port to listen on (0: any free port).", valueName: "n")) var port = 8_017
    @Flag(help: "Print the address as JSON ({\"url\": …, \"host\": …, \"port\": …}) for a script, instead of a sentence.")
    var json = false
    @Option(
        help: ArgumentHelp(
            "The plugins' own scenarios are in this directory (as pophost test --scenarios; default: <library>.scenarios/ next to each library). A project made by pophost new keeps them in scenarios/.",
            valueName: "dir"))
    var scenarios: String?
    @Option(
        help: ArgumentHelp(
            "Where the Record button saves scenarios (default: the played scenario's directory, else the plugins' scenarios directory).",
            valueName: "dir"))
    var recordTo: String?
    @OptionGroup var isolation: IsolationArguments
    @OptionGroup var options: PluginOptions

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be from 0 to 65535, not \(port)") }
        var isDirectory: ObjCBool = false
        if let recordTo, !(FileManager.default.fileExists(atPath: recordTo, isDirectory: &isDirectory) && isDirectory.boolValue) {
            throw ValidationError("--record-to: \(printable(recordTo)) is not a directory")
        }
    }

    func run() throws {
        let (scenario, discovery) = try scenarioAndPlugins(shelf: ScenarioShelf(directory: scenarios))
        let recordings = recordings(for: scenario, over: discovery)
        let server = try server(playing: scenario, over: discovery, recordings: recordings)
        if !["127.0.0.1", "::1", "localhost"].contains(host) {
            Diagnostics.warning("serving on \(host): anyone who can reach this address can drive your plugins through the page")
        }
        let host = host.contains(":") ? "[\(host)]" : host
        let json = json
        let plugins = discovery.entries.compactMap(\.pluginID)
        let playing = scenario.file == "<demo>" ? "the demo" : scenario.file ?? scenario.name ?? "a scenario"
        let serving =
            "\(plugins.count == 1 ? "1 plugin" : "\(plugins.count) plugins")"
            + (plugins.isEmpty ? "" : " (\(plugins.prefix(4).joined(separator: ", "))\(plugins.count > 4 ? ", …" : ""))")
            + (scenario.steps.isEmpty && scenario.file == nil ? "; nothing to play" : "; playing \(playing)")
            + (recordings.map { "; Record saves in \($0)" } ?? "")
        let finished = DispatchSemaphore(value: 0)
        let failure = ServerFailure()
        Task {
            do {
                try await server.run { port in
                    let url = "http://\(host):\(port)/"
                    let line =
                        json
                        ? Value.object([
                            "url": .string(url), "host": .string(host), "port": .int(Int64(port)),
                            "plugins": .array(plugins.map(Value.string)), "scenario": .string(playing),
                            "recordings": recordings.map(Value.string) ?? .null,
                        ]).json
                        : "pophost preview: serving \(url): \(serving) (Ctrl-C to stop)"
                    // Unbuffered: a script waiting for the address reads it at once.
                    StandardOutput.print(line)
                }
            } catch {
                failure.record(error)
            }
            finished.signal()
        }
        finished.wait()
        if let error = failure.error { throw CommandFailure("pophost preview cannot serve on \(host):\(port): \(error)") }
    }
}

extension Preview {
    /// The server over a workbench of `discovery`'s plugins playing `scenario`.
    func server(playing scenario: Scenario, over discovery: PluginRegistry.Discovery, recordings: String?) throws -> PreviewServer {
        var harness = HarnessOptions(seed: UInt64.random(in: 1...999_999))
        harness.scenarios = ScenarioShelf(directory: scenarios)
        do {
            let workbench = try Workbench(
                scenario: scenario, discovery: discovery, isolation: IsolationOptions(callTimeout: isolation.callTimeout),
                // A test's process is this executable again, as `pophost test` runs it.
                harness: harness, recordings: recordings)
            return PreviewServer(workbench: workbench, assets: try StaticAssets.bundled(), host: host, port: port)
        } catch {
            throw CommandFailure(error.message)
        }
    }

    /// Where the Record button saves: --record-to, else the played scenario file's directory, else the
    /// first plugin's scenarios directory (found as pophost test finds it).
    func recordings(for scenario: Scenario, over discovery: PluginRegistry.Discovery) -> String? {
        if let recordTo { return URL(fileURLWithPath: recordTo).standardizedFileURL.path }
        if let file = scenario.file, file != "<demo>" {
            return URL(fileURLWithPath: file).deletingLastPathComponent().standardizedFileURL.path
        }
        let shelf = ScenarioShelf(directory: scenarios)
        return discovery.entries.lazy.compactMap { shelf.directory(for: $0.file.path) }.first
    }

    /// The scenario to play and the plugins to serve: with --plugins and no scenario named, the
    /// plugins' own first scenario, not the demo (whose sample components --plugins took off the
    /// search path); without --plugins, the scenario's plugin directories if it names any.
    func scenarioAndPlugins(shelf: ScenarioShelf) throws -> (Scenario, PluginRegistry.Discovery) {
        guard !options.directories.isEmpty else {
            let scenario = try input.load()
            var options = options
            options.directories = scenario.plugins
            return (scenario, try options.discover())
        }
        let discovery = try options.discover()
        guard input.scenario == nil else { return (try input.load(), discovery) }
        let own = Self.ownScenario(of: discovery, shelf: shelf)
        if case .nothing(let looked) = own {
            Diagnostics.note(
                "pophost preview: no scenario of the plugins' own was found (looked in \(looked)); the player has nothing to play. "
                    + "Name a scenario file, or keep scenarios in <library>.scenarios/ or the project's scenarios/ (pophost new's layout).")
        }
        let fallback: Scenario
        do { fallback = try own.load() } catch { throw CommandFailure("\(error)") }
        return (try input.load(fallback: fallback), discovery)
    }

    /// What the player plays when --plugins is given and no scenario is named.
    enum OwnScenario {
        /// The first scenario file found for the plugins, in discovery order.
        case file(String)
        /// None: where it looked.
        case nothing(looked: String)

        func load() throws(ScenarioError) -> Scenario {
            switch self {
            case .file(let path): try Scenario.load(path: path)
            case .nothing: Scenario(name: "nothing to play")
            }
        }
    }

    static func ownScenario(of discovery: PluginRegistry.Discovery, shelf: ScenarioShelf) -> OwnScenario {
        let paths = discovery.entries.map(\.file.path)
        for path in paths {
            if let first = shelf.scenarios(for: path).first { return .file(first) }
        }
        let looked = paths.map { path in
            shelf.directory(for: path)
                ?? "\(URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent).scenarios/ next to \(path), "
                + "and a project's scenarios/ above it"
        }
        return .nothing(looked: looked.isEmpty ? "no plugin was found" : looked.joined(separator: "; "))
    }
}

/// The server's error, handed from its task to the command.
private final class ServerFailure: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: (any Error)?

    func record(_ error: any Error) { lock.withLock { stored = error } }
    var error: (any Error)? { lock.withLock { stored } }
}
