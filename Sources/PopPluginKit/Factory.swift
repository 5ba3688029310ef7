import PluginABI

#if canImport(Glibc)
import Glibc
#endif

/// The factory of one component kind: the C table the host gets from the entry's get_factory, the
/// descriptors it lists (in the order the components were declared), and how each is created.
///
/// C function pointers carry no context, so the table's functions find their factory by the
/// table's address among every factory built (`Factory.owning`).
final class Factory {
    /// The factory id this table answers to (`POP_FACTORY_*`).
    let id: UnsafePointer<CChar>
    let table: UnsafeMutablePointer<pop_component_factory_t>
    private let descriptors: UnsafeMutableBufferPointer<pop_descriptor_t>
    private let components: [Component]

    /// Every factory of the plugin. Appended to only while the entry is built, before the host can
    /// call a factory; read from any thread afterwards.
    nonisolated(unsafe) private static var all: [Factory] = []

    /// The factory `id` (`POP_FACTORY_*`) of `components`, all of that kind, in the order it lists them.
    init(id: String, components: [Component]) {
        self.id = immortal(id)
        self.components = components
        descriptors = .allocate(capacity: components.count)
        _ = descriptors.initialize(from: components.map { $0.descriptor.makeC() })

        var table = pop_component_factory_t()
        table.abi_version = .current
        table.struct_size = UInt32(MemoryLayout<pop_component_factory_t>.size)
        // [thread-safe]
        table.count = { table in UInt32(Factory.owning(table)?.descriptors.count ?? 0) }
        // [thread-safe] The same pointer for an index every time.
        table.get_descriptor = { table, index in Factory.owning(table)?.descriptor(at: Int(index)) }
        // [main-thread] Exact ids only; NULL for any other.
        table.create = { table, _, componentID in
            guard let factory = Factory.owning(table), let componentID,
                let index = factory.descriptors.firstIndex(where: { strcmp($0.id, componentID) == 0 })
            else { return nil }
            return factory.components[index].create(factory.descriptor(at: index)!)
        }
        self.table = immortal(table)
        Factory.all.append(self)
    }

    private func descriptor(at index: Int) -> UnsafePointer<pop_descriptor_t>? {
        descriptors.indices.contains(index) ? UnsafePointer(descriptors.baseAddress! + index) : nil
    }

    /// The factory whose C table `table` is.
    private static func owning(_ table: UnsafePointer<pop_component_factory_t>?) -> Factory? {
        all.first { UnsafePointer($0.table) == table }
    }
}
