import PluginABI

#if canImport(Glibc)
import Glibc
#endif

/// Opens plugin files in this process. A file is checked (regular file, whole ELF for this machine)
/// before `dlopen`; every failure is a `PluginError` naming the file and its category.
///
/// Loading runs the plugin's code in this process: a plugin that crashes takes the process with it.
/// Untrusted or new files go through `PluginScanner`, which loads them in a child process.
public enum PluginLoader {
    /// Opens `path` and validates its entry and plugin descriptor. Does not call `init`.
    public static func load(path: String) throws(PluginError) -> LoadedPlugin {
        try ELFCheck.validate(path: path)
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

    /// Loads `path`, initialises it, reads every descriptor and balances the `init`.
    public static func describe(path: String) -> Result<PluginInfo, PluginError> {
        Result { () throws(PluginError) -> PluginInfo in try load(path: path).describe() }
    }
}
