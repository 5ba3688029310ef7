import ArgumentParser
import HostRuntime

extension ChefConfiguration.EqualPriorityRule: ExpressibleByArgument {}
extension ChefConfiguration.QueueOrder: ExpressibleByArgument {}

/// The chef's arbitration rules on the command line, so that CSPopKit's and SwiftEntryKit's rules
/// can both be played: each option given replaces the scenario's choice (or the default).
struct ArbitrationOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Who wins an override between equal priorities: incumbent-wins (CSPopKit; the default) or newcomer-wins (SwiftEntryKit).",
            valueName: "rule"))
    var equalPriority: ChefConfiguration.EqualPriorityRule?

    @Option(
        help: ArgumentHelp(
            "How a layer's queue is ordered: priority (then arrival; the default) or chronological.",
            valueName: "order"))
    var queueOrder: ChefConfiguration.QueueOrder?

    /// `configuration` with the options given.
    func applied(to configuration: ChefConfiguration) -> ChefConfiguration {
        var configuration = configuration
        if let equalPriority { configuration.equalPriorityRule = equalPriority }
        if let queueOrder { configuration.queueOrder = queueOrder }
        return configuration
    }
}
