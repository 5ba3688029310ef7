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
            port) and prints its address (--json: as JSON). The page shows every plugin found on the search path: each view loader drawn in \
            each theme for editable sample data, each handler's actions with their signatures, and every handler \
            a view loader does not fit. Its player plays the scenario (default: the demo) on a timeline — play, \
            pause, step, scrub, click a trace event to jump to it — and the phone takes clicks, drags and typing \
            as `pophost run` does. Plugins run in plugin host processes: a rebuilt plugin file is reloaded and \
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
    @OptionGroup var isolation: IsolationArguments
    @OptionGroup var options: PluginOptions

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be from 0 to 65535, not \(port)") }
    }

    func run() throws {
        let scenario = try input.load()
        var options = options
        if options.directories.isEmpty { options.directories = scenario.plugins }
        let workbench: Workbench
        let server: PreviewServer
        var harness = HarnessOptions(seed: UInt64.random(in: 1...999_999), childCommand: [RunningExecutable.path, "test", "--child"])
        harness.scenarios = ScenarioShelf(directory: scenarios)
        do {
            workbench = try Workbench(
                scenario: scenario, discovery: try options.discover(), isolation: IsolationOptions(callTimeout: isolation.callTimeout),
                // A test's process is this executable again, as `pophost test` runs it.
                harness: harness)
            server = PreviewServer(workbench: workbench, assets: try StaticAssets.bundled(), host: host, port: port)
        } catch let error as PreviewError {
            throw CommandFailure(error.message)
        }
        if !["127.0.0.1", "::1", "localhost"].contains(host) {
            Diagnostics.warning("serving on \(host): anyone who can reach this address can drive your plugins through the page")
        }
        let host = host.contains(":") ? "[\(host)]" : host
        let json = json
        let finished = DispatchSemaphore(value: 0)
        let failure = ServerFailure()
        Task {
            do {
                try await server.run { port in
                    let url = "http://\(host):\(port)/"
                    let line =
                        json
                        ? Value.object(["url": .string(url), "host": .string(host), "port": .int(Int64(port))]).json
                        : "pophost preview: serving \(url) (Ctrl-C to stop)"
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

/// The server's error, handed from its task to the command.
private final class ServerFailure: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: (any Error)?

    func record(_ error: any Error) { lock.withLock { stored = error } }
    var error: (any Error)? { lock.withLock { stored } }
}
