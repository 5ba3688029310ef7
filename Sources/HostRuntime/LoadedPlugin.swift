import PluginABI

/// A plugin opened in this process: its entry validated, its host table made. `initialize()` and
/// `deinitialize()` are counted like the ABI's `init`/`deinit`; components are read after
/// initialisation. Not thread-safe: use it from the host's main thread.
public final class LoadedPlugin: @unchecked Sendable {
    /// The path the plugin was loaded from.
    public let path: String
    public let abiVersion: ABIVersion
    /// The plugin's own descriptor, read before `init`.
    public let descriptor: Descriptor
    let entry: UnsafePointer<pop_plugin_entry_t>
    let host: HostTable
    private let library: DynamicLibrary
    /// How many successful `init` calls are not yet balanced by `deinit`.
    public private(set) var initCount = 0

    init(path: String, library: DynamicLibrary, entry: UnsafePointer<pop_plugin_entry_t>) throws(PluginError) {
        self.path = path
        self.library = library
        self.entry = entry
        (abiVersion, descriptor) = try ABIReader(path: path).readEntry(entry)
        host = HostTable(pluginPath: path)
    }

    /// Calls the plugin's `init`; throws `init-failed` when it returns false.
    public func initialize() throws(PluginError) {
        let succeeded = path.withCString { entry.pointee.`init`(UnsafePointer(host.table), $0) }
        guard succeeded else {
            throw PluginError(.initFailed, path: path, "init returned false (see the plugin's log messages)")
        }
        initCount += 1
    }

    /// Balances one successful `initialize()`.
    public func deinitialize() {
        guard initCount > 0 else { return }
        initCount -= 1
        entry.pointee.deinit()
    }

    /// Every component the plugin's factories list, validated. Requires an initialised plugin.
    public func components() throws(PluginError) -> [PluginInfo.Component] {
        precondition(initCount > 0, "components() needs an initialised plugin")
        return try ABIReader(path: path).readComponents(entry, pluginID: descriptor.id)
    }

    /// Initialises the plugin, reads its components and balances the `init`: what a scan records.
    public func describe() throws(PluginError) -> PluginInfo {
        try initialize()
        defer { deinitialize() }
        return PluginInfo(abiVersion: abiVersion, plugin: descriptor, components: try components())
    }
}
