import PluginABI
import PopChef
import PopLoader
import PopModel

#if canImport(Glibc)
import Glibc
#endif

/// The components of C plugins, as a `ComponentSource`: every component of every usable plugin of a
/// discovery, by id. Plugins are opened in this process on first use (the registry's scanner has
/// already loaded them once in a child process), initialised once, and deinitialised when this
/// source goes away.
public final class PluginComponents: ExtensionListing {
    private struct Entry {
        let kind: ComponentKind
        let pluginPath: String
    }

    private var entries: [String: Entry] = [:]
    private var plugins: [String: LoadedPlugin] = [:]
    /// The loaded plugins in the order they were loaded: callbacks are delivered in this order.
    private var loadOrder: [LoadedPlugin] = []
    /// libffi call interfaces, one per action type signature, shared by every handler.
    let interfaces = CallInterfaceCache()
    /// The plugin component instances alive now.
    let census = InstanceCensus()

    /// Every component of the discovery's usable plugins (shadowed and broken ones left out).
    public convenience init(discovery: PluginRegistry.Discovery) {
        self.init(plugins: discovery.entries.filter { $0.status == .ok }.map { ($0.file.path, $0.info?.components ?? []) })
    }

    /// The components of one plugin file, whether or not it is on the search path (`pophost inspect
    /// PATH`); none when the registry could not read them.
    public convenience init(entry: RegistryEntry) {
        self.init(plugins: [(entry.file.path, entry.info?.components ?? [])])
    }

    /// The components of the given plugins (path, components), the first of an id winning. From here
    /// on every plugin this process loads is offered "pop.timer/1", "pop.sheet-host/1",
    /// "pop.traits/1", "pop.content_style/1" and "pop.accessibility/1".
    package init(plugins: [(path: String, components: [PluginInfo.Component])]) {
        Self.offerHostExtensions()
        for (path, components) in plugins {
            for component in components where entries[component.descriptor.id] == nil {
                entries[component.descriptor.id] = Entry(kind: component.kind, pluginPath: path)
            }
        }
    }

    /// The components of the plugin file at `path`, opened and initialised now rather than on first
    /// use — what a plugin host process serves —, with the plugin's descriptor and components as its
    /// factories list them after `init`. Fails as loading fails; a plugin whose components cannot be
    /// read is deinitialised again.
    package static func open(path: String) throws(PluginError) -> (source: PluginComponents, info: PluginInfo) {
        // Offered before `init`, where a plugin looks its extensions up, as in this process.
        offerHostExtensions()
        let plugin = try PluginLoader.load(path: path)
        try plugin.initialize()
        let components: [PluginInfo.Component]
        do {
            components = try plugin.components()
        } catch {
            plugin.deinitialize()
            throw error
        }
        let source = PluginComponents(plugins: [(path, components)])
        source.plugins[path] = plugin
        source.loadOrder.append(plugin)
        return (source, PluginInfo(abiVersion: plugin.abiVersion, plugin: plugin.descriptor, components: components))
    }

    deinit {
        for plugin in loadOrder.reversed() { plugin.deinitialize() }
    }

    /// How many plugin component instances are alive now.
    package var liveInstances: Int { census.live }

    public func kind(of id: String) -> ComponentKind? { entries[id]?.kind }

    public func componentIDs(of kind: ComponentKind) -> [String] {
        entries.filter { $0.value.kind == kind }.map(\.key).sorted()
    }

    public func makeHandler(_ id: String, context: ComponentContext) throws(ComponentFailure) -> any HandlerComponent {
        let (instance, plugin) = try create(id, kind: .handler, context: context)
        return try adopt(instance) { () throws(ComponentFailure) in
            try PluginHandler(instance, id: id, interfaces: interfaces, pluginPath: plugin.path)
        }
    }

    public func makeViewLoader(_ id: String, context: ComponentContext) throws(ComponentFailure) -> any ViewLoaderComponent {
        let (instance, _) = try create(id, kind: .viewLoader, context: context)
        return try adopt(instance) { () throws(ComponentFailure) in try PluginViewLoader(instance, id: id) }
    }

    public func makeControllerLoader(_ id: String, context: ComponentContext) throws(ComponentFailure) -> any ControllerLoaderComponent {
        let (instance, _) = try create(id, kind: .controllerLoader, context: context)
        return try adopt(instance) { () throws(ComponentFailure) in try PluginControllerLoader(instance, id: id) }
    }

    public func makeReformer(_ id: String, context: ComponentContext) throws(ComponentFailure) -> any ReformerComponent {
        let (instance, _) = try create(id, kind: .reformer, context: context)
        return PluginReformer(instance, id: id)
    }

    public func offeredExtensions(of id: String) throws(ComponentFailure) -> [String] {
        let context = ComponentContext.detached()
        guard let kind = entries[id]?.kind else {
            throw ComponentFailure(.unknownComponent, "no component with id \"\(id)\" in the loaded plugins")
        }
        let (instance, _) = try create(id, kind: kind, context: context)
        defer { instance.destroy() }
        var offered: [String] = []
        for known in ComponentExtensions.known(for: kind)
        where try instance.extensionTable(known.id, as: UInt8.self, minimumSize: known.minimumSize) != nil {
            offered.append(known.id)
        }
        return offered
    }

    /// Offers the bridge's host extensions to every plugin of this process (once).
    private static func offerHostExtensions() {
        PluginTimers.offered
        PluginSheetControl.offered
        PluginTraits.offered
        ContentStyle.offered
        PluginAccessibility.offered
    }

    /// Wraps a new instance; if wrapping fails the instance is destroyed before the error goes on.
    private func adopt<T>(_ instance: PluginInstance, _ wrap: () throws(ComponentFailure) -> T) throws(ComponentFailure) -> T {
        do {
            return try wrap()
        } catch {
            instance.destroy()
            throw error
        }
    }

    /// Creates an instance of component `id` for `context`'s chef, checking that it is of `kind` and
    /// that the instance honours the ABI (version, size, its factory's descriptor, a destroy function).
    private func create(
        _ id: String, kind: ComponentKind, context: ComponentContext
    ) throws(ComponentFailure) -> (PluginInstance, LoadedPlugin) {
        guard let entry = entries[id] else {
            throw ComponentFailure(.unknownComponent, "no \(kind.rawValue) with id \"\(id)\" in the loaded plugins")
        }
        guard entry.kind == kind else {
            throw ComponentFailure(.wrongKind, "\"\(id)\" is a \(entry.kind.rawValue), not a \(kind.rawValue)")
        }
        let plugin = try plugin(at: entry.pluginPath)
        guard let raw = kind.factoryID.withCString({ plugin.entry.pointee.get_factory($0) }) else {
            throw ComponentFailure(.contractBroken, "\(plugin.path) no longer returns its \(kind.rawValue) factory")
        }
        let factory = raw.assumingMemoryBound(to: pop_component_factory_t.self)
        guard let count = factory.pointee.count, let get = factory.pointee.get_descriptor, let make = factory.pointee.create else {
            throw ComponentFailure(.contractBroken, "the \(kind.rawValue) factory of \(plugin.path) lacks count, get_descriptor or create")
        }
        let descriptor = (0..<min(count(factory), 1024)).lazy
            .compactMap { get(factory, $0) }
            .first { $0.pointee.id.map { strcmp($0, id) == 0 } ?? false }
        guard let descriptor else {
            throw ComponentFailure(.contractBroken, "the \(kind.rawValue) factory of \(plugin.path) no longer lists \"\(id)\"")
        }
        guard let instance = id.withCString({ make(factory, UnsafePointer(plugin.host.table), $0) }) else {
            throw ComponentFailure(.contractBroken, "the \(kind.rawValue) factory of \(plugin.path) returned NULL for \"\(id)\"")
        }
        // Not destroyed: it belongs to the instance that has it.
        guard !PluginInstance.isAlive(instance) else {
            throw ComponentFailure(
                .contractBroken,
                "the \(kind.rawValue) factory of \(plugin.path) returned, for \"\(id)\", an instance that is still alive (create must make a new one each time)"
            )
        }
        let header = instance.pointee
        let layout = StructHeader(instance)
        let problem: String? =
            switch layout.problem(minimumSize: kind.minimumStructSize) {
            case .majorMismatch:
                "instance of \"\(id)\" is for ABI \(layout.version), not compatible with \(ABIVersion.host)"
            case .tooSmall(let minimum):
                "instance of \"\(id)\" has struct_size \(layout.size), below the \(minimum) of a \(kind.rawValue)"
            case nil where header.desc != descriptor:
                "instance of \"\(id)\" does not point at its factory's descriptor"
            case nil where header.destroy == nil:
                "instance of \"\(id)\" has no destroy function"
            case nil:
                nil
            }
        if let problem {
            header.destroy?(instance)
            throw ComponentFailure(.contractBroken, problem)
        }
        return (PluginInstance(instance, census: census, context: context), plugin)
    }

    /// The plugin at `path`, loaded and initialised on first use.
    private func plugin(at path: String) throws(ComponentFailure) -> LoadedPlugin {
        if let plugin = plugins[path] { return plugin }
        do {
            let plugin = try PluginLoader.load(path: path)
            try plugin.initialize()
            plugins[path] = plugin
            loadOrder.append(plugin)
            return plugin
        } catch {
            throw ComponentFailure(.unavailable, error.description)
        }
    }

    /// Calls `on_main_thread` of every plugin that asked for it; true when any was called.
    public func deliverMainThreadCallbacks() -> Bool {
        var delivered = false
        for plugin in loadOrder where plugin.host.callbackRequested.exchange(false, ordering: .acquiringAndReleasing) {
            plugin.entry.pointee.on_main_thread?()
            delivered = true
        }
        return delivered
    }
}

extension ComponentCatalog {
    /// A catalog of every component of the discovery's usable plugins.
    public convenience init(discovery: PluginRegistry.Discovery) {
        self.init()
        add(PluginComponents(discovery: discovery))
    }
}

/// One actor's: its chef's (plugins are called on it).
@available(*, unavailable)
extension PluginComponents: Sendable {}
