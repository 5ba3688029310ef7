// The catalogue: what each component is (its descriptor and how to create it) and the four
// factories that list them.
//
// Descriptors are constant C data: the host copies them when it scans the plugin and caches the
// copy, so the order and the values never change. They are built once, when the entry is first
// called, in memory never freed.
//
// Everything that uses ComponentSpec generically (arrays of it, map) stays in this file on purpose:
// in a debug build (-enable-testing) an internal type's metadata referenced from another file goes
// through the GOT, and the linker then keeps its symbol in the library's dynamic symbol table (as a
// local, but `nm -D` shows it) even though Plugins/exports.map hides everything but the entry.

import PluginABI

#if canImport(Glibc)
import Glibc
#endif

/// A component of this plugin (or the plugin itself): its descriptor's fields and how to create an
/// instance of it (see Instance.swift).
struct ComponentSpec: Sendable {
    typealias Create = @Sendable (_ host: UnsafePointer<pop_host_t>?, _ descriptor: UnsafePointer<pop_descriptor_t>)
        -> UnsafePointer<pop_component_t>?

    let id: String
    let name: String
    let description: String
    let features: [String]
    /// nil for the plugin's own descriptor.
    let create: Create?

    init(id: String, name: String, description: String, features: [String], create: Create? = nil) {
        self.id = id
        self.name = name
        self.description = description
        self.features = features
        self.create = create
    }
}

// The components, by kind, in the order their factory lists them. CSPopKit's example trio comes
// first; new components are appended (never inserted).
nonisolated(unsafe) let handlers = Factory(specs: [
    HighPriorityHandler.spec,  // com.pophost.samples.swift.high-priority-handler
    PromotionHandler.spec,     // com.pophost.samples.swift.low-priority-handler
])
nonisolated(unsafe) let viewLoaders = Factory(specs: [
    TestView.spec,    // com.pophost.samples.swift.test-view
    PromoView.spec,   // com.pophost.samples.swift.promo-view
    BannerView.spec,  // com.pophost.samples.swift.banner-view
])
nonisolated(unsafe) let controllerLoaders = Factory(specs: [
    PopController.spec,     // com.pophost.samples.swift.pop-controller
    SlideController.spec,   // com.pophost.samples.swift.slide-controller
    BannerController.spec,  // com.pophost.samples.swift.banner-controller
])
nonisolated(unsafe) let reformers = Factory(specs: [
    PromoReformer.spec,  // com.pophost.samples.swift.promo-reformer
])
// (Swift initialises globals lazily and thread-safely; the entry table touches them all.)

/// Builds the C descriptor for `spec` in memory that is never freed.
func makeDescriptor(_ spec: ComponentSpec) -> pop_descriptor_t {
    let features = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: spec.features.count + 1)
    for (index, feature) in spec.features.enumerated() { features[index] = immortal(feature) }
    features[spec.features.count] = nil  // NULL-terminated
    return pop_descriptor_t(
        abi_version: abiVersion,
        struct_size: UInt32(MemoryLayout<pop_descriptor_t>.size),
        id: immortal(spec.id),
        name: immortal(spec.name),
        vendor: immortal("pophost"),
        version: immortal("1.0.0"),
        description: immortal(spec.description),
        features: UnsafePointer(features)
    )
}

/// One factory: the C struct the host sees, its descriptors (in `specs` order) and the specs that
/// create the instances.
final class Factory {
    let table: UnsafeMutablePointer<pop_component_factory_t>
    let descriptors: UnsafeMutableBufferPointer<pop_descriptor_t>
    let specs: [ComponentSpec]

    init(specs: [ComponentSpec]) {
        self.specs = specs
        descriptors = .allocate(capacity: specs.count)
        _ = descriptors.initialize(from: specs.map { makeDescriptor($0) })
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
                guard let index = owner.descriptors.indices.first(where: { strcmp(owner.descriptors[$0].id, componentID) == 0 })
                else { return nil }
                // The instance's `desc` must be the very pointer get_descriptor returns.
                return owner.specs[index].create?(host, UnsafePointer(owner.descriptors.baseAddress! + index))
            }
        ))
    }

    /// The factory whose table `pointer` is.
    static func owning(_ pointer: UnsafePointer<pop_component_factory_t>?) -> Factory? {
        [handlers, viewLoaders, controllerLoaders, reformers].first { UnsafePointer($0.table) == pointer }
    }
}
