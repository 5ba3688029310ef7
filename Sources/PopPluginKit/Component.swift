import PluginABI

/// A component the plugin makes, declared in Swift: its descriptor, the class of its instances, and
/// the kind functions it implements.
///
///     static let component = Component<pop_controller_loader_t>(
///         Descriptor(id: "com.example.alert", name: "Alert", description: "A dimmed alert.")
///     ) { controller in
///         controller.configure = { _, _, presentation in presentation?.pointee.mask = Int32(POP_MASK_DIMMED) }
///     }
///
/// `functions` sets the kind functions on a zero-filled kind struct: every function it leaves NULL
/// gets the host's default. They are C function pointers, so their closures capture nothing; they
/// reach per-instance state through `Instance.of(self)` and plugin-wide state through globals. The
/// kit fills in the common header (`component`) itself.
public struct Component<Kind: ComponentKind>: Sendable {
    public let descriptor: Descriptor
    private let instanceClass: Instance.Type
    private let actions: ActionTable?
    private let functions: @Sendable (inout Kind) -> Void

    /// `instance`: the class each `create` makes (a subclass of `Instance` to keep state).
    public init(_ descriptor: Descriptor, instance: Instance.Type = Instance.self,
                functions: @escaping @Sendable (inout Kind) -> Void) {
        self.init(descriptor, instance, nil, functions)
    }

    private init(_ descriptor: Descriptor, _ instanceClass: Instance.Type, _ actions: ActionTable?,
                 _ functions: @escaping @Sendable (inout Kind) -> Void) {
        self.descriptor = descriptor
        self.instanceClass = instanceClass
        self.actions = actions
        self.functions = functions
    }

    /// The factory's `create`: a new instance whose header's `desc` is `descriptor`, the pointer the
    /// factory's get_descriptor returns for this component.
    func create(descriptor: UnsafePointer<pop_descriptor_t>) -> UnsafePointer<pop_component_t> {
        var kind = Kind()
        functions(&kind)
        kind.component.abi_version = .current
        kind.component.struct_size = UInt32(MemoryLayout<Kind>.size)  // the whole kind struct, not the header
        kind.component.desc = descriptor
        kind.component.destroy = Instance.destroy
        kind.component.get_extension = Instance.noExtension
        let instance = instanceClass.init()
        instance.actions = actions
        return instance.publish(kind)
    }
}

extension Component where Kind == pop_handler_t {
    /// A handler with actions its buttons can name. The kit builds the C action table once and
    /// installs `action_count` and `get_action`; `functions` sets the rest.
    public init(_ descriptor: Descriptor, instance: Instance.Type = Instance.self, actions: [Action],
                functions: @escaping @Sendable (inout pop_handler_t) -> Void) {
        self.init(descriptor, instance, ActionTable(actions)) { handler in
            functions(&handler)
            handler.action_count = { handler in UInt32(Instance.of(handler)?.actions?.count ?? 0) }
            handler.get_action = { handler, index in Instance.of(handler)?.actions?[Int(index)] }
        }
    }
}
