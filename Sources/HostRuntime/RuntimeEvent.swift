import PopIsolation
import PopModel

/// Something that happened in a `PopupRuntime`, as its `events` stream delivers it, in order.
///
///     for await event in runtime.events {
///         if case .ended(let request, let final) = event { print("request \(request): \(final)") }
///     }
public enum RuntimeEvent: Sendable {
    /// A step of a request's life — requested, will-present, did-present, an action, will-dismiss,
    /// did-dismiss, queued, preempted… — as the trace records it (docs/json.md names every kind).
    case lifecycle(TraceEvent)
    /// A request ended: exactly once per request, after its teardown, with its final event.
    case ended(RequestID, FinalEvent)
    /// An isolated plugin's process crashed or hung, or the plugin was quarantined for the session.
    case isolation(IsolationEvent)
}
