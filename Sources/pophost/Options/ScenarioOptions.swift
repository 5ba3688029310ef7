import ArgumentParser
import HostRuntime

/// The scenario a command plays: a JSON file, or `demo` for the embedded demo.
struct ScenarioArgument: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            "A scenario file (JSON: the screen, timed steps, expectations), or \"demo\" for the embedded demo (the default).",
            valueName: "scenario"), completion: .file(extensions: ["json"]))
    var scenario: String?
    @OptionGroup var arbitration: ArbitrationOptions
    @OptionGroup var traits: TraitOptions

    /// The scenario named, else `fallback`, else the demo, with the arbitration and trait options
    /// applied, or a clean exit with its error (file, field and problem).
    func load(fallback: Scenario? = nil) throws -> Scenario {
        var loaded: Scenario
        do {
            switch (scenario, fallback) {
            case (nil, let fallback?): loaded = fallback
            case (nil, nil), ("demo"?, _):
                // The demo says its swipes for the layout direction it is played in.
                loaded = try DemoScenario.scenario(for: traits.applied(to: DemoScenario.scenario.screen.display).layoutDirection)
            case (let path?, _): loaded = try Scenario.load(path: path)
            }
        } catch {
            throw CommandFailure("\(error)")
        }
        for warning in loaded.warnings { Diagnostics.warning(printable(warning)) }
        loaded.configuration = arbitration.applied(to: loaded.configuration)
        loaded.screen.display = traits.applied(to: loaded.screen.display)
        return loaded
    }
}

extension PluginOptions {
    /// The components for `scenario`: --plugins if given, else the scenario's plugin directories
    /// if it names any, else the default search path; in plugin host processes with `isolation`
    /// (the isolated source comes back too, to hear its events), else in this process.
    func catalog(for scenario: Scenario, isolation: IsolationOptions?) throws -> (catalog: ComponentCatalog, isolated: IsolatedComponents?)
    {
        var options = self
        if options.directories.isEmpty { options.directories = scenario.plugins }
        return try options.catalog(isolation: isolation)
    }

    /// The components of the discovered plugins, in plugin host processes with `isolation`.
    func catalog(isolation: IsolationOptions?) throws -> (catalog: ComponentCatalog, isolated: IsolatedComponents?) {
        let discovery = try discover()
        // A directory someone named (not a default one) that is missing would otherwise only show
        // later, as "no view-loader with id …".
        if registry.searchPath.source != .defaults {
            for directory in discovery.unreadableDirectories {
                Diagnostics.warning("the plugin directory \(printable(directory)) does not exist or cannot be read")
            }
        }
        Self.noteUnusable(discovery.entries)
        guard let isolation else { return (ComponentCatalog(discovery: discovery), nil) }
        let isolated = IsolatedComponents(discovery: discovery, options: isolation)
        let catalog = ComponentCatalog()
        catalog.add(isolated)
        return (catalog, isolated)
    }

    /// A file on the search path whose components are missing because it is broken or blacklisted
    /// would otherwise only show as "no handler with id …": one note names such files (refused
    /// ones have a note of their own).
    static func noteUnusable(_ entries: [RegistryEntry]) {
        let unusable = entries.filter { entry in
            (entry.status == .error || entry.status == .blacklisted) && entry.problem?.category != .insecure
        }
        guard !unusable.isEmpty else { return }
        let named = unusable.prefix(3).map { entry in
            "\(printable(entry.file.path)) (\(entry.status.rawValue): \(entry.problem?.category.rawValue ?? "unknown"))"
        }
        let more = unusable.count > 3 ? " and \(unusable.count - 3) more" : ""
        let files =
            unusable.count == 1
            ? "1 plugin file on the search path cannot be used" : "\(unusable.count) plugin files on the search path cannot be used"
        Diagnostics.note("pophost: note: \(files): \(named.joined(separator: ", "))\(more); `pophost list` says why")
    }
}
