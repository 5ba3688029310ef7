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
    /// installs `action_count` and `get_action`. `pageEvents`, when given, sets the function of its
    /// "pop.page-handler/1" table (ext/page.h: the lifecycle of the pages it handles). `functions`
    /// sets the rest.
    public static func handler(
        _ descriptor: Descriptor, instance: Instance.Type = Instance.self, actions: [Action] = [],
        pageEvents: (@Sendable (inout pop_page_handler_ext_t) -> Void)? = nil,
        functions: @escaping @Sendable (inout pop_handler_t) -> Void
    ) -> Component {
        let extensions = [ExtensionTable(POP_EXT_PAGE_HANDLER, pageEvents)].compactMap { $0 }
        guard !actions.isEmpty else { return Component(descriptor, instance, nil, extensions: extensions, functions) }
        return Component(descriptor, instance, ActionTable(actions), extensions: extensions) { handler in
            functions(&handler)
            handler.action_count = { handler in UInt32(Instance.of(handler)?.actions?.count ?? 0) }
            handler.get_action = { handler, index in Instance.of(handler)?.actions?[Int(index)] }
        }
    }

    /// A view loader: `functions` sets `build` (required). `traitObserver`, when given, sets the
    /// function of its "pop.trait_observer/1" table (ext/traits.h: it hears each change of the
    /// person's display traits while its popup is on screen); `list`, those of its "pop.list/1" table
    /// (ext/list.h: a page's rows on demand — row_count, row_height, build_row — below build's content).
    public static func viewLoader(
        _ descriptor: Descriptor, instance: Instance.Type = Instance.self,
        traitObserver: (@Sendable (inout pop_trait_observer_ext_t) -> Void)? = nil,
        list: (@Sendable (inout pop_list_ext_t) -> Void)? = nil,
        functions: @escaping @Sendable (inout pop_view_loader_t) -> Void
    ) -> Component {
        let extensions = [ExtensionTable(POP_EXT_TRAIT_OBSERVER, traitObserver), ExtensionTable(POP_EXT_LIST, list)].compactMap { $0 }
        return Component(descriptor, instance, nil, extensions: extensions, functions)
    }

    /// A controller loader. `sheet`, when given, sets the functions of its "pop.sheet/1" table
    /// (ext/sheet.h; see `SheetDetent` for the detent ids it writes); `page`, those of its
    /// "pop.page/1" table (ext/page.h: a page's title and bar style); `floating`, those of its
    /// "pop.floating/1" table (ext/floating.h: what a floating page's bubble keeps and shows);
    /// `traitObserver`, that of its "pop.trait_observer/1" table (ext/traits.h). The kit offers each
    /// table through get_extension, its header filled in.
    public static func controllerLoader(
        _ descriptor: Descriptor, instance: Instance.Type = Instance.self,
        sheet: (@Sendable (inout pop_sheet_ext_t) -> Void)? = nil,
        page: (@Sendable (inout pop_page_ext_t) -> Void)? = nil,
        floating: (@Sendable (inout pop_floating_ext_t) -> Void)? = nil,
        traitObserver: (@Sendable (inout pop_trait_observer_ext_t) -> Void)? = nil,
        functions: @escaping @Sendable (inout pop_controller_loader_t) -> Void
    ) -> Component {
        let extensions = [
            ExtensionTable(POP_EXT_SHEET, sheet), ExtensionTable(POP_EXT_PAGE, page), ExtensionTable(POP_EXT_FLOATING, floating),
            ExtensionTable(POP_EXT_TRAIT_OBSERVER, traitObserver),
        ].compactMap { $0 }
        return Component(descriptor, instance, nil, extensions: extensions, functions)
    }

    public static func reformer(
        _ descriptor: Descriptor, instance: Instance.Type = Instance.self,
        functions: @escaping @Sendable (inout pop_reformer_t) -> Void
    ) -> Component {
        Component(descriptor, instance, nil, functions)
    }

    private init<Kind: ComponentKind>(
        _ descriptor: Descriptor, _ instanceClass: Instance.Type, _ actions: ActionTable?,
        extensions: [ExtensionTable] = [],
        _ functions: @escaping @Sendable (inout Kind) -> Void
    ) {
        self.descriptor = descriptor
        factoryID = Kind.factoryID
        create = { descriptor in
            var kind = Kind()
            functions(&kind)
            kind.component.abi_version = .current
            kind.component.struct_size = UInt32(MemoryLayout<Kind>.size)  // the whole kind struct, not the header
            kind.component.desc = descriptor
            kind.component.destroy = Instance.destroy
            kind.component.get_extension = extensions.isEmpty ? Instance.noExtension : Instance.componentExtension
            let instance = instanceClass.init()
            instance.actions = actions
            instance.extensionTables = extensions.map { ($0.id, $0.table) }
            return instance.publish(kind)
        }
    }
}

/// A component extension's table, declared in Swift: built once (its address as an integer), the
/// first time the host asks, and the same for every instance.
struct ExtensionTable: Sendable {
    let id: String
    private let made: Lazy<UInt>

    /// The table `fill` sets the functions of, its header filled in; nil without `fill`.
    init?<Table: ExtensionHeader>(_ id: String, _ fill: (@Sendable (inout Table) -> Void)?) {
        guard let fill else { return nil }
        self.id = id
        made = Lazy {
            var table = Table()
            fill(&table)
            table.abi_version = .current
            table.struct_size = UInt32(MemoryLayout<Table>.size)
            return UInt(bitPattern: immortal(table))
        }
    }

    var table: UnsafeRawPointer { UnsafeRawPointer(bitPattern: made.value)! }
}

/// The header every extension table starts with (version.h's rule).
protocol ExtensionHeader: SendableMetatype {
    init()
    var abi_version: pop_version_t { get set }
    var struct_size: UInt32 { get set }
}

extension pop_sheet_ext_t: ExtensionHeader {}
extension pop_page_ext_t: ExtensionHeader {}
extension pop_floating_ext_t: ExtensionHeader {}
extension pop_page_handler_ext_t: ExtensionHeader {}
extension pop_trait_observer_ext_t: ExtensionHeader {}
extension pop_list_ext_t: ExtensionHeader {}
