import PluginABI

/// A component kind struct — `pop_handler_t`, `pop_view_loader_t`, `pop_controller_loader_t`,
/// `pop_reformer_t` — and the factory that lists components of that kind.
///
/// What the kit needs of one: a zero-filled value (`init()`, every function NULL, i.e. the host's
/// default), its common first member `component`, and its factory id. Kinds gain functions in later
/// minor versions of ABI 1; they arrive zero, so a plugin that does not set them keeps its defaults.
///
/// Internal on purpose: only generic functions use it, never a generic type a plugin names, so the
/// Swift runtime never has to look the conformance up (a scan of every image's conformances that
/// would cost each plugin's first entry call far more than the rest of its set-up).
protocol ComponentKind: KindMetatypeIsSendable {
    init()
    var component: pop_component_t { get set }
    /// The id the host passes to the entry's get_factory() for this kind (`POP_FACTORY_*`).
    static var factoryID: String { get }
}

extension pop_handler_t: ComponentKind {
    static var factoryID: String { POP_FACTORY_HANDLER }
}

extension pop_view_loader_t: ComponentKind {
    static var factoryID: String { POP_FACTORY_VIEW_LOADER }
}

extension pop_controller_loader_t: ComponentKind {
    static var factoryID: String { POP_FACTORY_CONTROLLER_LOADER }
}

extension pop_reformer_t: ComponentKind {
    static var factoryID: String { POP_FACTORY_REFORMER }
}

#if compiler(>=6.2)
/// A component's `create` closure is `@Sendable` and captures its kind's metatype.
typealias KindMetatypeIsSendable = SendableMetatype
#else
/// Before Swift 6.2 every metatype is Sendable.
protocol KindMetatypeIsSendable {}
#endif

/// The order the entry's factories are built in.
let componentKindOrder = [
    pop_handler_t.factoryID, pop_view_loader_t.factoryID, pop_controller_loader_t.factoryID,
    pop_reformer_t.factoryID,
]
