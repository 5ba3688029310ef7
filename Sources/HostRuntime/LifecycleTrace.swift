import PopModel

/// A trace sink that hands every lifecycle event to a runtime's `events` and to the app's own sink.
final class LifecycleTrace: TraceSink {
    private let forwarding: (any TraceSink)?
    private let deliver: (TraceEvent) -> Void

    init(forwardingTo forwarding: (any TraceSink)?, deliver: @escaping (TraceEvent) -> Void) {
        self.forwarding = forwarding
        self.deliver = deliver
    }

    func record(_ event: TraceEvent) {
        forwarding?.record(event)
        deliver(event)
    }
}
