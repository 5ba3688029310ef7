import PluginABI
import PopBridge
import PopChef
import PopLoader
import PopModel

/// The plugin a test checks, opened in the test's process: its entry, host table and components,
/// and direct access to its factories for the checks that go below the chef.
final class PluginUnderTest {
    let loaded: LoadedPlugin
    /// Every component, read once with an init/deinit pair.
    let components: [PluginInfo.Component]
    let watchdog: CallWatchdog

    /// Loads `path`; a plugin that does not load or describe itself makes the test skip.
    init(path: String, watchdog: CallWatchdog) throws(TestIssue) {
        self.watchdog = watchdog
        do {
            loaded = try watchdog.within("loading the library") { () throws(PluginError) in try PluginLoader.load(path: path) }
        } catch {
            throw .skipped("the plugin does not load (\(error.category.rawValue)); see library.loads")
        }
        let loaded = loaded
        do {
            components = try watchdog.within("init") { () throws(PluginError) in try loaded.describe() }.components
        } catch {
            throw .skipped("the plugin's components cannot be read (\(error.category.rawValue)): \(error.cause)")
        }
    }

    var host: HostTable { loaded.host }
    var entry: pop_plugin_entry_t { loaded.entry.pointee }

    /// The ids of the components of `kind`, in factory order.
    func ids(of kind: ComponentKind) -> [String] {
        components.filter { $0.kind == kind }.map(\.descriptor.id)
    }

    /// Runs `body` between an `init` and its `deinit`; a failing `init` fails the test.
    func initialized<T>(_ body: () throws(TestIssue) -> T) throws(TestIssue) -> T {
        do {
            try watchdog.within("init") { () throws(PluginError) in try loaded.initialize() }
        } catch {
            throw .failed("init returned false")
        }
        defer { watchdog.within("deinit") { loaded.deinitialize() } }
        return try body()
    }

    /// The factory of `kind`, or nil when the plugin has none. Requires an initialised plugin.
    func factory(_ kind: ComponentKind) -> UnsafePointer<pop_component_factory_t>? {
        kind.factoryID.withCString { entry.get_factory($0) }?.assumingMemoryBound(to: pop_component_factory_t.self)
    }

    /// The factory's descriptor pointer for `id`.
    func descriptor(_ kind: ComponentKind, _ id: String) -> UnsafePointer<pop_descriptor_t>? {
        guard let factory = factory(kind), let count = factory.pointee.count, let get = factory.pointee.get_descriptor else { return nil }
        return (0..<min(count(factory), 1024)).lazy.compactMap { get(factory, $0) }.first { descriptor in
            descriptor.pointee.id.map { String(cString: $0) == id } ?? false
        }
    }

    /// A new instance of component `id`; NULL from the factory fails the test.
    func create(_ kind: ComponentKind, _ id: String) throws(TestIssue) -> UnsafePointer<pop_component_t> {
        guard let factory = factory(kind), let create = factory.pointee.create else {
            throw .failed("the \(kind.rawValue) factory is gone after init")
        }
        let made = watchdog.within("create(\(id))") { id.withCString { create(factory, UnsafePointer(host.table), $0) } }
        guard let made else { throw .failed("the \(kind.rawValue) factory returned NULL for its own component \"\(id)\"") }
        return made
    }

    /// Destroys an instance made by `create`.
    func destroy(_ instance: UnsafePointer<pop_component_t>) {
        watchdog.within("destroy") { instance.pointee.destroy(instance) }
    }

    /// This plugin's components alone, in a new source (its own instances and census).
    func source() -> PluginComponents {
        PluginComponents(plugins: [(loaded.path, components)])
    }

    /// A catalog of this plugin's components alone, for a chef.
    func catalog() -> ComponentCatalog {
        let catalog = ComponentCatalog()
        catalog.add(source())
        return catalog
    }
}
