import PopChef
import PopLoader
import PopModel

/// The composition contracts of one plugin file, as `pophost inspect` shows them: what each of its
/// handlers declares (actions, signatures, the fields they read) and what each of its view loaders
/// builds (text fields, the actions its buttons name) for some data, components in factory order.
/// The plugin is opened and its components made in this process, as `pophost show` does.
public struct PluginContracts {
    public struct Handler {
        public let id: String
        /// Its contract, or why it cannot be made.
        public let contract: Result<CompositionContract, ComponentFailure>
    }

    public struct ViewLoader {
        public let id: String
        /// One build per data, or why it cannot be made.
        public let builds: Result<[ViewBuild], ComponentFailure>
    }

    /// The data every view loader was built for, in order (each also for its own samples, after these).
    public let data: [Value]
    public let handlers: [Handler]
    public let viewLoaders: [ViewLoader]
    /// The component extensions each handler and controller loader offers (`pop.page/1`, ...), by
    /// component id, or why they cannot be read: whether a table is found, without playing a scenario.
    public let extensions: [String: Result<[String], ComponentFailure>]

    /// Reads the components of `entry`, building its view loaders for each of `data`, through
    /// `source` (nil: `PluginComponents` over the entry, in this process; an `IsolatedComponents`
    /// over it runs them in a plugin host, so a component that crashes or hangs is that
    /// component's error). Nil unless the file is usable (ok or shadowed): a broken file would fail
    /// again, and a blacklisted one crashed or hung the scanner, so neither is opened.
    public init?(entry: RegistryEntry, source: (any ExtensionListing)? = nil, data: [Value] = ContractInspector.representativeData) {
        guard entry.status == .ok || entry.status == .shadowed, let components = entry.info?.components else { return nil }
        let catalog = ComponentCatalog()
        let source = source ?? PluginComponents(entry: entry)
        catalog.add(source)
        let inspector = ContractInspector(catalog: catalog)
        self.data = data
        handlers = components.filter { $0.kind == .handler }.map { component in
            let id = component.descriptor.id
            return Handler(id: id, contract: Result { () throws(ComponentFailure) in try inspector.contract(ofHandler: id) })
        }
        viewLoaders = components.filter { $0.kind == .viewLoader }.map { component in
            let id = component.descriptor.id
            // Its own samples too (ext/sample_data.h), after the data given.
            let samples = component.descriptor.samples.map(\.data).filter { !data.contains($0) }
            return ViewLoader(
                id: id, builds: Result { () throws(ComponentFailure) in try inspector.builds(ofViewLoader: id, for: data + samples) })
        }
        var extensions: [String: Result<[String], ComponentFailure>] = [:]
        for component in components where !ComponentExtensions.known(for: component.kind).isEmpty {
            let id = component.descriptor.id
            extensions[id] = Result { () throws(ComponentFailure) in try source.offeredExtensions(of: id) }
        }
        self.extensions = extensions
    }
}
