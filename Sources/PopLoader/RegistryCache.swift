import Foundation
import PopModel

#if canImport(Glibc)
import Glibc
#endif

/// The on-disk registry cache: every scanned file's outcome keyed on its real path, valid while the
/// file's size and mtime are unchanged.
///
/// Format (UTF-8 text, one record a line, fields separated by tabs):
///
///     pophost-registry-cache <format> <abi major.minor.patch>
///     <real path> <size> <mtime ns> ok <plugin id> <PluginInfo JSON>
///     <real path> <size> <mtime ns> error <category> <PluginError JSON>
///
/// Paths escape `%`, tab and newline as `%25`, `%09`, `%0A`. Reading a record costs a few field
/// splits; the JSON is decoded only when a caller asks for the plugin's details. A cache of another
/// format or ABI is ignored. Written atomically (temporary file, fsync, rename, fsync of the
/// directory), so a reader sees the old cache or the new one, never half of either.
struct RegistryCache {
    static let formatVersion = 2
    static let magic = "pophost-registry-cache"

    var entries: [String: Entry] = [:]

    struct Entry {
        var size: Int64
        var mtime: Int64
        var record: ScanRecord
    }

    /// `$XDG_CACHE_HOME/pophost/registry.cache`, else `~/.cache/pophost/registry.cache`.
    static func defaultLocation(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/pophost/registry.cache" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.cache/pophost/registry.cache" }
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

    private static var header: String { "\(magic) \(formatVersion) \(ABIVersion.host)" }

    static func load(from path: String) -> LoadResult {
        guard let data = FileManager.default.contents(atPath: path) else { return .absent }
        return parse(SharedBytes(data))
    }

    /// Parses the file with one scan over its bytes; descriptors stay undecoded ranges of `file`.
    private static func parse(_ file: SharedBytes) -> LoadResult {
        file.bytes.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let headerEnd = find(0x0A, in: bytes, from: 0) else { return .corrupt("not a registry cache (no header line)") }
            let headerLine = String(decoding: bytes[..<headerEnd], as: UTF8.self)
            guard headerLine.hasPrefix(magic + " ") else { return .corrupt("not a registry cache (no header line)") }
            guard headerLine == header else { return .absent }
            guard bytes.last == 0x0A else { return .corrupt("cut short (no final newline)") }
            var cache = RegistryCache()
            cache.entries.reserveCapacity(bytes.count / 256)
            var position = headerEnd + 1, number = 1
            var fields: [Range<Int>] = []
            fields.reserveCapacity(5)
            while position < bytes.count {
                number += 1
                guard let end = find(0x0A, in: bytes, from: position) else { return .corrupt("line \(number) is malformed") }
                // Five tab-terminated fields, then the JSON up to the newline.
                var cursor = position
                fields.removeAll(keepingCapacity: true)
                while fields.count < 5, let tab = find(0x09, in: bytes, from: cursor), tab < end {
                    fields.append(cursor..<tab)
                    cursor = tab + 1
                }
                guard fields.count == 5, let size = parseInt64(bytes, fields[1]), let mtime = parseInt64(bytes, fields[2]) else {
                    return .corrupt("line \(number) is malformed")
                }
                let pathBytes = UnsafeBufferPointer(rebasing: bytes[fields[0]])
                var path = String(decoding: pathBytes, as: UTF8.self)
                if find(0x25, in: pathBytes, from: 0) != nil { path = unescape(path) }
                let status = bytes[fields[3]], idField = fields[4], json = cursor..<end
                let record: ScanRecord
                if status.count == 2 && status.first == 0x6F {  // "ok"
                    guard !idField.isEmpty, bytes[json].first == 0x7B else { return .corrupt("line \(number) has no plugin description") }
                    record = ScanRecord(pluginID: String(decoding: bytes[idField], as: UTF8.self), encodedInfo: json, of: file)
                } else if status.count == 5 && status.first == 0x65 {  // "error"
                    guard let error = try? ValueDecoder().decode(PluginError.self, json: bytes[json]) else {
                        return .corrupt("line \(number) has a malformed error")
                    }
                    record = ScanRecord(.failed(error: error))
                } else {
                    return .corrupt("line \(number) has an unknown status")
                }
                cache.entries[path] = Entry(size: size, mtime: mtime, record: record)
                position = end + 1
            }
            return .loaded(cache)
        }
    }

    /// The index of the first `byte` at or after `from`, by `memchr`.
    private static func find(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard from < bytes.count, let base = bytes.baseAddress,
              let hit = memchr(base + from, Int32(byte), bytes.count - from) else { return nil }
        return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
    }

    /// Writes the cache atomically, creating its directory.
    func save(to path: String) throws {
        var text = Array(Self.header.utf8) + [0x0A]
        for (file, entry) in entries.sorted(by: { $0.key < $1.key }) {
            let columns = entry.record.problem.map { ["error", $0.category.rawValue] } ?? ["ok", entry.record.pluginID ?? ""]
            text += Array(([Self.escape(file), String(entry.size), String(entry.mtime)] + columns).joined(separator: "\t").utf8)
            text += [0x09] + (try entry.record.encodedPayload()) + [0x0A]
        }
        let directory = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let temporary = "\(path).tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw CacheWriteError(path: temporary, cause: String(cString: strerror(errno))) }
        let written = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == text.count, synced, rename(temporary, path) == 0 else {
            let cause = String(cString: strerror(errno))
            unlink(temporary)
            throw CacheWriteError(path: path, cause: cause)
        }
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 { fsync(directoryFD); close(directoryFD) }
    }

    private static func escape(_ path: String) -> String {
        guard path.utf8.contains(where: { $0 == 0x25 || $0 == 0x09 || $0 == 0x0A }) else { return path }
        return path.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\t", with: "%09").replacingOccurrences(of: "\n", with: "%0A")
    }

    private static func unescape(_ path: String) -> String {
        path.replacingOccurrences(of: "%09", with: "\t").replacingOccurrences(of: "%0A", with: "\n").replacingOccurrences(of: "%25", with: "%")
    }
}

/// Parses decimal ASCII digits with an optional leading minus from `bytes[range]`.
func parseInt64(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int64? {
    var index = range.lowerBound, negative = false
    if index < range.upperBound && bytes[index] == 0x2D { negative = true; index += 1 }
    guard index < range.upperBound else { return nil }
    var value: Int64 = 0
    while index < range.upperBound {
        let digit = bytes[index] &- 0x30
        guard digit <= 9 else { return nil }
        let (times, overflowed) = value.multipliedReportingOverflow(by: 10)
        let (sum, carried) = times.addingReportingOverflow(Int64(digit))
        guard !overflowed, !carried else { return nil }
        value = sum
        index += 1
    }
    return negative ? -value : value
}

/// The registry cache could not be written.
struct CacheWriteError: Error, CustomStringConvertible {
    let path: String
    let cause: String
    var description: String { "cannot write the registry cache \(path): \(cause)" }
}
