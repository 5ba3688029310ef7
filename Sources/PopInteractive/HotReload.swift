import PopIsolation

/// `pophost run --watch`: notices rewritten plugin files and loads each in a fresh plugin host,
/// giving a new set of components for a replay (`InteractiveHost` replays the scenario on it up to
/// the current instant). A build writes its file in a burst: a change is taken once the files have
/// been quiet for `settle`. A file that cannot be used — truncated mid-write, not ELF, a plugin that
/// crashes or hangs in `init` — is reported, and the components stay the last good ones.
public final class HotReload {
    /// How long changed files must stay quiet before they are loaded.
    public static let settle = Duration.milliseconds(30)

    /// The components in use: the last good ones.
    public private(set) var source: IsolatedComponents
    private let watcher: PluginWatcher
    private var pending: Set<String> = []
    private var lastChange = ContinuousClock.now

    /// Watches the plugin files of `source`.
    public init(source: IsolatedComponents) throws(PluginWatcher.Failure) {
        self.source = source
        watcher = try PluginWatcher(files: source.pluginPaths)
    }

    /// What a look at the files found.
    public enum Outcome {
        /// Nothing to do (no change, or changes still settling).
        case unchanged
        /// These files were loaded: `source` is now the new components.
        case reloaded([String])
        /// A changed file cannot be used; `source` is unchanged. The message names the file and why.
        case failed(String)
    }

    /// Takes the changes since the last look and, once they have settled, loads the changed files.
    public func poll() -> Outcome {
        let changes = watcher.changes()
        if !changes.isEmpty {
            pending.formUnion(changes)
            lastChange = .now
        }
        guard !pending.isEmpty, ContinuousClock.now - lastChange >= Self.settle else { return .unchanged }
        let files = pending.sorted()
        pending = []
        var reloaded = source
        for file in files {
            do {
                reloaded = try reloaded.reloading(file)
            } catch {
                return .failed("\(file) not reloaded, keeping the last good build: \(error)")
            }
        }
        source = reloaded
        return .reloaded(files)
    }
}
