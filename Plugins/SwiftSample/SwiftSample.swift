// The Swift sample plugin, written in Swift against the C header <pophost/pophost.h>.
//
//   CSPopKit's example trio (combine them for CSPopKit's demo popup):
//     com.pophost.samples.swift.high-priority-handler  handler: high priority, overrides
//     com.pophost.samples.swift.test-view              view loader: title, message, OK
//     com.pophost.samples.swift.pop-controller         controller loader: a QMUI-style alert
//   A promotion that waits its turn:
//     com.pophost.samples.swift.low-priority-handler   handler: queued, requeued, asynchronous should_present
//     com.pophost.samples.swift.promo-view             view loader: image, offer, Claim / Not now
//     com.pophost.samples.swift.promo-reformer         reformer: discount and campaign -> title and message
//     com.pophost.samples.swift.slide-controller       controller loader: CSPopKit's slide-in theme
//   A notification banner:
//     com.pophost.samples.swift.banner-view            view loader: icon, title, message
//     com.pophost.samples.swift.banner-controller      controller loader: top banner, 3 s
//
// One concept per file: Catalog (descriptors, factories and the component lists), Instance, Host,
// RequestValue, ContentBuilder, ValueWriter, PendingAnswers, ABI, and one file per component.
//
// Everything the host sees is C data. No DispatchQueue.main or @MainActor: the host owns the event
// loop; a plugin gets back on the main thread with host->request_callback() and on_main_thread.
// Only `pop_plugin_entry_v1` is exported (Plugins/exports.map).

import PluginABI

#if canImport(Glibc)
import Glibc
#endif

/// The plugin's own descriptor; its id identifies the plugin in the registry.
private let pluginSpec = ComponentSpec(
    id: "com.pophost.samples.swift",
    name: "pophost Swift sample",
    description: "CSPopKit's example trio in Swift: a high-priority handler, a test view and a pop controller; "
        + "plus a queued promotion and a top banner.",
    features: []
)

nonisolated(unsafe) private let pluginDescriptor: UnsafeMutablePointer<pop_descriptor_t> = {
    let pointer = UnsafeMutablePointer<pop_descriptor_t>.allocate(capacity: 1)
    pointer.initialize(to: makeDescriptor(pluginSpec))
    return pointer
}()

/// Balanced init/deinit calls: set up on the first, tear down on the last.
nonisolated(unsafe) private var initCount = 0

// Everything is built when the entry is first called, so init and get_factory do no work: a host
// scanning many plugins pays for each one once.
nonisolated(unsafe) private let entryTable: UnsafeMutablePointer<pop_plugin_entry_t> = {
    _ = (handlers, viewLoaders, controllerLoaders, reformers, promotionActions)
    let pointer = UnsafeMutablePointer<pop_plugin_entry_t>.allocate(capacity: 1)
    pointer.initialize(to: pop_plugin_entry_t(
        abi_version: abiVersion,
        struct_size: UInt32(MemoryLayout<pop_plugin_entry_t>.size),
        plugin: UnsafePointer(pluginDescriptor),
        init: { host, _ in
            guard let host else { return false }
            if initCount == 0 { Host.attach(host) }
            initCount += 1
            return true
        },
        deinit: {
            guard initCount > 0 else { return }
            initCount -= 1
            if initCount == 0 {  // no component is alive any more; never call the host again
                PendingAnswers.removeAll()
                Host.detach()
            }
        },
        get_factory: { factoryID in
            guard let factoryID else { return nil }
            if strcmp(factoryID, POP_FACTORY_HANDLER) == 0 { return UnsafeRawPointer(handlers.table) }
            if strcmp(factoryID, POP_FACTORY_VIEW_LOADER) == 0 { return UnsafeRawPointer(viewLoaders.table) }
            if strcmp(factoryID, POP_FACTORY_CONTROLLER_LOADER) == 0 { return UnsafeRawPointer(controllerLoaders.table) }
            if strcmp(factoryID, POP_FACTORY_REFORMER) == 0 { return UnsafeRawPointer(reformers.table) }
            return nil
        },
        // The host's answer to request_callback(): deliver the promotion handler's decisions.
        on_main_thread: { PendingAnswers.deliverAll() }
    ))
    return pointer
}()

/// The plugin's only exported symbol.
@_cdecl("pop_plugin_entry_v1")
public func popPluginEntryV1() -> UnsafePointer<pop_plugin_entry_t> {
    UnsafePointer(entryTable)
}
