@testable import HostRuntime

/// A chef with a recorder, and helpers to read its trace.
final class TracedChef {
    let chef: Chef
    let recorder = TraceRecorder()
    /// Whatever the chef's plugins need to outlive it (their files' directory).
    var keepAlive: AnyObject?
    private(set) var finals: [RequestID: [FinalEvent]] = [:]

    init(configuration: ChefConfiguration = ChefConfiguration(), catalog: ComponentCatalog = ComponentCatalog()) {
        chef = Chef(catalog: catalog, configuration: configuration)
        chef.trace = recorder
        // Weak: the chef outlives this object briefly and ends its live requests as it goes.
        chef.onFinalEvent = { [weak self] id, event in self?.finals[id, default: []].append(event) }
    }

    /// Shows a built-in alert with these options.
    @discardableResult
    func show(_ priority: Priority = .normal, _ policy: Policy = .override, preempted: PreemptionRule = .drop,
              ttl: VirtualTime? = nil, key: String? = nil) -> RequestID {
        chef.show(PopupRequest(priority: priority, policy: policy, whenPreempted: preempted, timeToLive: ttl, dedupeKey: key))
    }

    func advance(_ milliseconds: Int64) { chef.advance(by: .milliseconds(milliseconds)) }

    /// The events of one request, in order.
    func events(of id: RequestID) -> [String] {
        recorder.events.filter { $0.request == id }.map(\.event)
    }

    /// "event#id" for every event whose name is in `names`, in order.
    func timeline(_ names: Set<String>) -> [String] {
        recorder.events.filter { names.contains($0.event) }.map { "\($0.event)#\($0.request)" }
    }

    /// The time of the first `event` of request `id`, in ms.
    func time(of event: String, _ id: RequestID) -> Double? {
        recorder.events.first { $0.request == id && $0.event == event }?.time.milliseconds
    }
}
