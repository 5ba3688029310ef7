import Logging

/// Discovers plugins on a search path. Unchanged files are answered from the registry cache without
/// opening them; new and changed files are scanned in a child process (`PluginScanner`) and the
/// cache is rewritten. Files that another user could change are refused before anything opens them
/// (`FilePermissions`), unless `allowInsecurePlugins` says otherwise.
public struct PluginRegistry: Sendable {
    public var searchPath: SearchPath
    /// The cache file; nil disables caching (every discovery scans every file).
    public var cacheFile: String?
    public var scanner: PluginScanner
    /// Ignore the cache (and its blacklist) and scan every file again.
    public var forceRescan: Bool
    /// Load plugin files even when another user could change them or their directory (group- or
    /// world-writable, or owned by someone who is neither this user nor root). Off by default.
    public var allowInsecurePlugins: Bool

    private static let logger = Logger(label: "pophost.registry")

    public init(
        searchPath: SearchPath, cacheFile: String? = PluginRegistry.defaultCacheFile,
        scanner: PluginScanner = PluginScanner(), forceRescan: Bool = false, allowInsecurePlugins: Bool = false
    ) {
        self.searchPath = searchPath
        self.cacheFile = cacheFile
        self.scanner = scanner
        self.forceRescan = forceRescan
        self.allowInsecurePlugins = allowInsecurePlugins
    }

    /// The default location of the cache file.
    public static var defaultCacheFile: String? { RegistryCache.defaultLocation() }

    /// The result of one discovery.
    public struct Discovery: Sendable {
        /// Every plugin file on the search path, in search order.
        public var entries: [RegistryEntry]
        /// The files that were scanned (opened in the scanner) this time.
        public var scanned: [String]
        /// How many files were answered from the cache (the rest were scanned, refused, or rejected
        /// before anything opened them).
        public var fromCache: Int = 0
        /// Search-path directories that do not exist or cannot be read.
        public var unreadableDirectories: [String]
        /// Problems with the registry itself (a corrupt cache, an unwritable cache).
        public var warnings: [String]

        /// The usable plugin with this plugin id, if any.
        public func plugin(id: String) -> RegistryEntry? {
            entries.first { $0.status == .ok && $0.pluginID == id }
        }
    }

    /// Finds every plugin on the search path. `progress(done, total)` reports scanning.
    public func discover(progress: (Int, Int) -> Void = { _, _ in }) throws(PluginScanner.Failure) -> Discovery {
        // The files found, the directory each was found through and why it is refused, if it is.
        var files: [PluginFile] = [], directories: [String] = [], refusals: [PluginError?] = []
        var seen = FileIdentitySet(expected: 64)
        var unreadable: [String] = []
        for directory in searchPath.directories {
            let listed = PluginFile.list(directory: directory)
            guard let listedFiles = listed ?? PluginFile.single(path: directory) else {
                unreadable.append(directory)
                continue
            }
            // A file named on its own is exposed through the directory it is in.
            let parent = listed == nil ? Self.directory(of: directory) : directory
            let exposure = allowInsecurePlugins ? nil : FilePermissions.of(path: parent)?.exposure(of: "its directory \(parent)")
            for file in listedFiles where file.size < 0 || seen.insert(file.identity) {
                files.append(file)
                directories.append(parent)
                refusals.append(refusal(of: file, directoryExposure: exposure, directory: parent))
            }
        }
        var (records, scanned, warnings, fromCache) = try records(for: files, refusals: refusals, progress: progress)
        warnings =
            searchPath.ignored.map { element in
                let warning =
                    "POPHOST_PLUGIN_PATH: ignoring \(element.isEmpty ? "an empty element" : "the relative element \"\(element)\"") (it would search the current directory); give absolute directories"
                Self.logger.warning("\(warning)")
                return warning
            } + warnings
        let claims = PluginIDClaims.claims(files: files, records: records)
        let entries = files.indices.map { index in
            RegistryEntry(file: files[index], directory: directories[index], record: records[index], claim: claims[index])
        }
        return Discovery(
            entries: entries, scanned: scanned, fromCache: fromCache, unreadableDirectories: unreadable, warnings: warnings)
    }

    /// Describes one file named directly (not necessarily on the search path), through the cache.
    public func describe(path: String) throws(PluginScanner.Failure) -> (RegistryEntry, Discovery) {
        let file = PluginFile.identify(path: path, resolve: true)
        let (records, scanned, warnings, fromCache) = try records(
            for: [file], refusals: [refusal(of: file, directoryExposure: nil, directory: nil)],
            progress: { _, _ in })
        let entry = RegistryEntry(file: file, directory: "", record: records[0], claim: nil)
        return (
            entry, Discovery(entries: [entry], scanned: scanned, fromCache: fromCache, unreadableDirectories: [], warnings: warnings)
        )
    }

    /// Why `file` must not be loaded: it, the search-path directory it was found in (whose problem
    /// is `directoryExposure`), or the directory it really lives in can be changed by another user.
    /// Nil when it is safe, or when insecure plugins are allowed.
    /// The directory part of a file's path ("." when it has none).
    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private func refusal(of file: PluginFile, directoryExposure: String?, directory: String?) -> PluginError? {
        // Not a regular file: nothing will open it as a plugin; the check after says not-a-file.
        guard !allowInsecurePlugins, let permissions = file.permissions, permissions.isRegularFile else { return nil }
        // A path with no link on the way is its real path, and its directory the one searched.
        let realDirectory =
            directory != nil && file.realPath == file.path
            ? nil : file.realPath.lastIndex(of: "/").map { String(file.realPath[..<$0]) }.map { $0.isEmpty ? "/" : $0 }
        let realExposure = realDirectory.flatMap { real in
            real == directory ? nil : FilePermissions.of(path: real)?.exposure(of: "the directory \(real) that holds it")
        }
        guard let problem = permissions.exposure(of: "the file") ?? directoryExposure ?? realExposure else { return nil }
        return PluginError(
            .insecure, path: file.path,
            "refused, since another user could change the code pophost would run: \(problem) (or allow insecure plugins explicitly)")
    }

    /// One record per file: refused, from the cache when the file is unchanged, else from a scan.
    private func records(
        for files: [PluginFile], refusals: [PluginError?], progress: (Int, Int) -> Void
    ) throws(PluginScanner.Failure)
        -> (records: [ScanRecord], scanned: [String], warnings: [String], fromCache: Int)
    {
        var warnings: [String] = []
        var stored: CachedRecords?
        var damaged = false
        if let cacheFile, !forceRescan {
            switch RegistryCache.load(from: cacheFile) {
            case .loaded(let loaded, let discarded):
                stored = loaded
                if !discarded.isEmpty {
                    damaged = true
                    let lines = discarded.prefix(8).map(String.init).joined(separator: ", ") + (discarded.count > 8 ? ", …" : "")
                    let warning =
                        "the registry cache \(cacheFile) has \(discarded.count) corrupt record\(discarded.count == 1 ? "" : "s") (line\(discarded.count == 1 ? "" : "s") \(lines): checksum mismatch or malformed); discarding \(discarded.count == 1 ? "it" : "them") and rescanning"
                    Self.logger.warning("\(warning)")
                    warnings.append(warning)
                }
            case .absent: break
            case .corrupt(let reason):
                let warning = "the registry cache \(cacheFile) is corrupt (\(reason)); discarding it and rescanning"
                Self.logger.warning("\(warning)")
                warnings.append(warning)
            }
        }
        var cacheHits = 0
        var records: [ScanRecord?] = []
        records.reserveCapacity(files.count)
        for index in files.indices {
            // A refusal is decided afresh every time (it depends on the permissions and the option).
            if let refusal = refusals[index] {
                records.append(ScanRecord(.failed(error: refusal)))
            } else if let cached = stored?.entry(for: files[index].realPath),
                files[index].isUnchanged(since: cached.size, mtime: cached.mtime)
            {
                cacheHits += 1
                records.append(cached.record)
            } else {
                records.append(nil)
            }
        }
        // Files that are gone, not regular or not ELF are rejected here: nothing to open.
        var toScan: [Int] = []
        for index in files.indices where records[index] == nil {
            do {
                try ELFCheck.validate(path: files[index].path)
                toScan.append(index)
            } catch {
                records[index] = ScanRecord(.failed(error: error))
            }
        }
        let scanned = toScan.map { files[$0].path }
        if !scanned.isEmpty {
            let scan = try scanner.scan(scanned, progress: progress)
            for (position, index) in toScan.enumerated() { records[index] = ScanRecord(scan.outcomes[position]) }
            for crash in scan.unattributedCrashes {
                Self.logger.warning("\(crash)")
                warnings.append(crash)
            }
        }
        let final = records.map { $0! }
        // Rewrite the cache only when some file that exists did not come from it, or it held damage.
        let isCacheable = { (index: Int) in files[index].size >= 0 && refusals[index] == nil }
        if let cacheFile, forceRescan || damaged || cacheHits < files.indices.count(where: isCacheable) {
            var cache = RegistryCache(entries: stored?.entries ?? [:])
            let current = Set(files.map(\.realPath))
            cache.entries = cache.entries.filter { path, entry in
                current.contains(path) || PluginFile.identify(path: path).isUnchanged(since: entry.size, mtime: entry.mtime)
            }
            for index in files.indices where isCacheable(index) {
                cache.entries[files[index].realPath] = RegistryCache.Entry(
                    size: files[index].size, mtime: files[index].mtime, record: final[index])
            }
            do { try cache.save(to: cacheFile) } catch {
                Self.logger.warning("\(error)")
                warnings.append("\(error)")
            }
        }
        return (final, scanned, warnings, cacheHits)
    }
}
