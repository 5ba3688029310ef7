import CRegistryChecksum
import PopModel
import PopProcess

#if canImport(Glibc)
import Glibc
#endif

/// The on-disk registry cache: every scanned file's outcome keyed on its real path, valid while the
/// file's size and mtime are unchanged.
///
/// Format (UTF-8 text, one record a line, fields separated by tabs):
///
///     pophost-registry-cache <format> <abi major.minor.patch>
///     <checksum> <real path> <size> <mtime ns> ok <plugin id> <PluginInfo JSON>
///     <checksum> <real path> <size> <mtime ns> error <category> <PluginError JSON>
///
/// The checksum is a 64-bit hash of the rest of the line (`checksum(_:)`), in 16 hex digits: the JSON is kept
/// undecoded until a caller asks for the plugin's details, so without it a record edited or damaged
/// on disk would be believed (a plugin listed `ok` with no id or components, on every run). A record
/// whose checksum does not match, or that does not parse, is discarded alone and its file rescanned.
/// Paths escape `%`, tab and newline as `%25`, `%09`, `%0A`. A cache of another format or ABI is
/// ignored. Written atomically (temporary file, fsync, rename, fsync of the directory), so a reader
/// sees the old cache or the new one, never half of either.
struct RegistryCache {
    static let formatVersion = 7
    static let magic = "pophost-registry-cache"

    /// The records `save` writes, by real path. Reading a cache gives `CachedRecords` instead, which
    /// leaves the records in the file's bytes until they are asked for (a rewrite starts from its `entries`).
    var entries: [String: Entry] = [:]

    struct Entry {
        var size: Int64
        var mtime: Int64
        var record: ScanRecord
    }

    /// `$XDG_CACHE_HOME/pophost/registry.cache`, else `~/.cache/pophost/registry.cache`.
    static func defaultLocation(environment: [String: String] = ProcessEnvironment.current) -> String? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/pophost/registry.cache" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.cache/pophost/registry.cache" }
        return nil
    }

    /// What reading the cache file found.
    enum LoadResult {
        /// The records that passed their checks, and the line numbers of those that did not.
        case loaded(CachedRecords, discarded: [Int])
        /// No cache yet, or one of another format or ABI: start empty, nothing to warn about.
        case absent
        /// Unreadable or malformed: start empty and warn.
        case corrupt(String)
    }

    private static var header: String { "\(magic) \(formatVersion) \(ABIVersion.host)" }

    static func load(from path: String) -> LoadResult {
        guard let bytes = LocalFiles.contents(of: path) else { return .absent }
        return parse(bytes)
    }

    /// Parses the file with one scan over its bytes. Every line's checksum and columns are checked
    /// here, so that a damaged record is known (and its file rescanned) in this discovery; what the
    /// records say stays in `file`'s bytes until a file on the search path asks (`CachedRecords`).
    private static func parse(_ file: [UInt8]) -> LoadResult {
        file.withUnsafeBufferPointer { bytes in
            guard let headerEnd = find(0x0A, in: bytes, from: 0) else { return .corrupt("not a registry cache (no header line)") }
            let headerLine = String(decoding: bytes[..<headerEnd], as: UTF8.self)
            guard headerLine.hasPrefix(magic + " ") else { return .corrupt("not a registry cache (no header line)") }
            guard headerLine == header else { return .absent }
            var records = CachedRecords.Builder(expected: bytes.count / 256)
            var discarded: [Int] = []
            var position = headerEnd + 1, number = 1
            while position < bytes.count {
                number += 1
                // A last line without its newline was cut short: it is checked (and fails) like any other.
                let end = find(0x0A, in: bytes, from: position) ?? bytes.count
                if !record(in: bytes, position..<end, into: &records) { discarded.append(number) }
                position = end + 1
            }
            return .loaded(records.build(file), discarded: discarded)
        }
    }

    /// Adds the record on the line `line` (without its newline) to `records`; false when its checksum
    /// does not match or it does not parse.
    private static func record(in bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, into records: inout CachedRecords.Builder) -> Bool
    {
        // The checksum, then five tab-terminated fields, then the JSON up to the end of the line.
        var cursor = line.lowerBound
        guard let checksumField = field(in: bytes, at: &cursor, before: line.upperBound),
            let recorded = parseHex(bytes, checksumField),
            recorded == checksum(UnsafeBufferPointer(rebasing: bytes[cursor..<line.upperBound])),
            let path = field(in: bytes, at: &cursor, before: line.upperBound),
            let sizeField = field(in: bytes, at: &cursor, before: line.upperBound),
            let mtimeField = field(in: bytes, at: &cursor, before: line.upperBound),
            let status = field(in: bytes, at: &cursor, before: line.upperBound),
            let id = field(in: bytes, at: &cursor, before: line.upperBound),
            let size = parseInt64(bytes, sizeField), let mtime = parseInt64(bytes, mtimeField)
        else { return false }
        let json = cursor..<line.upperBound
        let pathBytes = UnsafeBufferPointer(rebasing: bytes[path])
        let unescaped = find(0x25, in: pathBytes, from: 0) == nil ? nil : unescape(pathBytes)
        let raw = UnsafeRawBufferPointer(bytes)
        if matches(bytes, status, "ok") {
            guard !id.isEmpty, json.first.map({ bytes[$0] }) == 0x7B else { return false }
            records.add(path: path, unescaped: unescaped, size: size, mtime: mtime, id: id, info: json, of: raw)
        } else if matches(bytes, status, "error") {
            guard let error = try? ValueDecoder().decode(PluginError.self, json: bytes[json]) else { return false }
            records.add(path: path, unescaped: unescaped, size: size, mtime: mtime, problem: error, of: raw)
        } else {
            return false
        }
        return true
    }

    /// The field that starts at `cursor` and ends at the next tab before `end`; `cursor` moves past
    /// the tab. Nil when no tab comes before `end`.
    private static func field(in bytes: UnsafeBufferPointer<UInt8>, at cursor: inout Int, before end: Int) -> Range<Int>? {
        guard cursor < end, let tab = memchr(bytes.baseAddress! + cursor, 0x09, end - cursor) else { return nil }
        let field = cursor..<bytes.baseAddress!.distance(to: tab.assumingMemoryBound(to: UInt8.self))
        cursor = field.upperBound + 1
        return field
    }

    /// Whether `bytes[range]` are the bytes of `word`.
    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ word: StaticString) -> Bool {
        range.count == word.utf8CodeUnitCount && memcmp(bytes.baseAddress! + range.lowerBound, word.utf8Start, range.count) == 0
    }

    /// Two running sums over eight lanes of 8-byte words (format 7): each word is added to its
    /// lane's sum, and that sum to the lane's sum of sums, so a changed word changes the first and
    /// a moved one the second; then the sixteen sums, each spread over its word, the tail bytes and
    /// the length are folded with FNV-1a's step (xor, then multiply by its 64-bit prime).
    /// The sums are vector additions (`pop_registry_checksum_blocks`, in C for AVX2's four words an
    /// instruction), about a tenth of an instruction a byte, where the four-lane FNV of format 6 took
    /// half an instruction and byte-wise FNV-1a several: a record grows with its plugin's descriptors
    /// (6 KB for the Swift sample) and every warm start checks every record.
    static func checksum(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        let basis: UInt64 = 0xCBF2_9CE4_8422_2325
        var sums = SIMD8<UInt64>(repeating: 0), sumsOfSums = SIMD8<UInt64>(repeating: 0)
        let raw = UnsafeRawBufferPointer(bytes)
        let blocks = raw.count / 64
        if let base = bytes.baseAddress, blocks > 0 {
            withUnsafeMutableBytes(of: &sums) { sums in
                withUnsafeMutableBytes(of: &sumsOfSums) { sumsOfSums in
                    pop_registry_checksum_blocks(
                        base, blocks, sums.assumingMemoryBound(to: UInt64.self).baseAddress,
                        sumsOfSums.assumingMemoryBound(to: UInt64.self).baseAddress)
                }
            }
        }
        var offset = blocks * 64
        // Each sum goes through SplitMix64's finalizer (a bijection that spreads every bit over the
        // word) before the fold: a change that flips the top bit of a sum and of its sum of sums would
        // otherwise cancel, since FNV-1a's step carries a top-bit difference through unchanged.
        func spread(_ value: UInt64) -> UInt64 {
            var value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
        var hash = basis
        for lane in 0..<8 {
            hash = (hash ^ spread(sums[lane])) &* prime
            hash = (hash ^ spread(sumsOfSums[lane] ^ 0x9E37_79B9_7F4A_7C15)) &* prime
        }
        // The tail byte by byte, eight read at once (the first byte is the word's lowest).
        while offset &+ 8 <= raw.count {
            var word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            for _ in 0..<8 {
                hash = (hash ^ (word & 0xFF)) &* prime
                word >>= 8
            }
            offset &+= 8
        }
        while offset < raw.count {
            hash = (hash ^ UInt64(raw[offset])) &* prime
            offset &+= 1
        }
        return (hash ^ UInt64(raw.count)) &* prime
    }

    /// 16 lowercase hex digits (a line's checksum), read eight at once (`eightHexDigits`).
    static func parseHex(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64? {
        guard range.count == 16, let base = bytes.baseAddress else { return nil }
        let start = UnsafeRawPointer(base + range.lowerBound)
        guard let high = eightHexDigits(UInt64(littleEndian: start.loadUnaligned(as: UInt64.self))),
            let low = eightHexDigits(UInt64(littleEndian: start.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
        else { return nil }
        return high << 32 | low
    }

    /// The number that eight lowercase hex digits make, given as one little-endian word (the first
    /// digit in its lowest byte); nil when a byte is not one of 0-9 and a-f.
    static func eightHexDigits(_ word: UInt64) -> UInt64? {
        let ones: UInt64 = 0x0101_0101_0101_0101, tops: UInt64 = 0x8080_8080_8080_8080
        // With every top bit clear, adding 0x80 - lo to a byte sets its top bit when the byte is at
        // least lo, and no sum carries into the next byte.
        guard word & tops == 0 else { return nil }
        let digits = (word &+ 0x50 &* ones) & ~(word &+ 0x46 &* ones) & tops  // 0x30...0x39
        let letters = (word &+ 0x1F &* ones) & ~(word &+ 0x19 &* ones) & tops  // 0x61...0x66
        guard digits | letters == tops else { return nil }
        // Each byte's value (a letter's low nibble is 1-6, plus 9), then pairs, quadruples, halves.
        var value = (word & 0x0F0F_0F0F_0F0F_0F0F) &+ (letters >> 7) &* 9
        value = (value &* ((16 << 8) + 1)) >> 8
        value = ((value & 0x00FF_00FF_00FF_00FF) &* ((256 << 16) + 1)) >> 16
        return ((value & 0x0000_FFFF_0000_FFFF) &* ((65_536 << 32) + 1)) >> 32
    }

    /// The index of the first `byte` at or after `from`, by `memchr`.
    private static func find(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard from < bytes.count, let base = bytes.baseAddress,
            let hit = memchr(base + from, Int32(byte), bytes.count - from)
        else { return nil }
        return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
    }

    /// Writes the cache atomically, creating its directory.
    func save(to path: String) throws {
        var text = Array(Self.header.utf8) + [0x0A]
        for (file, entry) in entries.sorted(by: { $0.key < $1.key }) {
            let columns = entry.record.problem.map { ["error", $0.category.rawValue] } ?? ["ok", entry.record.pluginID ?? ""]
            let line =
                Array(([Self.escape(file), String(entry.size), String(entry.mtime)] + columns).joined(separator: "\t").utf8)
                + [0x09] + (try entry.record.encodedPayload())
            let checksum = line.withUnsafeBufferPointer(Self.checksum)
            let hex = String(checksum, radix: 16)
            text += Array((String(repeating: "0", count: 16 - hex.count) + hex).utf8) + [0x09] + line + [0x0A]
        }
        let parent = FilePaths.deletingLastComponent(path), directory = parent.isEmpty ? "." : parent
        do throws(LocalFiles.Failure) { try LocalFiles.createDirectories(directory) } catch {
            throw CacheWriteError(path: path, cause: "cannot create its directory: \(error)")
        }
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

    /// `%`, tab and newline as `%25`, `%09` and `%0A`.
    private static func escape(_ path: String) -> String {
        guard path.utf8.contains(where: { $0 == 0x25 || $0 == 0x09 || $0 == 0x0A }) else { return path }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(path.utf8.count + 8)
        for byte in path.utf8 {
            switch byte {
            case 0x25: escaped += [0x25, 0x32, 0x35]
            case 0x09: escaped += [0x25, 0x30, 0x39]
            case 0x0A: escaped += [0x25, 0x30, 0x41]
            default: escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    /// The path `escape` was given: `%09`, `%0A` and `%25` back to tab, newline and `%`; any other
    /// `%` stays as it is.
    private static func unescape(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var plain: [UInt8] = []
        plain.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x25, index + 2 < bytes.count {
                let escape = (bytes[index + 1], bytes[index + 2])
                let byte: UInt8? =
                    escape == (0x30, 0x39) ? 0x09 : escape == (0x30, 0x41) ? 0x0A : escape == (0x32, 0x35) ? 0x25 : nil
                if let byte {
                    plain.append(byte)
                    index += 3
                    continue
                }
            }
            plain.append(bytes[index])
            index += 1
        }
        return plain
    }
}

/// Parses decimal ASCII digits with an optional leading minus from `bytes[range]`: nil when there is
/// no digit, another byte, or a number beyond `Int64`. Eighteen digits cannot overflow, so up to
/// eighteen are read without an overflow check, eight at a time (`eightDigits`); a cache line's mtime
/// has nineteen.
func parseInt64(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int64? {
    var index = range.lowerBound
    let negative = index < range.upperBound && bytes[index] == 0x2D
    if negative { index += 1 }
    guard index < range.upperBound, let base = bytes.baseAddress else { return nil }
    let unchecked = min(range.upperBound, index + 18)
    var value: Int64 = 0
    while index + 8 <= unchecked {
        guard let eight = eightDigits(UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))) else {
            return nil
        }
        value = value &* 100_000_000 &+ Int64(eight)
        index += 8
    }
    while index < range.upperBound {
        let digit = bytes[index] &- 0x30
        guard digit <= 9 else { return nil }
        if index < unchecked {
            value = value &* 10 &+ Int64(digit)
        } else {
            let (times, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (sum, carried) = times.addingReportingOverflow(Int64(digit))
            guard !overflowed, !carried else { return nil }
            value = sum
        }
        index += 1
    }
    return negative ? -value : value
}

/// The number that eight ASCII digits make, given as one little-endian word (the first digit in its
/// lowest byte); nil when a byte is not a digit. Checks and combines all eight at once: pairs, then
/// quadruples, then the two halves, a multiplication each.
func eightDigits(_ word: UInt64) -> UInt64? {
    // A digit's byte is 0x3X with X + 6 < 16: its high nibble 3, and still 3 after adding 6. A byte
    // of 0xFA or more carries into the next, but fails the test by its own high nibble.
    let highNibbles = word & 0xF0F0_F0F0_F0F0_F0F0
    let afterSix = (word &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0
    guard highNibbles | (afterSix >> 4) == 0x3333_3333_3333_3333 else { return nil }
    var value = word & 0x0F0F_0F0F_0F0F_0F0F
    value = (value &* ((10 << 8) + 1)) >> 8
    value = ((value & 0x00FF_00FF_00FF_00FF) &* ((100 << 16) + 1)) >> 16
    return ((value & 0x0000_FFFF_0000_FFFF) &* ((10_000 << 32) + 1)) >> 32
}

/// The registry cache could not be written.
struct CacheWriteError: Error, CustomStringConvertible {
    let path: String
    let cause: String
    var description: String { "cannot write the registry cache \(path): \(cause)" }
}
