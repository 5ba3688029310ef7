import HostRuntime

/// A chef with a recorder, and helpers to read its trace.
package final class TracedChef {
    package let chef: Chef
    package let recorder = TraceRecorder()
    /// Whatever the chef's plugins need to outlive it (their files' directory).
    package var keepAlive: AnyObject?
    package private(set) var finals: [RequestID: [FinalEvent]] = [:]

    /// The plugins' components, when the chef was made over a discovery.
    package private(set) var source: PluginComponents?
    /// A stage with a presentation engine, when the chef was made `staged`.
    package private(set) var stage: Stage?

    package init(
        configuration: ChefConfiguration = ChefConfiguration(), catalog: ComponentCatalog = ComponentCatalog(),
        staged: Bool = false
    ) {
        chef = Chef(catalog: catalog, configuration: configuration)
        chef.trace = recorder
        // Weak: the chef outlives this object briefly and ends its live requests as it goes.
        chef.onFinalEvent = { [weak self] id, event in self?.finals[id, default: []].append(event) }
        if staged { stage = Stage(chef: chef) }
    }

    /// A chef over the plugins of `discovery` (their live instances counted by `source`).
    package convenience init(plugins discovery: PluginRegistry.Discovery, staged: Bool = false) {
        let source = PluginComponents(discovery: discovery)
        let catalog = ComponentCatalog()
        catalog.add(source)
        self.init(catalog: catalog, staged: staged)
        self.source = source
    }

    /// The presentation engine of a staged chef.
    package var engine: PresentationEngine { stage!.engine }

    /// Shows a built-in alert with these options.
    @discardableResult
    package func show(
        _ priority: Priority = .normal, _ policy: Policy = .override, preempted: PreemptionRule = .drop,
        ttl: VirtualTime? = nil, key: String? = nil
    ) -> RequestID {
        chef.show(PopupRequest(priority: priority, policy: policy, whenPreempted: preempted, timeToLive: ttl, dedupeKey: key))
    }

    package func advance(_ milliseconds: Int64) { chef.advance(by: .milliseconds(milliseconds)) }

    /// The names of the events of one request, in order.
    package func events(of id: RequestID) -> [String] {
        recorder.events.filter { $0.request == id }.map(\.kind.rawValue)
    }

    /// "event#id" for every event whose name is in `names`, in order.
    package func timeline(_ names: Set<String>) -> [String] {
        recorder.events.filter { names.contains($0.kind.rawValue) }.map { "\($0.kind.rawValue)#\($0.request)" }
    }

    /// The time of the first event named `event` of request `id`, in ms.
    package func time(of event: String, _ id: RequestID) -> Double? {
        recorder.events.first { $0.request == id && $0.kind.rawValue == event }?.time.milliseconds
    }
}
