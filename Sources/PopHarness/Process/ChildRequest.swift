import PopLoader
import PopProcess

/// One test for a test's process to run, sent as one JSON line on its standard input: the harness's
/// side of the `pophost-harness/2` line protocol. The child answers on descriptor 3 with the
/// protocol's name, then one line: the request's secret, a space and its `TestResult` as JSON. The
/// plugin under test runs in that process and may write to descriptor 3 as well; without the secret
/// its lines are not taken for the result.
package struct ChildRequest: Codable, Equatable {
    /// The protocol this request is written in; a child that speaks another refuses it.
    var protocolName = ChildProtocol.harness.description
    var test: String
    var plugin: String
    var seed: UInt64
    var strictness: Int
    var scenarios: String?
    var updateSnapshots: Bool
    /// This run's secret (`ChildProtocol.newSecret()`), which starts the child's result line.
    var secret = ChildProtocol.newSecret()

    enum CodingKeys: String, CodingKey {
        case protocolName = "protocol", test, plugin, seed, strictness, scenarios, updateSnapshots = "update_snapshots", secret
    }

    package init(test: String, plugin: String, seed: UInt64, strictness: Int, scenarios: String?, updateSnapshots: Bool) {
        self.test = test
        self.plugin = plugin
        self.seed = seed
        self.strictness = strictness
        self.scenarios = scenarios
        self.updateSnapshots = updateSnapshots
    }

    /// The options a child runs with (what the parent's options that matter to one test were).
    var options: HarnessOptions {
        var options = HarnessOptions(seed: seed, childCommand: [])
        options.strictness = strictness
        options.scenarios = ScenarioShelf(directory: scenarios, updateSnapshots: updateSnapshots)
        return options
    }
}

extension ChildProtocol {
    /// What a test's process speaks (see `ChildRequest`).
    static let harness = ChildProtocol(name: "pophost-harness", version: 2)
}
