import PopChef

/// A scripted run of the presentation engine on the virtual clock: the screen, where the plugins
/// are, a timeline of steps and what must be seen. Read from JSON by `Scenario.load(path:)` and
/// `Scenario.parse(json:file:baseDirectory:)`; the format is documented in docs/scenarios.md.
/// Component ids and labels are kept as written: the runner resolves them.
public struct Scenario: Hashable, Sendable {
    /// The newest format version (`"format"`), the one pophost writes; `ScenarioFormat.readable`
    /// lists every version this build reads.
    public static let formatVersion = ScenarioFormat.newest

    /// The file it was read from, as given; nil for an embedded scenario.
    public var file: String?
    public var name: String?
    /// Free text saying what the scenario is about (`"description"`).
    public var description: String?
    /// The screen at the start, in its starting orientation, with the keyboard's height.
    public var screen: ScenarioScreen
    /// Plugin directories, absolute, in search order; empty: the default search path.
    public var plugins: [String]
    /// The chef's arbitration settings (`"arbitration"`): the equal-priority rule and the queue order.
    public var configuration: ChefConfiguration
    /// The timeline, in order.
    public var steps: [ScenarioStep]
    public var expectations: ScenarioExpectations
    /// What the file spells in a deprecated form that is still read (format 1's `view`), one
    /// message per form naming its replacement, for the command that loaded it to show.
    public var warnings: [String] = []

    public init(
        file: String? = nil, name: String? = nil, description: String? = nil, screen: ScenarioScreen = ScenarioScreen(),
        plugins: [String] = [], configuration: ChefConfiguration = ChefConfiguration(), steps: [ScenarioStep] = [],
        expectations: ScenarioExpectations = ScenarioExpectations()
    ) {
        self.file = file
        self.name = name
        self.description = description
        self.screen = screen
        self.plugins = plugins
        self.configuration = configuration
        self.steps = steps
        self.expectations = expectations
    }

    /// The labels the `show` steps give their requests (`"as"`), in step order.
    public var labels: [String] {
        steps.compactMap { step in
            if case .show(let show) = step.action { show.label } else { nil }
        }
    }

    /// The `show` step that defines `label`, or nil.
    public func step(labelled label: String) -> ScenarioStep? {
        steps.first { step in
            if case .show(let show) = step.action { show.label == label } else { false }
        }
    }
}
