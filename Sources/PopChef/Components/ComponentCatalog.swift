import PopModel

/// The components a chef composes popups from, by id: Swift components an app registers, and the
/// components of sources such as C plugins (`ComponentCatalog(discovery:)`). An id registered in
/// Swift wins over a source's; among sources, the first added wins. The built-in controller loader
/// `pop.theme` and view loader `pop.box` are always there.
public final class ComponentCatalog {
    private var factories: [String: (kind: ComponentKind, make: () -> AnyObject)] = [:]
    /// Asked for losses twice a show + dismiss, on the chef's actor only: no dynamic exclusivity checks.
    @exclusivity(unchecked) private var sources: [any ComponentSource] = []

    /// A catalog with no components: every request uses the built-in defaults.
    public init() {}

    /// Adds the components of `source`.
    public func add(_ source: any ComponentSource) { sources.append(source) }

    /// Registers a Swift handler: `make` creates one instance per request. Its `id` must be `id`:
    /// a request using an instance that says otherwise fails (contract-broken).
    public func register(handler id: String, _ make: @escaping () -> any HandlerComponent) {
        factories[id] = (.handler, make)
    }

    /// Registers a Swift view loader, as `register(handler:_:)` does a handler.
    public func register(viewLoader id: String, _ make: @escaping () -> any ViewLoaderComponent) {
        factories[id] = (.viewLoader, make)
    }

    /// Registers a Swift controller loader, as `register(handler:_:)` does a handler.
    public func register(controllerLoader id: String, _ make: @escaping () -> any ControllerLoaderComponent) {
        factories[id] = (.controllerLoader, make)
    }

    /// Registers a Swift reformer, as `register(handler:_:)` does a handler.
    public func register(reformer id: String, _ make: @escaping () -> any ReformerComponent) {
        factories[id] = (.reformer, make)
    }

    /// The ids of every component of `kind`, sorted.
    public func componentIDs(of kind: ComponentKind) -> [String] {
        var ids = Set(factories.filter { $0.value.kind == kind }.map(\.key))
        for source in sources { ids.formUnion(source.componentIDs(of: kind)) }
        return ids.sorted()
    }

    /// The kind of component `id`, or nil when there is none.
    public func kind(of id: String) -> ComponentKind? {
        if id == ThemeControllerLoader.themeID { return .controllerLoader }
        if id == BoxViewLoader.boxID { return .viewLoader }
        return factories[id]?.kind ?? sources.lazy.compactMap { $0.kind(of: id) }.first
    }

    /// Throws the error a request naming `id` as a component of `kind` would fail with when there is no
    /// such component (unknown-component, with the nearest id; wrong-kind), without making one.
    public func requireComponent(_ id: String, of kind: ComponentKind) throws(ComponentFailure) {
        if kind == .controllerLoader && id == ThemeControllerLoader.themeID { return }
        if kind == .viewLoader && id == BoxViewLoader.boxID { return }
        guard let found = self.kind(of: id) else { throw unknown(id, kind) }
        guard found == kind else { throw Self.wrongKind(id, found, kind) }
    }

    func makeHandler(_ id: String, context: ComponentContext) throws(ComponentFailure) -> any HandlerComponent {
        try make(
            id, .handler, swift: { $0 as! any HandlerComponent }, declared: \.id,
            source: { source throws(ComponentFailure) in try source.makeHandler(id, context: context) })
    }

    func makeViewLoader(_ id: String, context: ComponentContext) throws(ComponentFailure) -> any ViewLoaderComponent {
        if id == BoxViewLoader.boxID && factories[id] == nil { return BoxViewLoader() }
        return try make(
            id, .viewLoader, swift: { $0 as! any ViewLoaderComponent }, declared: \.id,
            source: { source throws(ComponentFailure) in try source.makeViewLoader(id, context: context) })
    }

    func makeControllerLoader(_ id: String, context: ComponentContext) throws(ComponentFailure) -> any ControllerLoaderComponent {
        if id == ThemeControllerLoader.themeID && factories[id] == nil { return ThemeControllerLoader() }
        return try make(
            id, .controllerLoader, swift: { $0 as! any ControllerLoaderComponent }, declared: \.id,
            source: { source throws(ComponentFailure) in try source.makeControllerLoader(id, context: context) })
    }

    func makeReformer(_ id: String, context: ComponentContext) throws(ComponentFailure) -> any ReformerComponent {
        try make(
            id, .reformer, swift: { $0 as! any ReformerComponent }, declared: \.id,
            source: { source throws(ComponentFailure) in try source.makeReformer(id, context: context) })
    }

    private func make<Component>(
        _ id: String, _ kind: ComponentKind, swift cast: (AnyObject) -> Component, declared: (Component) -> String,
        source make: (any ComponentSource) throws(ComponentFailure) -> Component
    ) throws(ComponentFailure) -> Component {
        if let factory = factories[id] {
            guard factory.kind == kind else { throw Self.wrongKind(id, factory.kind, kind) }
            let component = cast(factory.make())
            // A component names itself in traces and failures: two names for one component would
            // send a reader looking for one that was never registered.
            guard declared(component) == id else {
                let says = declared(component)
                throw ComponentFailure(
                    .contractBroken,
                    "the Swift \(kind.rawValue) registered as \"\(id)\" says its id is \"\(says)\"; register it under its own id")
            }
            return component
        }
        for source in sources {
            guard let found = source.kind(of: id) else { continue }
            guard found == kind else { throw Self.wrongKind(id, found, kind) }
            return try make(source)
        }
        throw unknown(id, kind)
    }

    /// "no handler with id "x" in the loaded plugins (did you mean "com.a.x"?); the handlers are: …":
    /// the id nearest in spelling, or the one whose last dotted part is `id` (an id given without
    /// its vendor prefix), and every id of the kind, so a typo is fixed without a trip to `list`.
    private func unknown(_ id: String, _ kind: ComponentKind) -> ComponentFailure {
        let ids = componentIDs(of: kind)
        let near = Spelling.nearest(to: id, among: ids)
        let hint = near.map { " (did you mean \"\($0)\"?)" } ?? ""
        let plural = kind.rawValue + "s"
        let known = ids.isEmpty ? "there are no \(plural)" : "the \(plural) are: " + ids.joined(separator: ", ")
        return ComponentFailure(.unknownComponent, "no \(kind.rawValue) with id \"\(id)\" in the loaded plugins\(hint); \(known)")
    }

    private static func wrongKind(_ id: String, _ found: ComponentKind, _ wanted: ComponentKind) -> ComponentFailure {
        ComponentFailure(.wrongKind, "\"\(id)\" is a \(found.rawValue), not a \(wanted.rawValue)")
    }

    /// Runs the main-thread callbacks the sources' components asked for; true when any ran.
    func deliverMainThreadCallbacks() -> Bool {
        var delivered = false
        for source in sources where source.deliverMainThreadCallbacks() { delivered = true }
        return delivered
    }

    /// The instances the sources have lost since they were last asked, in the order of the sources.
    func takeLosses() -> [ComponentLoss] {
        var losses: [ComponentLoss] = []
        for source in sources {
            let lost = source.takeLosses()
            if !lost.isEmpty { losses += lost }
        }
        return losses
    }
}

/// One actor's: its chef's.
@available(*, unavailable)
extension ComponentCatalog: Sendable {}
