import PluginABI

/// A component the plugin makes, declared in Swift: its kind, its descriptor, the class of its
/// instances, and the kind functions it implements.
///
///     static let component = Component.controllerLoader(
///         Descriptor(id: "com.example.alert", name: "Alert", description: "A dimmed alert.")
///     ) { controller in
///         controller.configure = { _, _, presentation in presentation?.pointee.mask = Int32(POP_MASK_DIMMED) }
///     }
///
/// `functions` sets the kind functions on a zero-filled kind struct: every function it leaves NULL
/// gets the host's default. They are C function pointers, so their closures capture nothing; they
/// reach per-instance state through `Instance.of(self)` and plugin-wide state through globals. The
/// kit fills in the common header (`component`) itself. `instance` is the class each instance is made
/// of: a subclass of `Instance` to keep state.
public struct Component: Sendable {
    public let descriptor: Descriptor
    /// The factory that lists it (`POP_FACTORY_*`).
    let factoryID: String
    /// The factory's `create`: a new instance whose header's `desc` is the given descriptor, the
    /// pointer the factory's get_descriptor returns for this component.
    let create: @Sendable (UnsafePointer<pop_descriptor_t>) -> UnsafePointer<pop_component_t>

    /// A handler. `actions` are what its buttons can name: the kit builds their C table once and
    /// installs `action_count` and `get_action`; `functions` sets the rest.
    public static func handler(
        _ descriptor: Descriptor, instance: Instance.Type = Instance.self, actions: [Action] = [],
        functions: @escaping @Sendable (inout pop_handler_t) -> Void
    ) -> Component {
        guard !actions.isEmpty else { return Component(descriptor, instance, nil, functions) }
        return Component(descriptor, instance, ActionTable(actions)) { handler in
            functions(&handler)
            handler.action_count = { handler in UInt32(Instance.of(handler)?.actions?.count ?? 0) }
            handler.get_action = { handler, index in Instance.of(handler)?.actions?[Int(index)] }
        }
    }

    /// A view loader: `functions` sets `build` (required).
    public static func viewLoader(
        _ descriptor: Descriptor, instance: Instance.Type = Instance.self,
        functions: @escaping @Sendable (inout pop_view_loader_t) -> Void
    ) -> Component {
        Component(descriptor, instance, nil, functions)
    }

    /// A controller loader. `sheet`, when given, sets the functions of its "pop.sheet/1" table
    /// (ext/sheet.h; see `SheetDetent` for the detent ids it writes): the kit offers that table
    /// through get_extension, its header filled in.
    public static func controllerLoader(
        _ descriptor: Descriptor, instance: Instance.Type = Instance.self,
        sheet: (@Sendable (inout pop_sheet_ext_t) -> Void)? = nil,
        functions: @escaping @Sendable (inout pop_controller_loader_t) -> Void
    ) -> Component {
        var makeSheet: (@Sendable () -> UInt)?
        if let sheet {
            makeSheet = {
                var table = pop_sheet_ext_t()
                sheet(&table)
                table.abi_version = .current
                table.struct_size = UInt32(MemoryLayout<pop_sheet_ext_t>.size)
                return UInt(bitPattern: immortal(table))
            }
        }
        return Component(descriptor, instance, nil, sheet: makeSheet, functions)
    }

    public static func reformer(
        _ descriptor: Descriptor, instance: Instance.Type = Instance.self,
        functions: @escaping @Sendable (inout pop_reformer_t) -> Void
    ) -> Component {
        Component(descriptor, instance, nil, functions)
    }

    private init<Kind: ComponentKind>(
        _ descriptor: Descriptor, _ instanceClass: Instance.Type, _ actions: ActionTable?,
        sheet: (@Sendable () -> UInt)? = nil,
        _ functions: @escaping @Sendable (inout Kind) -> Void
    ) {
        self.descriptor = descriptor
        factoryID = Kind.factoryID
        // Built once (its address as an integer), the first time the host creates an instance, and
        // the same for every instance.
        let sheetTable = sheet.map { make in Lazy(make) }
        create = { descriptor in
            var kind = Kind()
            functions(&kind)
            kind.component.abi_version = .current
            kind.component.struct_size = UInt32(MemoryLayout<Kind>.size)  // the whole kind struct, not the header
            kind.component.desc = descriptor
            kind.component.destroy = Instance.destroy
            kind.component.get_extension = sheetTable == nil ? Instance.noExtension : Instance.sheetExtension
            let instance = instanceClass.init()
            instance.actions = actions
            instance.sheetTable = sheetTable.flatMap { UnsafeRawPointer(bitPattern: $0.value) }
            return instance.publish(kind)
        }
    }
}
