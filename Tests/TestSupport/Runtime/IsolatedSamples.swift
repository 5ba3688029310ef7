import Foundation
import HostRuntime
import PopLoaderTestSupport
import PopTestSupport

/// Private copies of the bundled samples (`SampleCopies`), discovered: for a test that drives them
/// through a chef.
package final class IsolatedSamples: @unchecked Sendable {
    package let copies: SampleCopies
    package let discovery: PluginRegistry.Discovery

    package init() throws {
        copies = try SampleCopies()
        discovery = try makeRegistry([copies.directory.path], cache: copies.directory.file("registry.cache")).discover()
    }

    package var directory: TemporaryDirectory { copies.directory }

    /// A new catalog over the copies.
    package var catalog: ComponentCatalog { ComponentCatalog(discovery: discovery) }

    /// A new source of the copies' components, to count their live instances.
    package func source() -> PluginComponents { PluginComponents(discovery: discovery) }

    package func path(_ library: String) -> String { copies.path(library) }

    /// The scenario `json` (its file named test.json) played to its end over fresh copies of the
    /// samples; the runner, and the samples, which must live as long as it is used.
    package static func play(_ json: String) throws -> (ScenarioRunner, IsolatedSamples) {
        let samples = try IsolatedSamples()
        let runner = ScenarioRunner(
            scenario: try Scenario.parse(json: json, file: "test.json", baseDirectory: nil), catalog: samples.catalog)
        runner.runToEnd()
        return (runner, samples)
    }
}
