import PluginABI

/// The Swift side of one live component. Subclass it to keep per-instance state, and name the
/// subclass in the component's declaration (`Component.handler(..., instance: MyHandler.self)`).
///
/// The host sees only the kind struct (`pop_handler_t`, ...), which the instance owns. Its
/// `component_data` holds a retained reference to the instance: the host's `destroy` calls
/// `willDestroy()` and releases it, and the instance frees the kind struct in its deinit. Inside a
/// kind function, `Instance.of(self)` (or `MyHandler.of(self)`) gives the instance back.
open class Instance {
    /// The kind struct the host sees; set by `publish(_:)`.
    private var table: UnsafeMutableRawPointer?
    /// A handler's actions (see `Component.handler`), read by the action_count and get_action the
    /// kit installs; nil for every other component.
    var actions: ActionTable?
    /// The component extensions it offers, by id (see `Component.controllerLoader` and
    /// `Component.handler`); the tables are immortal.
    var extensionTables: [(id: String, table: UnsafeRawPointer)] = []
    /// What the timers `after(_:_:)` scheduled will run, by the key each timer carries as its
    /// context; they go with the instance (the host cancels the timers when it is destroyed).
    private var timers: [UInt: () -> Void] = [:]
    private var lastTimerKey: UInt = 0

    public required init() {}

    deinit { table?.deallocate() }

    /// Called by the host's `destroy`, before the host's reference is released: drop anything that
    /// must not outlive the component (queued answers, timers of your own). The default does nothing.
    open func willDestroy() {}

    /// Runs `action` on the main thread once `seconds` of the host's virtual time have passed — on
    /// the clock of the chef whose request this instance serves ("pop.timer/1", ext/timer.h) — and
    /// returns the timer's id. Nil when the host offers no timer or refused this one (a negative
    /// delay, say): then act some other way, now or from `onMainThread`. `action` never runs after
    /// the component is destroyed. Main thread only, as every kind function is.
    @discardableResult
    public func after(_ seconds: Double, _ action: @escaping () -> Void) -> pop_timer_id_t? {
        guard let host = Host.table, let schedule = Host.timerExtension?.pointee.schedule, let table else { return nil }
        lastTimerKey += 1
        let key = lastTimerKey
        let id = schedule(
            host, UnsafePointer(table.assumingMemoryBound(to: pop_component_t.self)), seconds, Instance.timerFired,
            UnsafeMutableRawPointer(bitPattern: key))
        guard id != 0 else { return nil }
        timers[key] = action
        return id
    }

    /// Moves this instance's request's sheet to `detent`, animated, not reported back through
    /// `detent_changed` ("pop.sheet-host/1"); false when the host has no such extension or the
    /// request is not a sheet on screen with that active detent. Main thread only.
    @discardableResult
    public func selectDetent(_ detent: String) -> Bool {
        guard let host = Host.table, let select = Host.sheetExtension?.pointee.select_detent, let table else { return false }
        return detent.withCString { select(host, UnsafePointer(table.assumingMemoryBound(to: pop_component_t.self)), $0) }
    }

    /// Resolves the custom detents of this instance's request's sheet again ("pop.sheet-host/1");
    /// false as for `selectDetent(_:)`. Main thread only.
    @discardableResult
    public func invalidateDetents() -> Bool {
        guard let host = Host.table, let invalidate = Host.sheetExtension?.pointee.invalidate_detents, let table else { return false }
        return invalidate(host, UnsafePointer(table.assumingMemoryBound(to: pop_component_t.self)))
    }

    /// `pop_timer_fn` of every timer `after(_:_:)` schedules: runs the action its key names.
    private static let timerFired: @convention(c) (UnsafePointer<pop_component_t>?, UnsafeMutableRawPointer?) -> Void = { component, key in
        guard let instance = Instance.of(component), let action = instance.timers.removeValue(forKey: UInt(bitPattern: key)) else { return }
        action()
    }

    /// The instance behind a kind struct the host passes back (the `self` of any kind function), as
    /// this class; nil when the pointer is NULL or belongs to an instance of another class.
    public static func of(_ component: UnsafeRawPointer?) -> Self? {
        guard let data = component?.load(as: pop_component_t.self).component_data else { return nil }
        return Unmanaged<Instance>.fromOpaque(data).takeUnretainedValue() as? Self
    }

    /// Hands the instance to the host: moves `kind` into memory the instance owns, retains the
    /// instance in its `component_data`, and returns its common header (the factory's `create`
    /// result).
    func publish<Kind: ComponentKind>(_ kind: Kind) -> UnsafePointer<pop_component_t> {
        var kind = kind
        kind.component.component_data = Unmanaged.passRetained(self).toOpaque()
        let table = UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<Kind>.size, alignment: MemoryLayout<Kind>.alignment)
        table.initializeMemory(as: Kind.self, to: kind)
        self.table = table
        // The header is the kind struct's first member, at the same address.
        return UnsafePointer(table.assumingMemoryBound(to: pop_component_t.self))
    }

    /// `pop_component_t.destroy`: exactly once per instance, on the main thread.
    static let destroy: @convention(c) (UnsafePointer<pop_component_t>?) -> Void = { component in
        guard let data = component?.pointee.component_data else { return }
        let instance = Unmanaged<Instance>.fromOpaque(data)
        instance.takeUnretainedValue().willDestroy()
        instance.release()  // the last reference: deinit frees the kind struct
    }

    /// `pop_component_t.get_extension` of a component that offers no component extension.
    static let noExtension: @convention(c) (UnsafePointer<pop_component_t>?, UnsafePointer<CChar>?) -> UnsafeRawPointer? = { _, _ in nil }

    /// `pop_component_t.get_extension` of a component declared with extension tables: the table
    /// whose id is exactly `id`, NULL for every other id.
    static let componentExtension: @convention(c) (UnsafePointer<pop_component_t>?, UnsafePointer<CChar>?) -> UnsafeRawPointer? = {
        component, id in
        guard let id, let tables = Instance.of(component)?.extensionTables else { return nil }
        let wanted = String(cString: id)
        return tables.first { $0.id == wanted }?.table
    }
}
