import PluginABI
import PopChef
import PopLoader
import Synchronization

/// A component instance a plugin created: destroyed exactly once through its ABI `destroy`, and
/// counted so the host can tell that nothing outlives its request. While it lives, its timers
/// ("pop.timer/1") run on its chef's clock; destroying it cancels them first.
final class PluginInstance {
    let component: UnsafePointer<pop_component_t>
    /// The kind struct's header: which of its functions exist (those appended since 1.0 are read
    /// only when they lie inside it).
    let header: StructHeader
    /// Its chef's clock, and where its misbehaviour is reported.
    let context: ComponentContext
    private let census: InstanceCensus
    private var destroyed = false
    /// The addresses of every instance alive in this process: a factory that hands out one it
    /// already gave is refused (timers, sheet control and `destroy` are per instance).
    private static let alive = Mutex<Set<UInt>>([])

    /// Whether `component` is an instance already alive in this process.
    static func isAlive(_ component: UnsafePointer<pop_component_t>) -> Bool {
        alive.withLock { $0.contains(UInt(bitPattern: component)) }
    }

    init(_ component: UnsafePointer<pop_component_t>, census: InstanceCensus, context: ComponentContext) {
        self.component = component
        self.census = census
        self.context = context
        header = StructHeader(component)
        census.live += 1
        _ = Self.alive.withLock { $0.insert(UInt(bitPattern: component)) }
        PluginTimers.register(component, context: context)
        PluginSheetControl.register(component, context: context)
    }

    /// Dropped without `destroy()` (a wrapper that failed): the plugin keeps the instance, but its
    /// address no longer counts as alive, so a later instance there is not refused.
    deinit {
        if !destroyed { _ = Self.alive.withLock { $0.remove(UInt(bitPattern: component)) } }
    }

    /// Runs a call into the instance under its chef's display traits, which "pop.traits/1" answers
    /// during it.
    func underTraits<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        try TraitScope.with(context.displayTraits(), body)
    }

    /// The trait observer "pop.trait_observer/1" offers (ext/traits.h), or nil when it offers none.
    func traitObserver() throws(ComponentFailure) -> TraitObserver? {
        guard
            let found = try extensionTable(
                POP_EXT_TRAIT_OBSERVER, as: pop_trait_observer_ext_t.self, minimumSize: MemoryLayout<pop_trait_observer_ext_t>.size),
            found.header.contains(\pop_trait_observer_ext_t.traits_changed), let hook = found.table.pointee.traits_changed
        else { return nil }
        return TraitObserver(component: component, hook: hook)
    }

    /// The instance as its kind struct.
    func kind<T>(_ type: T.Type) -> UnsafePointer<T> {
        UnsafeRawPointer(component).assumingMemoryBound(to: type)
    }

    /// The component's extension `id` as a `Table` (whose first version had `minimumSize` bytes),
    /// or nil when it offers none. A table that breaks the growth rule is a broken contract: the
    /// host would otherwise read functions that are not there.
    func extensionTable<Table>(
        _ id: String, as type: Table.Type, minimumSize: Int
    ) throws(ComponentFailure) -> (table: UnsafePointer<Table>, header: StructHeader)? {
        guard let getExtension = component.pointee.get_extension,
            let raw = id.withCString({ getExtension(component, $0) })
        else { return nil }
        let header = StructHeader(raw)
        switch header.problem(minimumSize: minimumSize) {
        case nil:
            return (raw.assumingMemoryBound(to: type), header)
        case .majorMismatch:
            throw ComponentFailure(
                .contractBroken, "extension \"\(id)\" is for ABI \(header.version), not compatible with \(ABIVersion.host)")
        case .tooSmall(let minimum):
            throw ComponentFailure(.contractBroken, "extension \"\(id)\" has struct_size \(header.size), below its \(minimum) bytes")
        }
    }

    func destroy() {
        guard !destroyed else { return }
        destroyed = true
        census.live -= 1
        PluginTimers.unregister(component)
        PluginSheetControl.unregister(component)
        _ = Self.alive.withLock { $0.remove(UInt(bitPattern: component)) }
        component.pointee.destroy(component)
    }
}

/// How many plugin component instances are alive.
final class InstanceCensus {
    var live = 0
}
