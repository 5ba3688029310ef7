// The Swift sample plugin: CSPopKit's example trio — a high-priority handler, a test view loader and
// a pop controller loader — written in Swift against the C header <pophost/pophost.h>.
//
// Everything the host sees is C data: descriptors and factories live in memory allocated once and
// never freed (descriptors must stay valid until the last deinit, and the library is never
// unloaded). Only `pop_plugin_entry_v1` is exported (Plugins/exports.map).

import PluginABI

#if canImport(Glibc)
import Glibc
#endif

/// A component of this plugin: its descriptor and the size of its kind struct.
private struct ComponentSpec {
    let id: String
    let name: String
    let description: String
    let features: [String]
}

private let pluginSpec = ComponentSpec(
    id: "com.pophost.samples.swift",
    name: "pophost Swift sample",
    description: "CSPopKit's example trio in Swift: a high-priority handler, a test view and a pop controller.",
    features: []
)

private let handlerSpecs = [
    ComponentSpec(
        id: "com.pophost.samples.swift.high-priority-handler",
        name: "High-priority handler",
        description: "Shows at high priority and preempts lower-priority popups.",
        features: ["priority-high"]
    ),
]

private let viewLoaderSpecs = [
    ComponentSpec(
        id: "com.pophost.samples.swift.test-view",
        name: "Test view",
        description: "A title, a message and two buttons.",
        features: ["alert", "text", "buttons"]
    ),
]

private let controllerLoaderSpecs = [
    ComponentSpec(
        id: "com.pophost.samples.swift.pop-controller",
        name: "Pop controller",
        description: "Presents the content as a centred alert over a dimmed background.",
        features: ["alert", "dimmed"]
    ),
]

/// A NUL-terminated copy of `string` that lives as long as the process.
private func immortal(_ string: String) -> UnsafePointer<CChar> {
    UnsafePointer(strdup(string)!)
}

/// Builds the C descriptor for `spec` in memory that is never freed.
private func makeDescriptor(_ spec: ComponentSpec) -> pop_descriptor_t {
    let features = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: spec.features.count + 1)
    for (index, feature) in spec.features.enumerated() { features[index] = immortal(feature) }
    features[spec.features.count] = nil
    return pop_descriptor_t(
        abi_version: pop_version_t(major: UInt32(POP_VERSION_MAJOR), minor: UInt32(POP_VERSION_MINOR), patch: UInt32(POP_VERSION_PATCH)),
        struct_size: UInt32(MemoryLayout<pop_descriptor_t>.size),
        id: immortal(spec.id),
        name: immortal(spec.name),
        vendor: immortal("pophost"),
        version: immortal("1.0.0"),
        description: immortal(spec.description),
        features: UnsafePointer(features)
    )
}

private let abiVersion = pop_version_t(major: UInt32(POP_VERSION_MAJOR), minor: UInt32(POP_VERSION_MINOR), patch: UInt32(POP_VERSION_PATCH))

/// One factory of this plugin: the C struct the host sees, its descriptors and its kind's struct size.
private final class Factory {
    let table: UnsafeMutablePointer<pop_component_factory_t>
    let descriptors: UnsafeMutableBufferPointer<pop_descriptor_t>
    let kindSize: Int

    init(specs: [ComponentSpec], kindSize: Int) {
        descriptors = .allocate(capacity: specs.count)
        _ = descriptors.initialize(from: specs.map(makeDescriptor))
        self.kindSize = kindSize
        table = .allocate(capacity: 1)
        table.initialize(to: pop_component_factory_t(
            abi_version: abiVersion,
            struct_size: UInt32(MemoryLayout<pop_component_factory_t>.size),
            count: { factory in UInt32(Factory.owning(factory)?.descriptors.count ?? 0) },
            get_descriptor: { factory, index in
                guard let owner = Factory.owning(factory), Int(index) < owner.descriptors.count else { return nil }
                return UnsafePointer(owner.descriptors.baseAddress! + Int(index))
            },
            create: { factory, host, componentID in
                guard let owner = Factory.owning(factory), let componentID else { return nil }
                let wanted = String(cString: componentID)
                guard let descriptor = owner.descriptors.indices.first(where: { String(cString: owner.descriptors[$0].id) == wanted })
                else { return nil }
                return Instance.make(descriptor: UnsafePointer(owner.descriptors.baseAddress! + descriptor), kindSize: owner.kindSize)
            }
        ))
    }

    /// The factory whose table `pointer` is.
    static func owning(_ pointer: UnsafePointer<pop_component_factory_t>?) -> Factory? {
        [handlers, viewLoaders, controllerLoaders].first { UnsafePointer($0.table) == pointer }
    }
}

// Built on first use (Swift initialises globals lazily and thread-safely); never freed.
nonisolated(unsafe) private let pluginDescriptor: UnsafeMutablePointer<pop_descriptor_t> = {
    let pointer = UnsafeMutablePointer<pop_descriptor_t>.allocate(capacity: 1)
    pointer.initialize(to: makeDescriptor(pluginSpec))
    return pointer
}()
nonisolated(unsafe) private let handlers = Factory(specs: handlerSpecs, kindSize: MemoryLayout<pop_handler_t>.size)
nonisolated(unsafe) private let viewLoaders = Factory(specs: viewLoaderSpecs, kindSize: MemoryLayout<pop_view_loader_t>.size)
nonisolated(unsafe) private let controllerLoaders = Factory(
    specs: controllerLoaderSpecs, kindSize: MemoryLayout<pop_controller_loader_t>.size)

/// A live component instance. The kind struct the host sees is allocated with room for the largest
/// kind; `component_data` holds a retained reference to this object, released by `destroy`.
private final class Instance {
    let storage: UnsafeMutableRawPointer

    private init(kindSize: Int) {
        storage = .allocate(byteCount: kindSize, alignment: MemoryLayout<pop_component_t>.alignment)
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: kindSize)  // unset functions are NULL
    }

    deinit { storage.deallocate() }

    static func make(descriptor: UnsafePointer<pop_descriptor_t>, kindSize: Int) -> UnsafePointer<pop_component_t> {
        let instance = Instance(kindSize: kindSize)
        let component = instance.storage.bindMemory(to: pop_component_t.self, capacity: 1)
        component.initialize(to: pop_component_t(
            abi_version: abiVersion,
            struct_size: UInt32(kindSize),
            desc: descriptor,
            component_data: Unmanaged.passRetained(instance).toOpaque(),
            destroy: { component in
                guard let data = component?.pointee.component_data else { return }
                Unmanaged<Instance>.fromOpaque(data).release()
            },
            get_extension: { _, _ in nil }
        ))
        return UnsafePointer(component)
    }
}

nonisolated(unsafe) private var initCount = 0

// Everything is built when the entry is first called, so init and get_factory do no work: a host
// scanning many plugins pays for each one once.
nonisolated(unsafe) private let entryTable: UnsafeMutablePointer<pop_plugin_entry_t> = {
    _ = (handlers, viewLoaders, controllerLoaders)
    let pointer = UnsafeMutablePointer<pop_plugin_entry_t>.allocate(capacity: 1)
    pointer.initialize(to: pop_plugin_entry_t(
        abi_version: abiVersion,
        struct_size: UInt32(MemoryLayout<pop_plugin_entry_t>.size),
        plugin: UnsafePointer(pluginDescriptor),
        init: { _, _ in
            initCount += 1
            return true
        },
        deinit: { initCount = max(0, initCount - 1) },
        get_factory: { factoryID in
            guard let factoryID else { return nil }
            if strcmp(factoryID, POP_FACTORY_HANDLER) == 0 { return UnsafeRawPointer(handlers.table) }
            if strcmp(factoryID, POP_FACTORY_VIEW_LOADER) == 0 { return UnsafeRawPointer(viewLoaders.table) }
            if strcmp(factoryID, POP_FACTORY_CONTROLLER_LOADER) == 0 { return UnsafeRawPointer(controllerLoaders.table) }
            return nil
        },
        on_main_thread: nil
    ))
    return pointer
}()

/// The plugin's only exported symbol.
@_cdecl("pop_plugin_entry_v1")
public func popPluginEntryV1() -> UnsafePointer<pop_plugin_entry_t> {
    UnsafePointer(entryTable)
}
