import PopModel

/// What the registry knows about one file: a scan's outcome, or a record of the registry cache read
/// where it lies (`CachedRecords`). A small value: a warm discovery makes no object for a file, and
/// decodes no `PluginInfo` until someone asks for it or for the entry's status (`RegistryEntry`).
struct ScanRecord: Sendable {
    private enum Source {
        indirect case scanned(ScanOutcome)
        case cached(CachedRecords, index: Int)
    }

    private let source: Source

    init(_ outcome: ScanOutcome) { source = .scanned(outcome) }

    /// Record `index` of a cache file.
    init(cached records: CachedRecords, index: Int) { source = .cached(records, index: index) }

    /// The plugin id, when the file loaded.
    var pluginID: String? {
        switch source {
        case .scanned(.loaded(let info)): info.plugin.id
        case .scanned(.failed): nil
        case .cached(let records, let index): records.pluginID(of: index)
        }
    }

    /// Why the file cannot be used, when it failed.
    var problem: PluginError? {
        switch source {
        case .scanned(.loaded): nil
        case .scanned(.failed(let error)): error
        case .cached(let records, let index): records.problem(of: index)
        }
    }

    /// The plugin's description. Nil for a failed file, or when the cached JSON cannot be decoded
    /// although its checksum holds (`RegistryEntry` then reports the entry as an error that
    /// `--rescan` clears).
    var info: PluginInfo? {
        switch source {
        case .scanned(.loaded(let info)): info
        case .scanned(.failed): nil
        case .cached(let records, let index): records.info(of: index)
        }
    }

    /// The JSON the cache stores for this record: the `PluginInfo`, or the `PluginError`.
    func encodedPayload() throws -> [UInt8] {
        if let problem { return Array(try ValueEncoder().encode(problem).json.utf8) }
        switch source {
        case .cached(let records, let index): return Array(records.encodedInfo(of: index))
        case .scanned: return Array(try ValueEncoder().encode(info).json.utf8)
        }
    }
}
