/// One plugin file as the registry sees it: where it is, what scanning it found, and its status.
public struct RegistryEntry: Sendable {
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
    /// The plugin id, when the file loaded (also when it is shadowed).
    public var pluginID: String? { record.pluginID }
    /// The path of the plugin found earlier on the search path with the same plugin id, when this
    /// one is shadowed by it.
    public var shadowedBy: String?
    /// Why the plugin is not available, when it is not.
    public var problem: PluginError? {
        if let problem = record.problem { return problem }
        // A cached record whose checksum holds but whose JSON does not decode (edited by hand, or
        // written by a broken build): not a plugin anyone can use, and not one to call ok.
        if record.info == nil {
            return PluginError(
                .loadFailed, path: file.path,
                "the registry cache's record of this file cannot be decoded (an edited or damaged cache); `pophost list --rescan` scans it again"
            )
        }
        guard let shadowedBy, let pluginID else { return nil }
        return PluginError(
            .shadowed, path: file.path,
            "plugin id \(pluginID) is already provided by \(shadowedBy), found earlier on the search path; this copy is not used")
    }
    /// What a scan found, when the plugin loaded: decoded from the cache on first use.
    public var info: PluginInfo? { record.info }
    private let record: ScanRecord

    public var status: Status {
        if let problem = record.problem { return problem.isBlacklisting ? .blacklisted : .error }
        if record.info == nil { return .error }
        return shadowedBy == nil ? .ok : .shadowed
    }

    init(file: PluginFile, directory: String, record: ScanRecord) {
        self.file = file
        self.directory = directory
        self.record = record
    }
}
