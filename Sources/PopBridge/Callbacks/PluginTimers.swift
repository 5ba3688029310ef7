import Logging
import PluginABI
import PopChef
import PopLoader
import PopModel
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The host extension "pop.timer/1" (ext/timer.h): a plugin's timers on the virtual clock of the
/// chef that made the component they are scheduled for. Every plugin instance the bridge makes is
/// registered here with its `ComponentContext` while it lives; destroying it cancels its pending
/// timers first, so a timer never fires into a destroyed instance.
///
/// Why per instance: one plugin has one host table for every chef of the process, and each chef
/// has its own clock. The instance says which request — so which chef, so which clock — a timer
/// belongs to.
package enum PluginTimers {
    /// The timers of one live instance. Its clock and `pending` are touched only on the thread that
    /// made the instance (every entry point checks), so it may sit in the process-wide registry.
    private final class Owner: @unchecked Sendable {
        let context: ComponentContext
        /// The thread that made the instance: the chef's, the only one that may schedule.
        let thread = pthread_self()
        /// Pending timers, by id.
        var pending: [pop_timer_id_t: VirtualClock.Token] = [:]

        init(context: ComponentContext) { self.context = context }
    }

    /// What the C functions look up: live instances by component address, and which instance each
    /// pending timer belongs to.
    private struct Registry {
        var owners: [UInt: Owner] = [:]
        var timers: [pop_timer_id_t: UInt] = [:]
    }

    private static let registry = Mutex(Registry())
    private static let lastID = Atomic<UInt64>(0)
    private static let logger = Logger(label: "pophost.timer")

    /// The table plugins get from `get_extension("pop.timer/1")`, offered to every plugin loaded in
    /// this process from the first use of the bridge on (`PluginComponents` makes sure of it).
    package static let offered: Void = {
        HostExtensions.offer(POP_HOST_EXT_TIMER) { (timer: inout pop_host_timer_t) in
            timer.schedule = { host, component, delay, fire, context in
                PluginTimers.schedule(host: host, component: component, delay: delay, fire: fire, context: context)
            }
            timer.cancel = { host, id in PluginTimers.cancel(host: host, id) }
        }
    }()

    /// Registers a new instance: its timers run on `context`'s clock.
    static func register(_ component: UnsafePointer<pop_component_t>, context: ComponentContext) {
        let owner = Owner(context: context)
        registry.withLock { $0.owners[UInt(bitPattern: component)] = owner }
    }

    /// The instance is about to be destroyed: its pending timers are cancelled and later calls for it
    /// find nothing.
    static func unregister(_ component: UnsafePointer<pop_component_t>) {
        guard
            let owner = registry.withLock({ registry -> Owner? in
                guard let owner = registry.owners.removeValue(forKey: UInt(bitPattern: component)) else { return nil }
                for id in owner.pending.keys { registry.timers[id] = nil }
                return owner
            })
        else { return }
        for token in owner.pending.values { owner.context.clock.cancel(token) }
        owner.pending = [:]
    }

    private static func schedule(
        host: UnsafePointer<pop_host_t>?, component: UnsafePointer<pop_component_t>?, delay: Double,
        fire: pop_timer_fn?, context: UnsafeMutableRawPointer?
    ) -> pop_timer_id_t {
        guard HostTable.owner(of: host) != nil else {
            logger.warning("pop.timer/1 schedule was called with a host table the host did not make; ignored")
            return 0
        }
        guard let component, let owner = registry.withLock({ $0.owners[UInt(bitPattern: component)] }) else {
            logger.warning("pop.timer/1 schedule was called for a component that is not a live instance; ignored")
            return 0
        }
        guard pthread_equal(owner.thread, pthread_self()) != 0 else {
            owner.context.reportMisbehaviour("pop.timer/1 schedule was called from another thread (it is main-thread only); no timer")
            return 0
        }
        guard let fire else {
            owner.context.reportMisbehaviour("pop.timer/1 schedule was given no function; no timer")
            return 0
        }
        guard delay.isFinite, delay >= 0 else {
            owner.context.reportMisbehaviour("pop.timer/1 schedule was given the delay \(delay) s (a finite number ≥ 0); no timer")
            return 0
        }
        let id = lastID.add(1, ordering: .relaxed).newValue
        let address = UInt(bitPattern: component), argument = UInt(bitPattern: context)
        let token = owner.context.clock.schedule(after: .seconds(delay)) {
            PluginTimers.fired(id, component: address, fire: fire, context: argument)
        }
        owner.pending[id] = token
        registry.withLock { $0.timers[id] = address }
        return id
    }

    private static func fired(_ id: pop_timer_id_t, component address: UInt, fire: pop_timer_fn, context: UInt) {
        let owner = registry.withLock { registry -> Owner? in
            guard registry.timers.removeValue(forKey: id) != nil else { return nil }
            return registry.owners[address]
        }
        guard let owner, owner.pending.removeValue(forKey: id) != nil, let component = UnsafePointer<pop_component_t>(bitPattern: address)
        else { return }
        TraitScope.with(owner.context.displayTraits()) { fire(component, UnsafeMutableRawPointer(bitPattern: context)) }
    }

    private static func cancel(host: UnsafePointer<pop_host_t>?, _ id: pop_timer_id_t) -> Bool {
        guard HostTable.owner(of: host) != nil else { return false }
        let owner = registry.withLock { registry -> Owner? in
            guard let address = registry.timers[id] else { return nil }
            return registry.owners[address]
        }
        guard let owner else { return false }
        guard pthread_equal(owner.thread, pthread_self()) != 0 else {
            owner.context.reportMisbehaviour("pop.timer/1 cancel was called from another thread (it is main-thread only); not cancelled")
            return false
        }
        registry.withLock { _ = $0.timers.removeValue(forKey: id) }
        guard let token = owner.pending.removeValue(forKey: id) else { return false }
        owner.context.clock.cancel(token)
        return true
    }
}
