import PluginABI

/// A component kind struct — `pop_handler_t`, `pop_view_loader_t`, `pop_controller_loader_t`,
/// `pop_reformer_t` — and the factory that lists components of that kind.
///
/// What the kit needs of one: a zero-filled value (`init()`, every function NULL, i.e. the host's
/// default), its common first member `component`, and its factory id. Kinds gain functions in later
/// minor versions of ABI 1; they arrive zero, so a plugin that does not set them keeps its defaults.
public protocol ComponentKind {
    init()
    var component: pop_component_t { get set }
    /// The id the host passes to the entry's get_factory() for this kind (`POP_FACTORY_*`).
    static var factoryID: String { get }
}

extension pop_handler_t: ComponentKind {
    public static var factoryID: String { POP_FACTORY_HANDLER }
}

extension pop_view_loader_t: ComponentKind {
    public static var factoryID: String { POP_FACTORY_VIEW_LOADER }
}

extension pop_controller_loader_t: ComponentKind {
    public static var factoryID: String { POP_FACTORY_CONTROLLER_LOADER }
}

extension pop_reformer_t: ComponentKind {
    public static var factoryID: String { POP_FACTORY_REFORMER }
}
