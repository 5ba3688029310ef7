import Logging
import PopBridge
import PopChef
import PopLoader
import PopModel

/// The components of C plugins, each plugin file served by a plugin host process of its own
/// (`pophost-plugin-host`), as a `ComponentSource`: the isolated counterpart of `PluginComponents`.
/// A plugin that crashes, aborts, exits or hangs (a deadline per call) takes only its own process
/// down: every live request that uses one of its components ends with one final event
/// (plugin-crashed or plugin-timeout, through `takeLosses`), other plugins' requests carry on, and
/// the plugin gets a new process on its next use — until it has failed `quarantineAfter` times,
/// when it is quarantined for the session.
///
/// A plugin host is started on the first use of one of its plugin's components. The chef's calls
/// stay synchronous: each waits for its answer. Not `Sendable`: it belongs to its chef's actor.
public final class IsolatedComponents: ExtensionListing {
    public let options: IsolationOptions
    /// Told of every crash, hang and quarantine as it happens (each is also logged as a warning).
    public var onEvent: ((IsolationEvent) -> Void)?

    private let entries: [String: (kind: ComponentKind, path: String)]
    private let slots: [String: PluginSlot]
    /// The plugins in the order their components were first made: main-thread callbacks are
    /// delivered in this order, as `PluginComponents` delivers them in load order.
    private var deliveryOrder: [PluginSlot] = []
    private var losses: [ComponentLoss] = []
    static let logger = Logger(label: "pophost.isolation")

    /// Every component of the discovery's usable plugins (shadowed and broken ones left out).
    public convenience init(discovery: PluginRegistry.Discovery, options: IsolationOptions = IsolationOptions()) {
        self.init(
            plugins: discovery.entries.filter { $0.status == .ok }.map { ($0.file.path, $0.info?.components ?? []) }, options: options)
    }

    /// The components of the given plugins (path, components), the first of an id winning.
    package init(plugins: [(path: String, components: [PluginInfo.Component])], options: IsolationOptions) {
        self.options = options
        var entries: [String: (kind: ComponentKind, path: String)] = [:]
        var slots: [String: PluginSlot] = [:]
        for (path, components) in plugins {
            slots[path] = slots[path] ?? PluginSlot(path: path, components: components)
            for component in components where entries[component.descriptor.id] == nil {
                entries[component.descriptor.id] = (component.kind, path)
            }
        }
        self.entries = entries
        self.slots = slots
    }

    /// The plugin files it serves, in no particular order (a hot reload watches them).
    public var pluginPaths: [String] { Array(slots.keys).sorted() }

    public func kind(of id: String) -> ComponentKind? { entries[id]?.kind }

    public func componentIDs(of kind: ComponentKind) -> [String] {
        entries.filter { $0.value.kind == kind }.map(\.key).sorted()
    }

    public func makeHandler(_ id: String, context: ComponentContext) throws(ComponentFailure) -> any HandlerComponent {
        let (remote, traits) = try create(id, kind: .handler, context: context)
        guard case .handler(let actions, let decides, let pageEvents) = traits else { throw wrongTraits(remote) }
        return adopt(RemoteHandler(remote, actions: actions, decidesPresentation: decides, pageEvents: pageEvents), on: remote)
    }

    public func makeViewLoader(_ id: String, context: ComponentContext) throws(ComponentFailure) -> any ViewLoaderComponent {
        let (remote, traits) = try create(id, kind: .viewLoader, context: context)
        guard case .viewLoader(let observesTraits, let listsRowsInSheets) = traits else { throw wrongTraits(remote) }
        return adopt(RemoteViewLoader(remote, observesTraits: observesTraits, listsRowsInSheets: listsRowsInSheets), on: remote)
    }

    public func makeControllerLoader(_ id: String, context: ComponentContext) throws(ComponentFailure) -> any ControllerLoaderComponent {
        let (remote, traits) = try create(id, kind: .controllerLoader, context: context)
        guard case .controllerLoader(let show, let hide, let layout, let sheet, let observesTraits) = traits else {
            throw wrongTraits(remote)
        }
        return adopt(
            RemoteControllerLoader(
                remote, showAnimation: show, hideAnimation: hide, layout: layout, sheet: sheet, observesTraits: observesTraits),
            on: remote)
    }

    public func makeReformer(_ id: String, context: ComponentContext) throws(ComponentFailure) -> any ReformerComponent {
        let (remote, traits) = try create(id, kind: .reformer, context: context)
        guard case .reformer = traits else { throw wrongTraits(remote) }
        return adopt(RemoteReformer(remote), on: remote)
    }

    /// Runs the `on_main_thread` of every plugin that asked for it, in the order the plugins were
    /// first used, after taking what each plugin host wrote on its own; true when any ran.
    public func deliverMainThreadCallbacks() -> Bool {
        var delivered = false
        for slot in deliveryOrder {
            if let connection = slot.connection, connection.deliverCallbacks() { delivered = true }
        }
        return delivered
    }

    public func takeLosses() -> [ComponentLoss] {
        guard !losses.isEmpty else { return [] }
        defer { losses = [] }
        return losses
    }

    public func offeredExtensions(of id: String) throws(ComponentFailure) -> [String] {
        guard let entry = entries[id] else {
            throw ComponentFailure(.unknownComponent, "no component with id \"\(id)\" in the loaded plugins")
        }
        let connection = try connection(for: slots[entry.path]!)
        let reply = connection.call(.offeredExtensions(id: id), "reading the extensions of \"\(id)\"")
        guard case .extensions(let offered)? = reply else { throw RemoteInstance.failure(for: reply, on: connection, id: id) }
        return offered
    }

    /// Ends every plugin host process it has started (each deinitialises its plugin and exits); a
    /// later use of a component starts one again. For a host that is shutting down, once no request
    /// uses its components (`PopupRuntime.shutdown`).
    public func stopPluginHosts() {
        for slot in slots.values { slot.connection = nil }
    }

    // MARK: Hot reload

    /// A fresh set of the same plugins, with the file at `path` as it is now: its plugin host is
    /// started at once, so a file that cannot be used (not ELF, truncated, a crash or hang in
    /// `init`…) is reported here and nothing changes; every other plugin gets a fresh plugin host on
    /// first use, as at the start of a session (a replay then gives what a new run gives). The new
    /// file's components replace the old ones'.
    public func reloading(_ path: String) throws(ComponentFailure) -> IsolatedComponents {
        let connection: PluginHostConnection
        do {
            connection = try PluginHostConnection.start(plugin: path, options: options)
        } catch {
            switch error {
            case .unusable(let failure): throw failure
            case .failed(let failure): throw failure.componentFailure
            }
        }
        let plugins = slots.values.sorted { $0.path < $1.path }.map { slot in
            (slot.path, slot.path == path ? connection.info.components : slot.components)
        }
        let reloaded = IsolatedComponents(plugins: plugins, options: options)
        reloaded.onEvent = onEvent
        if let slot = reloaded.slots[path] { reloaded.attach(connection, to: slot) }
        return reloaded
    }

    // MARK: Plugin hosts

    /// Makes an instance of component `id` in its plugin's host, starting the host if needed; its
    /// timers run on `context`'s clock.
    private func create(
        _ id: String, kind: ComponentKind, context: ComponentContext
    ) throws(ComponentFailure) -> (RemoteInstance, ComponentTraits) {
        guard let entry = entries[id] else {
            throw ComponentFailure(.unknownComponent, "no \(kind.rawValue) with id \"\(id)\" in the loaded plugins")
        }
        guard entry.kind == kind else {
            throw ComponentFailure(.wrongKind, "\"\(id)\" is a \(entry.kind.rawValue), not a \(kind.rawValue)")
        }
        let slot = slots[entry.path]!
        let connection = try connection(for: slot)
        if !deliveryOrder.contains(where: { $0 === slot }) { deliveryOrder.append(slot) }
        let reply = connection.call(.create(kind: kind, id: id, now: context.clock.now), "creating \"\(id)\"")
        guard case .created(let number, let traits)? = reply else {
            throw RemoteInstance.failure(for: reply, on: connection, id: id)
        }
        connection.attach(RemoteContext(context, instance: number, connection: connection, id: id))
        return (RemoteInstance(connection: connection, number: number, id: id, displayTraits: context.displayTraits), traits)
    }

    /// The plugin's live plugin host: the one it has, else a new one (refused while quarantined).
    private func connection(for slot: PluginSlot) throws(ComponentFailure) -> PluginHostConnection {
        if let quarantine = slot.quarantine { throw ComponentFailure(.crashed, quarantine) }
        if let connection = slot.connection { return connection }
        do {
            let connection = try PluginHostConnection.start(plugin: slot.path, options: options)
            attach(connection, to: slot)
            return connection
        } catch {
            switch error {
            case .unusable(let failure):
                throw failure
            case .failed(let failure):
                failed(slot, failure, lost: [])
                throw failure.componentFailure
            }
        }
    }

    private func attach(_ connection: PluginHostConnection, to slot: PluginSlot) {
        slot.connection = connection
        connection.onFailure = { [weak self, weak slot, unowned connection] failure in
            guard let self, let slot else { return }
            if slot.connection === connection { slot.connection = nil }
            self.failed(slot, failure, lost: connection.liveInstances)
        }
    }

    /// A plugin host of `slot` failed: what it served is lost, the failure counts toward the
    /// plugin's quarantine, and both are reported.
    private func failed(_ slot: PluginSlot, _ failure: HostFailure, lost: [AnyObject]) {
        if !lost.isEmpty { losses.append(ComponentLoss(reason: failure.reason, message: failure.message, instances: lost)) }
        slot.failures += 1
        report(IsolationEvent(kind: failure.cause == .crashed ? .crashed : .timedOut, plugin: slot.path, message: failure.message))
        guard slot.failures >= options.quarantineAfter, slot.quarantine == nil else { return }
        let quarantine =
            "\(slot.path) is quarantined for the rest of this session: its plugin host failed \(slot.failures) times "
            + "(the last: \(failure.message)); its components fail until the host starts again"
        slot.quarantine = quarantine
        report(IsolationEvent(kind: .quarantined, plugin: slot.path, message: quarantine))
    }

    private func report(_ event: IsolationEvent) {
        Self.logger.warning("\(event.message)")
        onEvent?(event)
    }

    private func adopt<Component: AnyObject>(_ component: Component, on remote: RemoteInstance) -> Component {
        remote.connection.adopt(component)
        return component
    }

    private func wrongTraits(_ remote: RemoteInstance) -> ComponentFailure {
        ComponentFailure(
            .contractBroken, "the plugin host of \(remote.connection.pluginPath) made \"\(remote.id)\" as another kind of component")
    }
}

/// One actor's: its chef's (the calls into plugin hosts are made on it).
@available(*, unavailable)
extension IsolatedComponents: Sendable {}
