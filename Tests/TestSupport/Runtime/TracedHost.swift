import HostRuntime
import PopChefTestSupport

/// A traced chef over plugins, or with a stage: `TracedChef`'s trace helpers (its properties read
/// through this value), the plugins' components and the presentation engine.
@dynamicMemberLookup
package final class TracedHost {
    package let traced: TracedChef
    /// The plugins' components, when made over a discovery.
    package private(set) var source: PluginComponents?
    /// A stage with a presentation engine, when made `staged`.
    package let stage: Stage?

    package init(
        configuration: ChefConfiguration = ChefConfiguration(), catalog: ComponentCatalog = ComponentCatalog(),
        staged: Bool = false
    ) {
        traced = TracedChef(configuration: configuration, catalog: catalog)
        stage = staged ? Stage(chef: traced.chef) : nil
    }

    /// A chef over the plugins of `discovery` (their live instances counted by `source`).
    package convenience init(plugins discovery: PluginRegistry.Discovery, staged: Bool = false) {
        let source = PluginComponents(discovery: discovery)
        let catalog = ComponentCatalog()
        catalog.add(source)
        self.init(catalog: catalog, staged: staged)
        self.source = source
    }

    package subscript<Value>(dynamicMember path: KeyPath<TracedChef, Value>) -> Value { traced[keyPath: path] }

    package subscript<Value>(dynamicMember path: ReferenceWritableKeyPath<TracedChef, Value>) -> Value {
        get { traced[keyPath: path] }
        set { traced[keyPath: path] = newValue }
    }

    /// The presentation engine of a staged host.
    package var engine: PresentationEngine { stage!.engine }

    @discardableResult
    package func show(
        _ priority: Priority = .normal, _ policy: Policy = .override, preempted: PreemptionRule = .drop,
        ttl: VirtualTime? = nil, key: String? = nil
    ) -> RequestID {
        traced.show(priority, policy, preempted: preempted, ttl: ttl, key: key)
    }

    package func advance(_ milliseconds: Int64) { traced.advance(milliseconds) }

    package func events(of id: RequestID) -> [String] { traced.events(of: id) }

    package func timeline(_ names: Set<String>) -> [String] { traced.timeline(names) }

    package func time(of event: String, _ id: RequestID) -> Double? { traced.time(of: event, id) }
}
