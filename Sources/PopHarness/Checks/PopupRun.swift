import PopBridge
import PopChef
import PopModel
import PopPresentation

/// Runs popups composed from the plugin's components through a chef on the virtual clock and
/// collects what the chef recorded about the plugin's behaviour.
final class PopupRun {
    /// A misbehaviour the chef recorded: the trace event's detail.
    struct Problem: Hashable {
        let request: RequestID
        let detail: String

        /// A component declined (build or reform returned false): allowed by the ABI.
        var isRefusal: Bool { detail.hasSuffix("returned false") }
        /// A view's buttons or fields do not match the handler it was paired with: a pairing the
        /// plugin never meant, not a broken rule.
        var isPairing: Bool {
            detail.contains("which handler") && detail.contains("does not declare") || detail.contains("but the content has no text field")
        }
        /// A completion called twice or never.
        var isCompletion: Bool {
            detail.contains("called again") || detail.contains("did not answer") || detail.contains("did not call its completion")
        }
        /// An instance or extension table whose struct_size is too small (the chef cannot make it).
        var isStructSize: Bool { detail.contains("has struct_size") }
        /// Something a conforming plugin never causes.
        var isViolation: Bool { !isRefusal && !isPairing }
        /// The test that owns the rule this breaks, when one test does: the others do not fail for
        /// it (`fuzz.lifecycle` names the owner).
        var owner: String? {
            isCompletion ? CompletionChecks.completionsOnce.name : isStructSize ? LibraryChecks.structSizes.name : nil
        }
        /// A violation no other test owns.
        var isOwnViolation: Bool { isViolation && owner == nil }
    }

    let plugin: PluginUnderTest
    /// The plugin's components, whose instances the chef makes.
    let source: PluginComponents
    let chef: Chef
    /// The popups on a screen: layout hooks and motion run as in a host.
    let stage: Stage
    var engine: PresentationEngine { stage.engine }
    let recorder = TraceRecorder()
    /// Which of the plugin's views and handlers fit together (made on first use).
    private(set) lazy var pairs = ComponentPairs(plugin: plugin, source: source)
    /// How many final events each request received.
    private(set) var finalEvents: [RequestID: Int] = [:]
    /// What each request shown through `show` asked for.
    private(set) var requests: [RequestID: PopupRequest] = [:]

    init(plugin: PluginUnderTest) {
        self.plugin = plugin
        source = plugin.source()
        let catalog = ComponentCatalog()
        catalog.add(source)
        var configuration = ChefConfiguration()
        configuration.threadAnswerWait = ChefConfiguration.headlessThreadAnswerWait
        chef = Chef(catalog: catalog, configuration: configuration)
        stage = Stage(chef: chef)
        chef.trace = recorder
        chef.onFinalEvent = { [weak self] id, _ in self?.finalEvents[id, default: 0] += 1 }
    }

    /// The problems recorded so far.
    var problems: [Problem] {
        recorder.events.filter { $0.kind == .misbehaviour }.map { Problem(request: $0.request, detail: $0.detail ?? "") }
    }

    /// Shows each request in turn and runs it to its end: shown, left until the clock is idle,
    /// dismissed, and idle again.
    func playEach(_ requests: [PopupRequest]) {
        for request in requests {
            let id = show(request, within: 5, as: "showing \(Self.describe(request))")
            finish(id)
        }
    }

    /// Plays requests that use each of the plugin's components at least once.
    func playEveryComponent() {
        playEach(pairs.coveringRequests(controllers: plugin.ids(of: .controllerLoader), reformers: plugin.ids(of: .reformer)))
    }

    /// Shows `request`; the call (composition, should_present) must return within `seconds`.
    func show(_ request: PopupRequest, within seconds: Double, as what: String) -> RequestID {
        let id = plugin.watchdog.within(what, seconds: seconds) { chef.show(request) }
        requests[id] = request
        return id
    }

    /// Lets the request run until the clock is idle, dismisses it, and runs until idle again.
    func finish(_ id: RequestID) {
        plugin.watchdog.within("running request \(id) to its end", seconds: 5) {
            _ = chef.runUntilIdle(limit: .seconds(120))
            _ = chef.dismiss(id)
            _ = chef.runUntilIdle(limit: .seconds(120))
        }
    }

    /// "handler com.x.h, view com.x.v" for messages.
    static func describe(_ request: PopupRequest) -> String {
        let parts = [
            ("handler", request.handler), ("view loader", request.viewLoader), ("controller loader", request.controllerLoader),
            ("reformer", request.reformer),
        ]
        .compactMap { name, id in id.map { "\(name) \($0)" } }
        return parts.isEmpty ? "a default popup" : "a popup of " + parts.joined(separator: ", ")
    }
}
