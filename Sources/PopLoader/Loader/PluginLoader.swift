import PluginABI
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Opens plugin files in this process. A file is checked (regular file, whole ELF for this machine)
/// before `dlopen`; every failure is a `PluginError` naming the file and its category.
///
/// Loading runs the plugin's code in this process: a plugin that crashes takes the process with it.
/// Untrusted or new files go through `PluginScanner`, which loads them in a child process.
public enum PluginLoader {
    /// The plugins opened in this process, by file: a library is one image with one global state,
    /// so every user of the same file shares one `LoadedPlugin` and one host table.
    private static let opened = Mutex<[FileIdentity: LoadedPlugin]>([:])

    /// Opens `path` and validates its entry and plugin descriptor (once per file per process; later
    /// calls return the same plugin). Does not call `init`.
    public static func load(path: String) throws(PluginError) -> LoadedPlugin {
        let identity = try ELFCheck.validate(path: path)
        if let plugin = opened.withLock({ $0[identity] }) { return plugin }
        let plugin = try open(path: path)
        return opened.withLock { opened in
            if let existing = opened[identity] { return existing }
            opened[identity] = plugin
            return plugin
        }
    }

    private static func open(path: String) throws(PluginError) -> LoadedPlugin {
        let library = try DynamicLibrary(path: path)
        guard let symbol = library.symbol(POP_PLUGIN_ENTRY_SYMBOL) else {
            throw PluginError(.noEntry, path: path, "no entry: the library does not export \(POP_PLUGIN_ENTRY_SYMBOL)")
        }
        let entryFunction = unsafeBitCast(symbol, to: pop_plugin_entry_fn.self)
        guard let entry = entryFunction() else {
            throw PluginError(.nullEntry, path: path, "\(POP_PLUGIN_ENTRY_SYMBOL) returned NULL")
        }
        return try LoadedPlugin(path: path, library: library, entry: entry)
    }

    /// Loads `path`, initialises it, reads every descriptor and balances the `init`; `stage` hears
    /// each step as it starts.
    public static func describe(path: String, stage: (ScanStage) -> Void = { _ in }) -> Result<PluginInfo, PluginError> {
        Result { () throws(PluginError) -> PluginInfo in
            stage(.opening)
            return try load(path: path).describe(stage: stage)
        }
    }
}
