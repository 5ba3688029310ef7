/// One plugin file as the registry sees it: where it is, what scanning it found, and its status.
public struct RegistryEntry: Codable, Hashable, Sendable {
    public enum Status: String, Codable, Sendable {
        /// Loads and describes itself correctly; its components are available.
        case ok
        /// Cannot be used; `problem` says why.
        case error
        /// Crashed or hung the scanner; skipped until the file changes or a forced rescan.
        case blacklisted
        /// Valid, but its plugin id is provided by a plugin found earlier on the search path.
        case shadowed
    }

    public var file: PluginFile
    /// The search-path directory the file was found in (empty for a file named directly).
    public var directory: String
    /// What a scan found, when the plugin loaded.
    public var info: PluginInfo?
    /// Why the plugin is not available, when it is not.
    public var problem: PluginError?

    public var status: Status {
        guard let problem else { return .ok }
        if problem.isBlacklisting { return .blacklisted }
        return problem.category == .shadowed ? .shadowed : .error
    }

    init(file: PluginFile, directory: String, outcome: ScanOutcome) {
        self.file = file
        self.directory = directory
        switch outcome {
        case .loaded(let info): self.info = info
        case .failed(let error): problem = error
        }
    }
}
