import PluginABI

/// A component instance a plugin created: destroyed exactly once through its ABI `destroy`, and
/// counted so the host can tell that nothing outlives its request.
final class PluginInstance {
    let component: UnsafePointer<pop_component_t>
    private let census: InstanceCensus
    private var destroyed = false

    init(_ component: UnsafePointer<pop_component_t>, census: InstanceCensus) {
        self.component = component
        self.census = census
        census.live += 1
    }

    /// The instance as its kind struct.
    func kind<T>(_ type: T.Type) -> UnsafePointer<T> {
        UnsafeRawPointer(component).assumingMemoryBound(to: type)
    }

    func destroy() {
        guard !destroyed else { return }
        destroyed = true
        census.live -= 1
        component.pointee.destroy(component)
    }
}

/// How many plugin component instances are alive.
final class InstanceCensus {
    var live = 0
}
