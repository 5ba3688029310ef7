import PluginABI
import Synchronization

/// A plugin opened in this process (one per file, shared by all its users): its entry validated,
/// its host table made. `initialize()` and `deinitialize()` are counted like the ABI's
/// `init`/`deinit`, under a lock; components are read after initialisation.
public final class LoadedPlugin: @unchecked Sendable {
    /// The path the plugin was loaded from.
    public let path: String
    public let abiVersion: ABIVersion
    /// The plugin's own descriptor, read before `init`.
    public let descriptor: Descriptor
    package let entry: UnsafePointer<pop_plugin_entry_t>
    package let host: HostTable
    private let library: DynamicLibrary
    /// How many successful `init` calls are not yet balanced by `deinit`.
    public var initCount: Int { lifecycle.withLock { $0 } }
    private let lifecycle = Mutex(0)

    init(path: String, library: DynamicLibrary, entry: UnsafePointer<pop_plugin_entry_t>) throws(PluginError) {
        self.path = path
        self.library = library
        self.entry = entry
        (abiVersion, descriptor) = try ABIReader(path: path).readEntry(entry)
        host = HostTable(pluginPath: path)
    }

    /// The address of the library's entry function.
    package var entryFunction: UnsafeMutableRawPointer? { library.symbol(POP_PLUGIN_ENTRY_SYMBOL) }

    /// Calls the plugin's `init`; throws `init-failed` when it returns false.
    public func initialize() throws(PluginError) {
        let succeeded = lifecycle.withLock { count in
            let succeeded = PathBytes.withCString(path) { entry.pointee.`init`(UnsafePointer(host.table), $0) }
            if succeeded { count += 1 }
            return succeeded
        }
        guard succeeded else {
            throw PluginError(.initFailed, path: path, "init returned false (see the plugin's log messages)")
        }
    }

    /// Balances one successful `initialize()`.
    public func deinitialize() {
        lifecycle.withLock { count in
            guard count > 0 else { return }
            count -= 1
            entry.pointee.deinit()
        }
    }

    /// Every component the plugin's factories list, validated. Requires an initialised plugin.
    public func components() throws(PluginError) -> [PluginInfo.Component] {
        precondition(initCount > 0, "components() needs an initialised plugin")
        return try ABIReader(path: path).readComponents(entry, pluginID: descriptor.id)
    }

    /// Initialises the plugin, reads its components and balances the `init`: what a scan records.
    /// `stage` hears each step as it starts (the scanner tells its parent, so that a crash or hang
    /// is put down to the step it happened in).
    public func describe(stage: (ScanStage) -> Void = { _ in }) throws(PluginError) -> PluginInfo {
        stage(.initializing)
        try initialize()
        stage(.readingComponents)
        let components: [PluginInfo.Component]
        do { components = try self.components() } catch {
            stage(.deinitializing)
            deinitialize()
            throw error
        }
        stage(.deinitializing)
        deinitialize()
        return PluginInfo(abiVersion: abiVersion, plugin: descriptor, components: components)
    }
}
