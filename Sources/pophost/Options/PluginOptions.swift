import ArgumentParser
import Foundation
import HostRuntime

/// Options shared by every command that discovers plugins.
struct PluginOptions: ParsableArguments {
    @Option(
        name: .customLong("plugins"),
        help: ArgumentHelp(
            "Search this directory for plugins, or load this plugin file (repeatable; replaces the default search path).",
            valueName: "dir"))
    var directories: [String] = []

    @Flag(help: "Ignore the registry cache and its blacklist: scan every plugin file again.")
    var rescan = false

    @Option(help: ArgumentHelp("Seconds a plugin may take to load in the scanner before it is blacklisted.", valueName: "seconds"))
    var scanTimeout: Double = 10

    @Flag(
        help: ArgumentHelp(
            "Load plugin files even when another user could change them or their directory (group- or world-writable, or owned by someone neither you nor root). Also POPHOST_ALLOW_INSECURE_PLUGINS=1."
        ))
    var allowInsecurePlugins = false

    /// The flag, or `POPHOST_ALLOW_INSECURE_PLUGINS` set to anything but empty or 0.
    var insecurePluginsAllowed: Bool {
        let variable = ProcessInfo.processInfo.environment["POPHOST_ALLOW_INSECURE_PLUGINS"] ?? ""
        return allowInsecurePlugins || !(variable.isEmpty || variable == "0")
    }

    func validate() throws {
        guard scanTimeout > 0 else { throw ValidationError("--scan-timeout must be positive") }
    }

    /// Where plugins were looked for, and how to look elsewhere, for a message about a component
    /// that was not found: " (searched a, b; a plugin elsewhere: --plugins DIR or --plugins ./libx.so)".
    var searchedWhere: String {
        let searched = SearchPath.resolve(flags: directories).directories
        let elsewhere = directories.isEmpty ? "; a plugin elsewhere: --plugins DIR or --plugins ./libx.so" : ""
        return " (searched \(searched.isEmpty ? "no directory" : searched.joined(separator: ", "))\(elsewhere))"
    }

    /// The registry these options describe.
    var registry: PluginRegistry {
        PluginRegistry(
            searchPath: SearchPath.resolve(flags: directories),
            scanner: PluginScanner(timeout: scanTimeout),
            forceRescan: rescan,
            allowInsecurePlugins: insecurePluginsAllowed
        )
    }

    /// Says once how to load refused plugins anyway, when some were refused (each entry's message
    /// says what is wrong with it and how to fix that).
    static func adviseOnRefusals(_ entries: [RegistryEntry]) {
        let refused = entries.count { $0.problem?.category == .insecure }
        guard refused > 0 else { return }
        let files = refused == 1 ? "1 plugin file was" : "\(refused) plugin files were"
        Diagnostics.note(
            "pophost: note: \(files) refused because another user could change them; fix the permissions as \(refused == 1 ? "its message says" : "each message says"), or load them anyway with --allow-insecure-plugins (or POPHOST_ALLOW_INSECURE_PLUGINS=1)"
        )
    }

    /// Runs a discovery, showing progress on a terminal when scanning takes more than a moment.
    func discover() throws -> PluginRegistry.Discovery {
        let progress = ProgressLine()
        let discovery: PluginRegistry.Discovery
        do {
            discovery = try registry.discover { done, total in progress.update("scanning plugins \(done)/\(total)…") }
        } catch {
            progress.finish()
            throw CommandFailure("\(error)")
        }
        progress.finish()
        Self.adviseOnRefusals(discovery.entries)
        return discovery
    }
}
