import ArgumentParser
import HostRuntime

/// The scenario a command plays: a JSON file, or `demo` for the embedded demo.
struct ScenarioArgument: ParsableArguments {
    @Argument(help: ArgumentHelp("A scenario file (JSON: the screen, timed steps, expectations), or \"demo\" for the embedded demo.", valueName: "scenario"))
    var scenario: String = "demo"
    @OptionGroup var arbitration: ArbitrationOptions

    /// The scenario, with the arbitration options applied, or a clean exit with its error (file,
    /// field and problem).
    func load() throws -> Scenario {
        var loaded: Scenario
        do {
            loaded = scenario == "demo" ? try DemoScenario.scenario : try Scenario.load(path: scenario)
        } catch {
            throw CommandFailure("\(error)")
        }
        loaded.configuration = arbitration.applied(to: loaded.configuration)
        return loaded
    }
}

extension PluginOptions {
    /// The components for `scenario`: --plugins if given, else the scenario's plugin directories
    /// if it names any, else the default search path.
    func catalog(for scenario: Scenario) throws -> ComponentCatalog {
        var options = self
        if options.directories.isEmpty { options.directories = scenario.plugins }
        return ComponentCatalog(discovery: try options.discover())
    }
}
