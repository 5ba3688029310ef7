// Component instances: the C kind struct the host sees, owned by a Swift object.

import PluginABI

/// The Swift side of one live component; subclass it to keep per-instance state.
///
/// The host sees only the kind struct (`pop_handler_t`, `pop_view_loader_t`, ...), allocated here
/// zero-filled, so every function a component does not set stays NULL. Its `component_data` holds
/// a retained reference to this object; `destroy` releases it, and `deinit` frees the struct.
class Instance {
    /// The host table the instance was created with.
    let host: UnsafePointer<pop_host_t>?
    private let table: UnsafeMutableRawPointer

    /// Allocates a zeroed `Kind` and fills in its common header (everything but `component_data`,
    /// which `publish()` sets).
    init<Kind>(_ kind: Kind.Type, descriptor: UnsafePointer<pop_descriptor_t>, host: UnsafePointer<pop_host_t>?) {
        let size = MemoryLayout<Kind>.size
        table = .allocate(byteCount: size, alignment: MemoryLayout<Kind>.alignment)
        table.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        table.bindMemory(to: Kind.self, capacity: 1)
        self.host = host
        // Every kind struct starts with a pop_component_t.
        table.assumingMemoryBound(to: pop_component_t.self).pointee = pop_component_t(
            abi_version: abiVersion,
            struct_size: UInt32(size),  // sizeof the kind struct
            desc: descriptor,           // the pointer the factory's get_descriptor returns
            component_data: nil,
            destroy: { component in
                guard let data = component?.pointee.component_data else { return }
                let instance = Unmanaged<Instance>.fromOpaque(data)
                instance.takeUnretainedValue().willDestroy()
                instance.release()
            },
            get_extension: { _, _ in nil }  // no component extensions in this sample
        )
    }

    deinit { table.deallocate() }

    /// The kind struct, to set the functions the component implements.
    func kind<Kind>(_ type: Kind.Type) -> UnsafeMutablePointer<Kind> {
        table.assumingMemoryBound(to: Kind.self)
    }

    /// Hands the instance to the host: retains it in `component_data` and returns the header.
    func publish() -> UnsafePointer<pop_component_t> {
        let component = table.assumingMemoryBound(to: pop_component_t.self)
        component.pointee.component_data = Unmanaged.passRetained(self).toOpaque()
        return UnsafePointer(component)
    }

    /// Called by `destroy` just before the host's reference is released. Override to drop work
    /// that must not outlive the instance.
    func willDestroy() {}

    /// The instance behind a kind struct the host passes back (`self` of any kind function), as
    /// this class; nil if it is not one.
    static func of(_ pointer: UnsafeRawPointer?) -> Self? {
        guard let data = pointer?.assumingMemoryBound(to: pop_component_t.self).pointee.component_data else { return nil }
        return Unmanaged<Instance>.fromOpaque(data).takeUnretainedValue() as? Self
    }
}
