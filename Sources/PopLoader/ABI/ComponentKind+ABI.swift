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

    /// The kind struct's size in ABI 1.0: a component's `struct_size` must be at least this, and
    /// each function appended since is read only when it lies inside the instance's `struct_size`
    /// (`StructHeader.contains`). A kind struct that has grown ends its 1.0 part where its first
    /// appended member starts.
    package var minimumStructSize: Int {
        switch self {
        case .handler: MemoryLayout<pop_handler_t>.offset(of: \.should_present_ex)!
        case .viewLoader: MemoryLayout<pop_view_loader_t>.size
        case .controllerLoader: MemoryLayout<pop_controller_loader_t>.size
        case .reformer: MemoryLayout<pop_reformer_t>.size
        }
    }
}
