import PopChef
import PopModel

/// The parent's side of an isolated instance's `pop.timer/1` timers: the child keeps the
/// instance's clock at the parent chef's time and says when its earliest timer is due; this
/// schedules that moment on the chef's clock and, when it comes, has the child advance the
/// instance's clock to it (the timers fire in the child, their completions come back with the
/// answer). So an isolated plugin's timers fire at the virtual times they would in this process.
final class RemoteContext {
    let context: ComponentContext
    /// The instance's number in the plugin host.
    let instance: UInt64
    private unowned let connection: PluginHostConnection
    /// The component id, for failure messages.
    private let id: String
    private var pending: VirtualClock.Token?

    init(_ context: ComponentContext, instance: UInt64, connection: PluginHostConnection, id: String) {
        self.context = context
        self.instance = instance
        self.connection = connection
        self.id = id
    }

    /// The instance's earliest timer is due at `time` (nil: it has none).
    func due(at time: VirtualTime?) {
        context.clock.cancel(pending)
        pending = nil
        guard let time else { return }
        let clock = context.clock
        pending = clock.schedule(after: max(.zero, time - clock.now)) { [weak self] in self?.fire() }
    }

    private func fire() {
        pending = nil
        _ = connection.call(
            .advanceClock(instance: instance, to: context.clock.now), "a pop.timer/1 timer of \(id)", traits: context.displayTraits())
    }
}
