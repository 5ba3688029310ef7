// PopPluginKit: the glue between Swift and the pophost plugin C ABI (<pophost/pophost.h>), written
// once so that a Swift plugin declares only its components.
//
//   PluginEntry     the entry table: counted init/deinit, get_factory, on_main_thread
//   Component       a component declared in Swift: kind, descriptor, instance class, kind functions
//   Descriptor      what the host lists about the plugin and each component
//   Instance        the Swift object behind one live component (component_data, destroy)
//   Action          a handler's actions: name, signature, @convention(c) function
//   Host            the host table: pop.log/1, request_callback, pop.value/1, pop.timer/1 (each may be missing)
//   RequestValue    reading a request's data; ContentBuilder: a view loader's content;
//   ValueWriter     a reformer's output
//   Factory, ComponentKind, Immortal, Version: how the C tables are made
//
// Every ABI struct is zero-initialised and then assigned member by member, never built with its
// memberwise initializer: minor versions of ABI 1 append members, and that must not break the kit.

import PluginABI

#if canImport(Glibc)
import Glibc
#endif

/// The plugin's entry table, built from its components. A plugin makes exactly one, in a global,
/// and returns its table from the one symbol it exports:
///
///     let entry = PluginEntry(
///         plugin: Descriptor(id: "com.example.greeter", name: "Greeter"),
///         components: [Handler.component, View.component, Controller.component])
///
///     @_cdecl("pop_plugin_entry_v1")
///     public func popPluginEntryV1() -> UnsafePointer<pop_plugin_entry_t> { entry.table }
///
/// Swift initialises the global lazily, the first time the host calls the entry: every descriptor,
/// factory and action table is built then, so init and get_factory do no work. A kind without
/// components has no factory (get_factory answers NULL for it, as for any id it does not know).
public final class PluginEntry: @unchecked Sendable {  // its mutable state is touched on the main thread only
    /// What `pop_plugin_entry_v1` returns: the same pointer on every call.
    public let table: UnsafePointer<pop_plugin_entry_t>
    private let factories: [Factory]
    /// The components' sample data by id (`Descriptor.sampleData`), as immortal C strings.
    private let sampleData: [String: UnsafePointer<CChar>]
    /// "pop.factory.sample-data/1" (ext/sample_data.h), when any component declares sample data.
    private let sampleDataFactory: UnsafePointer<pop_sample_data_factory_t>?
    private let onMainThread: (() -> Void)?
    private let onLastDeinit: (() -> Void)?
    /// Balanced init/deinit calls: the first attaches the host, the last detaches it.
    private var initCount = 0

    /// The one entry of this plugin: the C functions, which carry no context, reach it here. (Each
    /// plugin library links its own copy of the kit, so this is per plugin.)
    nonisolated(unsafe) private static var installed: PluginEntry?

    /// - Parameters:
    ///   - plugin: the plugin's own descriptor; its id identifies the plugin in the registry.
    ///   - components: every component; each kind's factory lists that kind's components in this
    ///     order. Append new ones; never reorder or remove: ids are what apps ask for.
    ///   - onMainThread: what the entry's on_main_thread does, after `Host.requestCallback()`;
    ///     nil when the plugin never asks for a callback.
    ///   - onLastDeinit: called by the last deinit() just before the host is detached: drop whatever
    ///     would still call the host (queued answers). No component is alive any more.
    public init(
        plugin: Descriptor,
        components: [Component],
        onMainThread: (() -> Void)? = nil,
        onLastDeinit: (() -> Void)? = nil
    ) {
        precondition(PluginEntry.installed == nil, "a plugin has exactly one PluginEntry")
        factories = componentKindOrder.compactMap { id in
            let ofKind = components.filter { $0.factoryID == id }
            return ofKind.isEmpty ? nil : Factory(id: id, components: ofKind)
        }
        self.onMainThread = onMainThread
        self.onLastDeinit = onLastDeinit
        var samples: [String: UnsafePointer<CChar>] = [:]
        for component in components {
            if let json = component.descriptor.sampleData { samples[component.descriptor.id] = immortal(json) }
        }
        sampleData = samples
        if samples.isEmpty {
            sampleDataFactory = nil
        } else {
            var factory = pop_sample_data_factory_t()
            factory.abi_version = .current
            factory.struct_size = UInt32(MemoryLayout<pop_sample_data_factory_t>.size)
            // [thread-safe] Constant data, built before the host could ask.
            factory.get = { _, id in
                guard let id else { return nil }
                return PluginEntry.installed?.sampleData[String(cString: id)]
            }
            sampleDataFactory = UnsafePointer(immortal(factory))
        }

        var entry = pop_plugin_entry_t()
        entry.abi_version = .current
        entry.struct_size = UInt32(MemoryLayout<pop_plugin_entry_t>.size)
        entry.plugin = UnsafePointer(immortal(plugin.makeC()))
        // [main-thread] Counted, fast and silent: no output, no threads, no UI.
        entry.`init` = { host, _ in
            guard let host, let entry = PluginEntry.installed else { return false }
            if entry.initCount == 0 { Host.attach(host) }
            entry.initCount += 1
            return true
        }
        // [main-thread] After the last one, no component is alive and the host must not be called.
        entry.`deinit` = {
            guard let entry = PluginEntry.installed, entry.initCount > 0 else { return }
            entry.initCount -= 1
            if entry.initCount == 0 {
                entry.onLastDeinit?()
                Host.detach()
            }
        }
        // [thread-safe] Exact ids only: anything else, even a known id with more after it, is NULL.
        entry.get_factory = { factoryID in
            guard let factoryID, let installed = PluginEntry.installed else { return nil }
            if let factory = installed.factories.first(where: { strcmp($0.id, factoryID) == 0 }) { return UnsafeRawPointer(factory.table) }
            guard strcmp(factoryID, POP_FACTORY_SAMPLE_DATA) == 0 else { return nil }
            return installed.sampleDataFactory.map(UnsafeRawPointer.init)
        }
        if onMainThread != nil {
            entry.on_main_thread = { PluginEntry.installed?.onMainThread?() }
        }
        table = UnsafePointer(immortal(entry))
        PluginEntry.installed = self
    }
}
