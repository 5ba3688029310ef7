import PopModel
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The records of a registry cache file that passed their checks, kept as ranges of the file's bytes
/// and found by the bytes of a real path (`ByteStringTable`). Reading the cache makes no `String` for a
/// path, no dictionary entry and no object for a record: a file on the search path gets a `ScanRecord`
/// that points here, each distinct plugin id is one `String` however many records share it, and a `PluginInfo` is
/// decoded from the JSON the first time someone asks for it. Every record is still checked when the
/// file is read (`RegistryCache.load`); only what a record says waits (issue 30; docs/benchmarks.md,
/// "Warm discovery, issue 30, records left in the file").
final class CachedRecords: Sendable {
    /// One record line.
    struct Record {
        /// The real path's bytes: a range of the file, or of `unescapedPaths` when the line escaped some.
        var path: Range<Int>
        var pathIsUnescaped: Bool
        var size: Int64
        var mtime: Int64
        /// The plugin id's position in `ids`, or -1 for a file that failed (its error is in `problems`).
        var id: Int32
        /// The `PluginInfo` JSON of a loaded plugin.
        var info: Range<Int>
    }

    private let bytes: [UInt8]
    private let unescapedPaths: [UInt8]
    private let records: [Record]
    private let byPath: ByteStringTable
    private let ids: [String]
    /// The failed files' errors: decoded when the cache is read, since a record whose error does not
    /// decode is discarded like one whose checksum fails.
    private let problems: [Int: PluginError]
    /// The `PluginInfo`s decoded so far, by record (nil: the JSON does not decode).
    private let decoded = Mutex<[Int: PluginInfo?]>([:])

    private init(_ builder: Builder, bytes: [UInt8]) {
        self.bytes = bytes
        unescapedPaths = builder.unescapedPaths
        records = builder.records
        byPath = builder.byPath
        ids = builder.ids
        problems = builder.problems
    }

    /// How many paths have a record.
    var count: Int { byPath.count }

    /// The record of the file whose real path is `realPath`, if there is one.
    func entry(for realPath: String) -> RegistryCache.Entry? {
        var key = realPath
        let found = key.withUTF8 { key in
            let key = UnsafeRawBufferPointer(key), hash = ByteStringTable.hash(key)
            return bytes.withUnsafeBytes { file in
                unescapedPaths.withUnsafeBytes { unescaped in
                    byPath.find(hash) { Self.path(of: records[$0], file, unescaped).elementsEqual(bytes: key) }
                }
            }
        }
        return found.map(entry(at:))
    }

    /// Every record by its path: what a rewrite of the cache starts from. For two lines of one path,
    /// the later one, as when the lines were read into a dictionary.
    var entries: [String: RegistryCache.Entry] {
        var entries: [String: RegistryCache.Entry] = [:]
        entries.reserveCapacity(byPath.count)
        for index in byPath.numbers.sorted() {
            let path = bytes.withUnsafeBytes { file in
                unescapedPaths.withUnsafeBytes { String(decoding: Self.path(of: records[index], file, $0), as: UTF8.self) }
            }
            entries[path] = entry(at: index)
        }
        return entries
    }

    func pluginID(of index: Int) -> String? {
        let id = records[index].id
        return id < 0 ? nil : ids[Int(id)]
    }

    func problem(of index: Int) -> PluginError? {
        records[index].id < 0 ? problems[index] : nil
    }

    /// The plugin's description, decoded on first use; nil for a failed file, or when the JSON does not
    /// decode although its checksum holds (`RegistryEntry` reports that entry as an error).
    func info(of index: Int) -> PluginInfo? {
        guard records[index].id >= 0 else { return nil }
        if let known = decoded.withLock({ $0[index] }) { return known }
        // Decoded outside the lock, so that threads reading different records do not wait for each
        // other; the first to finish is kept.
        let info = try? ValueDecoder().decode(PluginInfo.self, json: bytes[records[index].info])
        return decoded.withLock { decoded in
            if let known = decoded[index] { return known }
            decoded[index] = .some(info)
            return info
        }
    }

    /// The undecoded `PluginInfo` JSON of a loaded plugin, as the cache stores it.
    func encodedInfo(of index: Int) -> ArraySlice<UInt8> { bytes[records[index].info] }

    private func entry(at index: Int) -> RegistryCache.Entry {
        RegistryCache.Entry(size: records[index].size, mtime: records[index].mtime, record: ScanRecord(cached: self, index: index))
    }

    /// The bytes of `record`'s path, in `file` or in `unescapedPaths`.
    private static func path(
        of record: Record, _ file: UnsafeRawBufferPointer, _ unescapedPaths: UnsafeRawBufferPointer
    ) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: (record.pathIsUnescaped ? unescapedPaths : file)[record.path])
    }

    /// Collects the records while `RegistryCache` reads the file, then makes the `CachedRecords`.
    struct Builder {
        fileprivate var unescapedPaths: [UInt8] = []
        fileprivate var records: [Record] = []
        fileprivate var byPath: ByteStringTable
        fileprivate var ids: [String] = []
        /// Where each of `ids` is in the file, to compare the next record's id with.
        private var idRanges: [Range<Int>] = []
        private var byID = ByteStringTable(expected: 8)
        fileprivate var problems: [Int: PluginError] = [:]

        init(expected: Int) {
            byPath = ByteStringTable(expected: expected)
            records.reserveCapacity(expected)
        }

        /// Adds the record of `bytes[path]` (or of `unescaped`, the path the line escaped): a loaded
        /// plugin's `id` and `info` ranges of `bytes`, or a failed file's `problem`.
        mutating func add(
            path: Range<Int>, unescaped: [UInt8]?, size: Int64, mtime: Int64, id: Range<Int>, info: Range<Int>,
            of bytes: UnsafeRawBufferPointer
        ) {
            let idNumber = number(ofID: id, in: bytes)
            append(Record(path: path, pathIsUnescaped: false, size: size, mtime: mtime, id: Int32(idNumber), info: info), unescaped, bytes)
        }

        mutating func add(
            path: Range<Int>, unescaped: [UInt8]?, size: Int64, mtime: Int64, problem: PluginError, of bytes: UnsafeRawBufferPointer
        ) {
            problems[records.count] = problem
            append(Record(path: path, pathIsUnescaped: false, size: size, mtime: mtime, id: -1, info: 0..<0), unescaped, bytes)
        }

        func build(_ bytes: [UInt8]) -> CachedRecords { CachedRecords(self, bytes: bytes) }

        private mutating func append(_ record: Record, _ unescaped: [UInt8]?, _ file: UnsafeRawBufferPointer) {
            var record = record
            if let unescaped {
                record.path = unescapedPaths.count..<unescapedPaths.count + unescaped.count
                record.pathIsUnescaped = true
                unescapedPaths += unescaped
            }
            records.append(record)
            let index = records.count - 1, records = records, unescapedPaths = unescapedPaths
            unescapedPaths.withUnsafeBytes { unescaped in
                let path = CachedRecords.path(of: record, file, unescaped)
                byPath.insert(index, hash: ByteStringTable.hash(path)) {
                    CachedRecords.path(of: records[$0], file, unescaped).elementsEqual(bytes: path)
                }
            }
        }

        /// The position of the id `bytes[range]` in `ids`, added when it is new: each distinct id is
        /// one `String`, however many copies of its plugin the cache holds.
        private mutating func number(ofID range: Range<Int>, in bytes: UnsafeRawBufferPointer) -> Int {
            let id = UnsafeRawBufferPointer(rebasing: bytes[range])
            let hash = ByteStringTable.hash(id)
            if let known = byID.find(hash, matches: { UnsafeRawBufferPointer(rebasing: bytes[idRanges[$0]]).elementsEqual(bytes: id) }) {
                return known
            }
            ids.append(String(decoding: id, as: UTF8.self))
            self.idRanges.append(range)
            byID.insert(ids.count - 1, hash: hash) { _ in false }
            return ids.count - 1
        }
    }
}

extension UnsafeRawBufferPointer {
    /// Whether the two hold the same bytes (`memcmp`).
    fileprivate func elementsEqual(bytes other: UnsafeRawBufferPointer) -> Bool {
        count == other.count && (count == 0 || memcmp(baseAddress!, other.baseAddress!, count) == 0)
    }
}
