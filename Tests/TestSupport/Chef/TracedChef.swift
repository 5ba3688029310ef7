import PopChef
import PopModel

/// A chef with a recorder, and helpers to read its trace (`TracedHost` adds plugins and a stage).
package final class TracedChef {
    package let chef: Chef
    package let recorder = TraceRecorder()
    /// Whatever the chef's plugins need to outlive it (their files' directory).
    package var keepAlive: AnyObject?
    package private(set) var finals: [RequestID: [FinalEvent]] = [:]

    package init(
        configuration: ChefConfiguration = ChefConfiguration(), catalog: ComponentCatalog = ComponentCatalog()
    ) {
        chef = Chef(catalog: catalog, configuration: configuration)
        chef.trace = recorder
        // Weak: the chef outlives this object briefly and ends its live requests as it goes.
        chef.onFinalEvent = { [weak self] id, event in self?.finals[id, default: []].append(event) }
    }

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
