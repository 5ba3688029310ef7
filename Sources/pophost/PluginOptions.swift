import ArgumentParser
import HostRuntime

/// Options shared by every command that discovers plugins.
struct PluginOptions: ParsableArguments {
    @Option(name: .customLong("plugins"), help: ArgumentHelp("Search this directory for plugins (repeatable; replaces the default search path).", valueName: "dir"))
    var directories: [String] = []

    @Flag(help: "Ignore the registry cache and its blacklist: scan every plugin file again.")
    var rescan = false

    @Option(help: ArgumentHelp("Seconds a plugin may take to load in the scanner before it is blacklisted.", valueName: "seconds"))
    var scanTimeout: Double = 10

    func validate() throws {
        guard scanTimeout > 0 else { throw ValidationError("--scan-timeout must be positive") }
    }

    /// The registry these options describe.
    var registry: PluginRegistry {
        PluginRegistry(
            searchPath: SearchPath.resolve(flags: directories),
            scanner: PluginScanner(timeout: scanTimeout),
            forceRescan: rescan
        )
    }

    /// Runs a discovery, showing progress on a terminal when scanning takes more than a moment.
    func discover() throws -> PluginRegistry.Discovery {
        let progress = ProgressLine()
        defer { progress.finish() }
        do {
            return try registry.discover { done, total in progress.update("scanning plugins \(done)/\(total)…") }
        } catch {
            throw CommandFailure("\(error)")
        }
    }
}
