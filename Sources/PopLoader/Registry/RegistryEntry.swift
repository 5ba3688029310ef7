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
    /// one is shadowed by it: the first earlier file of that id whose record can be decoded.
    public var shadowedBy: String? { claim.flatMap { $0.claims.provider(before: $0.position) } }
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
    /// The files that claim this entry's plugin id, and this entry's place among them.
    private let claim: PluginIDClaims.Claim?

    public var status: Status {
        if let problem = record.problem { return problem.isBlacklisting ? .blacklisted : .error }
        if record.info == nil { return .error }
        return shadowedBy == nil ? .ok : .shadowed
    }

    init(file: PluginFile, directory: String, record: ScanRecord, claim: PluginIDClaims.Claim?) {
        self.file = file
        self.directory = directory
        self.record = record
        self.claim = claim
    }
}

/// The files on the search path that claim one plugin id, in search order. The first of them whose
/// record can be decoded provides the id and shadows the later ones; one whose cached record cannot
/// be decoded (an error, `RegistryEntry.problem`) shadows nothing. Decided when asked, so that a warm
/// discovery decodes no record: each record decodes once, on first use (`ScanRecord.info`).
final class PluginIDClaims: Sendable {
    /// A file that claims the id, as the claims keep it.
    struct Claimant {
        let path: String
        let record: ScanRecord
    }

    /// One file's claim: the claims on its id, and its place among them.
    struct Claim {
        let claims: PluginIDClaims
        let position: Int
    }

    let claimants: [Claimant]

    init(claimants: [Claimant]) {
        self.claimants = claimants
    }

    /// The path of the claimant that provides the id to the one at `position`, if an earlier one does.
    func provider(before position: Int) -> String? {
        claimants[..<position].first { $0.record.info != nil }?.path
    }

    /// Each file's claim, for `files` whose records are `records` (nil for a file that
    /// claims no id). The ids are grouped through a `ByteStringTable` of their bytes: a cheap hash,
    /// and most comparisons are of one `String` with itself (the cache makes one a distinct id).
    static func claims(files: [PluginFile], records: [ScanRecord]) -> [Claim?] {
        var groupOfID = ByteStringTable(expected: 16)
        var ids: [String] = [], members: [[Int]] = []
        var claimOf: [(group: Int, position: Int)?] = Array(repeating: nil, count: records.count)
        for index in records.indices {
            guard var id = records[index].pluginID else { continue }
            let hash = id.withUTF8 { ByteStringTable.hash(UnsafeRawBufferPointer($0)) }
            let group = groupOfID.find(hash) { ids[$0] == id } ?? ids.count
            if group == ids.count {
                groupOfID.insert(group, hash: hash) { _ in false }
                ids.append(id)
                members.append([])
            }
            claimOf[index] = (group, members[group].count)
            members[group].append(index)
        }
        let claims = members.map { PluginIDClaims(claimants: $0.map { Claimant(path: files[$0].path, record: records[$0]) }) }
        return claimOf.map { $0.map { Claim(claims: claims[$0.group], position: $0.position) } }
    }
}
