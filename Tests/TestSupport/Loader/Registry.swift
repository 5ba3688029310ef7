import PopLoader
import PopTestSupport

/// A registry over `directories` with its own cache file and a short scan timeout.
package func makeRegistry(_ directories: [String], cache: String, rescan: Bool = false, timeout: Double = 2) -> PluginRegistry {
    PluginRegistry(
        searchPath: SearchPath(directories: directories, source: .flags),
        cacheFile: cache,
        scanner: PluginScanner(executable: Build.scanner, timeout: timeout),
        forceRescan: rescan)
}
