import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The on-disk registry cache: every scanned file's outcome keyed on its real path, valid while the
/// file's size and mtime are unchanged. The file carries the cache format and the host's ABI
/// version; a cache written by another format or ABI is ignored. Written atomically (temporary
/// file, fsync, rename), so a reader sees the old cache or the new one, never half of either.
struct RegistryCache: Codable, Equatable {
    static let formatVersion = 1

    var format = RegistryCache.formatVersion
    var abi = ABIVersion.host
    var entries: [String: Entry] = [:]

    struct Entry: Codable, Equatable {
        var size: Int64
        var mtime: Int64
        var outcome: ScanOutcome
    }

    /// `$XDG_CACHE_HOME/pophost/registry.json`, else `~/.cache/pophost/registry.json`.
    static func defaultLocation(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/pophost/registry.json" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.cache/pophost/registry.json" }
        return nil
    }

    /// What reading the cache file found.
    enum LoadResult {
        case loaded(RegistryCache)
        /// No cache yet, or one of another format or ABI: start empty, nothing to warn about.
        case absent
        /// Unreadable or malformed: start empty and warn.
        case corrupt(String)
    }

    static func load(from path: String) -> LoadResult {
        guard let data = FileManager.default.contents(atPath: path) else { return .absent }
        struct Header: Decodable { var format: Int; var abi: ABIVersion }
        guard let header = try? JSONDecoder().decode(Header.self, from: data) else {
            return .corrupt("not a registry cache (cannot read its header)")
        }
        guard header.format == formatVersion, header.abi == .host else { return .absent }
        do {
            return .loaded(try JSONDecoder().decode(RegistryCache.self, from: data))
        } catch {
            return .corrupt("malformed: \(error)")
        }
    }

    /// Writes the cache atomically, creating its directory.
    func save(to path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(self)
        let temporary = "\(path).tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw CacheWriteError(path: temporary, cause: String(cString: strerror(errno))) }
        let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == data.count, synced, rename(temporary, path) == 0 else {
            let cause = String(cString: strerror(errno))
            unlink(temporary)
            throw CacheWriteError(path: path, cause: cause)
        }
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 { fsync(directoryFD); close(directoryFD) }
    }
}

/// The registry cache could not be written.
struct CacheWriteError: Error, CustomStringConvertible {
    let path: String
    let cause: String
    var description: String { "cannot write the registry cache \(path): \(cause)" }
}
