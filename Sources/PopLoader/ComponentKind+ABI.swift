import PluginABI
import PopModel

extension ComponentKind {
    /// The id the plugin's `get_factory` answers for this kind.
    public var factoryID: String {
        switch self {
        case .handler: POP_FACTORY_HANDLER
        case .viewLoader: POP_FACTORY_VIEW_LOADER
        case .controllerLoader: POP_FACTORY_CONTROLLER_LOADER
        case .reformer: POP_FACTORY_REFORMER
        }
    }

    /// Size of the v1.0 kind struct: a component's `struct_size` must be at least this. When a later
    /// 1.x appends functions, this must stay the 1.0 size and each new function be read only when
    /// it lies inside the instance's `struct_size` (ABIReader's header checks work the same way).
    package var minimumStructSize: Int {
        switch self {
        case .handler: MemoryLayout<pop_handler_t>.size
        case .viewLoader: MemoryLayout<pop_view_loader_t>.size
        case .controllerLoader: MemoryLayout<pop_controller_loader_t>.size
        case .reformer: MemoryLayout<pop_reformer_t>.size
        }
    }
}
