#if canImport(Glibc)
import Glibc
#endif

/// What an ELF shared library's dynamic section and dynamic symbol table say, read from the file
/// without loading it. Every offset, size and index in the file is checked before use: a corrupt
/// file throws instead of being read out of bounds.
package struct ELFDynamicInfo: Sendable, Equatable {
    /// Symbols the library defines and exports to others: defined (st_shndx != SHN_UNDEF), binding
    /// GLOBAL, WEAK or GNU_UNIQUE, visibility DEFAULT or PROTECTED, type not SECTION/FILE. Sorted,
    /// each name once, without version suffixes.
    package var exportedSymbols: [String]
    /// DT_NEEDED entries in order.
    package var needed: [String]
    /// DT_RUNPATH entries split on ':' (empty when none), and DT_RPATH likewise.
    package var runpath: [String]
    package var rpath: [String]
    package var soname: String?

    /// The largest file `read(path:)` accepts; plugins are far smaller.
    package static let maximumFileSize = 512 << 20

    /// Reads the library at `path`. Throws a `PluginError` naming the file and the cause when it is
    /// not a loadable ELF shared object (`ELFCheck`'s checks, on the same open file) or its tables
    /// are truncated or out of range.
    package static func read(path: String) throws(PluginError) -> ELFDynamicInfo {
        let fd = try ELFCheck.open(path)
        defer { close(fd) }
        let (_, size) = try ELFCheck.validate(descriptor: fd, path: path)
        let image = ELFImage(bytes: try contents(of: fd, size: size, path: path), path: path)
        let tables = try image.tables()
        var info = ELFDynamicInfo(exportedSymbols: try image.exportedSymbols(tables), needed: [], runpath: [], rpath: [], soname: nil)
        for entry in try image.dynamicEntries(tables.dynamic) {
            switch entry.tag {
            case 1: info.needed.append(try image.string(at: entry.value, in: tables.dynamicStrings, "DT_NEEDED"))
            case 14: info.soname = try image.string(at: entry.value, in: tables.dynamicStrings, "DT_SONAME")
            case 15: info.rpath += searchPath(try image.string(at: entry.value, in: tables.dynamicStrings, "DT_RPATH"))
            case 29: info.runpath += searchPath(try image.string(at: entry.value, in: tables.dynamicStrings, "DT_RUNPATH"))
            default: break
            }
        }
        return info
    }

    /// A DT_RPATH or DT_RUNPATH value's directories, empty ones kept as written.
    private static func searchPath(_ value: String) -> [String] {
        value.isEmpty ? [] : value.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    }

    /// The whole file open on `fd`, `size` bytes by `fstat`, if that is at most `maximumFileSize`.
    private static func contents(of fd: Int32, size: UInt64, path: String) throws(PluginError) -> [UInt8] {
        guard size <= maximumFileSize else {
            throw PluginError(.loadFailed, path: path, "\(size) bytes, larger than the \(maximumFileSize >> 20) MiB an ELF reader accepts")
        }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        var done = 0
        while done < bytes.count {
            let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, $0.count - done, off_t(done)) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { throw PluginError(.notAFile, path: path, "cannot read: \(String(cString: strerror(errno)))") }
            guard got > 0 else {  // The file shrank since fstat: what was read is the file.
                bytes.removeLast(bytes.count - done)
                break
            }
            done += got
        }
        return bytes
    }
}

/// `count` entries of `entrySize` bytes from file offset `offset`, all within the file.
private struct ELFTable {
    var offset: UInt64
    var count: UInt64
    var entrySize: UInt64

    func entry(_ index: UInt64) -> UInt64 { offset + index * entrySize }
}

/// Where the dynamic array, the dynamic symbol table and the string tables they name lie.
private struct ELFTables {
    var dynamic: ELFTable
    var dynamicStrings: Range<UInt64>
    var symbols: ELFTable
    var symbolStrings: Range<UInt64>
}

/// An ELF64 little-endian shared object's bytes, with reads that throw rather than leave them.
private struct ELFImage {
    let bytes: [UInt8]
    let path: String

    /// The bytes of a file `ELFCheck` has validated; reads past their end (a file that changed
    /// since) still throw.
    init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }

    /// The tables the section headers describe or, when they describe none, the program headers.
    func tables() throws(PluginError) -> ELFTables {
        if let tables = try tablesFromSections() { return tables }
        return try tablesFromSegments()
    }

    /// The tables that the SHT_DYNAMIC and SHT_DYNSYM sections and their linked string tables
    /// describe; nil when the file has no section headers or lacks either section.
    private func tablesFromSections() throws(PluginError) -> ELFTables? {
        let offset = try u64(40), entrySize = UInt64(try u16(58))
        var count = UInt64(try u16(60))
        guard offset != 0 else { return nil }
        if count == 0 {  // More than 0xFF00 sections, or none: section 0's sh_size holds the count.
            count = try u64(try table(offset, count: 1, entrySize: entrySize, minimum: 64, "section header 0").offset + 32)
        }
        let sections = try table(offset, count: count, entrySize: entrySize, minimum: 64, "section headers")
        func section(ofType wanted: UInt32) throws(PluginError) -> UInt64? {
            for index in 0..<sections.count {
                if try u32(sections.entry(index) + 4) == wanted { return index }
            }
            return nil
        }
        guard let dynamic = try section(ofType: 6), let symbols = try section(ofType: 11) else { return nil }
        return ELFTables(
            dynamic: try sectionTable(dynamic, in: sections, minimum: 16, "the dynamic section"),
            dynamicStrings: try linkedStrings(of: dynamic, in: sections, "the dynamic section"),
            symbols: try sectionTable(symbols, in: sections, minimum: 24, "the dynamic symbol table"),
            symbolStrings: try linkedStrings(of: symbols, in: sections, "the dynamic symbol table"))
    }

    /// The entries of section `index`, checked to lie within the file.
    private func sectionTable(_ index: UInt64, in sections: ELFTable, minimum: UInt64, _ what: String) throws(PluginError) -> ELFTable {
        let header = sections.entry(index)
        let entrySize = try u64(header + 56)
        guard entrySize >= minimum else { throw malformed("\(what) has \(entrySize)-byte entries, expected \(minimum)") }
        return try table(try u64(header + 24), count: try u64(header + 32) / entrySize, entrySize: entrySize, minimum: minimum, what)
    }

    /// The bytes of the string table that section `index` links to through sh_link.
    private func linkedStrings(of index: UInt64, in sections: ELFTable, _ what: String) throws(PluginError) -> Range<UInt64> {
        let link = UInt64(try u32(sections.entry(index) + 40))
        guard link < sections.count else { throw malformed("\(what) links to section \(link) of \(sections.count)") }
        let header = sections.entry(link)
        guard try u32(header + 4) == 3 else { throw malformed("\(what) links to section \(link), which is not a string table") }
        return try range(try u64(header + 24), size: try u64(header + 32), "the string table of \(what)")
    }

    /// The tables that PT_DYNAMIC's DT_SYMTAB, DT_STRTAB, DT_STRSZ and DT_HASH or DT_GNU_HASH entries
    /// describe, their addresses mapped to file offsets through the PT_LOAD segments.
    private func tablesFromSegments() throws(PluginError) -> ELFTables {
        let segments = try table(try u64(32), count: UInt64(try u16(56)), entrySize: UInt64(try u16(54)), minimum: 56, "program headers")
        var loads: [(address: UInt64, offset: UInt64, size: UInt64)] = []
        var dynamic: ELFTable?
        for index in 0..<segments.count {
            let header = segments.entry(index)
            switch try u32(header) {
            case 1: loads.append((try u64(header + 16), try u64(header + 8), try u64(header + 32)))  // PT_LOAD
            case 2:
                dynamic = try table(
                    try u64(header + 8), count: try u64(header + 32) / 16, entrySize: 16, minimum: 16, "the dynamic segment")
            default: break
            }
        }
        guard let dynamic else { throw malformed("no dynamic section: neither a SHT_DYNAMIC section nor a PT_DYNAMIC segment") }
        var values: [Int64: UInt64] = [:]
        for entry in try dynamicEntries(dynamic) where values[entry.tag] == nil { values[entry.tag] = entry.value }
        func offset(of tag: Int64, _ name: String) throws(PluginError) -> UInt64? {
            guard let address = values[tag] else { return nil }
            guard let load = loads.first(where: { address >= $0.address && address - $0.address < $0.size }) else {
                throw malformed("\(name) address 0x\(String(address, radix: 16)) lies in no loaded segment")
            }
            return try range(load.offset, size: load.size, "a loaded segment").lowerBound + (address - load.address)
        }
        guard let symbols = try offset(of: 6, "DT_SYMTAB"), let strings = try offset(of: 5, "DT_STRTAB") else {
            throw malformed("the dynamic section names no DT_SYMTAB or no DT_STRTAB")
        }
        let count: UInt64
        if let hash = try offset(of: 4, "DT_HASH") {
            count = UInt64(try u32(hash + 4))  // nchain: one chain entry per symbol.
        } else if let gnuHash = try offset(of: 0x6FFF_FEF5, "DT_GNU_HASH") {
            count = try gnuHashSymbolCount(at: gnuHash)
        } else {
            throw malformed("the dynamic section names neither DT_HASH nor DT_GNU_HASH to count its symbols")
        }
        let stringTable = try range(strings, size: values[10] ?? 0, "the dynamic string table")
        let symbolTable = try table(symbols, count: count, entrySize: values[11] ?? 24, minimum: 24, "the dynamic symbol table")
        return ELFTables(dynamic: dynamic, dynamicStrings: stringTable, symbols: symbolTable, symbolStrings: stringTable)
    }

    /// The number of dynamic symbols a DT_GNU_HASH table at `offset` implies: one past the last
    /// symbol of the chain that starts at the highest bucket.
    private func gnuHashSymbolCount(at offset: UInt64) throws(PluginError) -> UInt64 {
        let bucketCount = UInt64(try u32(offset)), firstHashed = UInt64(try u32(offset + 4)), bloomWords = UInt64(try u32(offset + 8))
        let buckets = offset + 16 + bloomWords * 8
        let chains = try table(buckets, count: bucketCount, entrySize: 4, minimum: 4, "the GNU hash buckets").entry(bucketCount)
        var last: UInt64 = 0
        for index in 0..<bucketCount { last = max(last, UInt64(try u32(buckets + index * 4))) }
        guard last != 0 else { return firstHashed }
        guard last >= firstHashed else {
            throw malformed("a GNU hash bucket names symbol \(last), below the first hashed symbol \(firstHashed)")
        }
        // Reads past the end throw, so this ends.
        while try u32(chains + (last - firstHashed) * 4) & 1 == 0 { last += 1 }
        return last + 1
    }

    /// The dynamic array's (tag, value) pairs up to DT_NULL.
    func dynamicEntries(_ dynamic: ELFTable) throws(PluginError) -> [(tag: Int64, value: UInt64)] {
        var entries: [(tag: Int64, value: UInt64)] = []
        for index in 0..<dynamic.count {
            let tag = Int64(bitPattern: try u64(dynamic.entry(index)))
            if tag == 0 { break }
            entries.append((tag, try u64(dynamic.entry(index) + 8)))
        }
        return entries
    }

    /// The names of the symbols in the dynamic symbol table that the library exports.
    func exportedSymbols(_ tables: ELFTables) throws(PluginError) -> [String] {
        var names: Set<String> = []
        for index in 0..<tables.symbols.count {
            let symbol = tables.symbols.entry(index)
            let info = try u8(symbol + 4), visibility = try u8(symbol + 5) & 3
            let binding = info >> 4, type = info & 0xF
            guard try u16(symbol + 6) != 0,  // SHN_UNDEF
                binding == 1 || binding == 2 || binding == 10,  // GLOBAL, WEAK, GNU_UNIQUE
                visibility == 0 || visibility == 3,  // DEFAULT, PROTECTED
                type != 3 && type != 4  // SECTION, FILE
            else { continue }
            names.insert(try string(at: UInt64(try u32(symbol)), in: tables.symbolStrings, "symbol \(index)"))
        }
        return names.sorted()
    }

    /// The NUL-terminated string at `offset` in the string table `strings`.
    func string(at offset: UInt64, in strings: Range<UInt64>, _ what: String) throws(PluginError) -> String {
        guard offset < UInt64(strings.count) else {
            throw malformed("the name of \(what) starts at byte \(offset) of a \(strings.count)-byte string table")
        }
        let start = Int(strings.lowerBound + offset), end = Int(strings.upperBound)
        guard let terminator = bytes[start..<end].firstIndex(of: 0) else {
            throw malformed("the name of \(what) runs past the end of its string table")
        }
        return String(decoding: bytes[start..<terminator], as: UTF8.self)
    }

    /// `count` entries of `entrySize` (at least `minimum`) bytes from `offset`, or an error when
    /// they do not fit in the file.
    private func table(_ offset: UInt64, count: UInt64, entrySize: UInt64, minimum: UInt64, _ what: String) throws(PluginError) -> ELFTable
    {
        guard entrySize >= minimum else { throw malformed("\(what) has \(entrySize)-byte entries, expected \(minimum)") }
        let (size, overflow) = count.multipliedReportingOverflow(by: entrySize)
        guard !overflow else { throw truncated("\(what): \(count) entries of \(entrySize) bytes do not fit in the file") }
        return ELFTable(offset: try range(offset, size: size, what).lowerBound, count: count, entrySize: entrySize)
    }

    /// The `size` bytes from `offset`, or an error when they do not lie within the file.
    private func range(_ offset: UInt64, size: UInt64, _ what: String) throws(PluginError) -> Range<UInt64> {
        let fileSize = UInt64(bytes.count)
        guard offset <= fileSize, size <= fileSize - offset else {
            throw truncated("\(what) (\(size) bytes at offset \(offset)) end past the file's \(fileSize) bytes")
        }
        return offset..<(offset + size)
    }

    private func u8(_ offset: UInt64) throws(PluginError) -> UInt8 {
        UInt8(try load(offset, size: 1))
    }

    private func u16(_ offset: UInt64) throws(PluginError) -> UInt16 {
        UInt16(try load(offset, size: 2))
    }

    private func u32(_ offset: UInt64) throws(PluginError) -> UInt32 {
        UInt32(try load(offset, size: 4))
    }

    private func u64(_ offset: UInt64) throws(PluginError) -> UInt64 {
        try load(offset, size: 8)
    }

    /// The little-endian integer of `size` bytes at `offset`.
    private func load(_ offset: UInt64, size: Int) throws(PluginError) -> UInt64 {
        let start = Int(try range(offset, size: UInt64(size), "a field").lowerBound)
        var value: UInt64 = 0
        for index in (start..<start + size).reversed() { value = value << 8 | UInt64(bytes[index]) }
        return value
    }

    private func truncated(_ cause: String) -> PluginError {
        PluginError(.truncated, path: path, "truncated ELF file: \(cause)")
    }

    private func malformed(_ cause: String) -> PluginError {
        PluginError(.truncated, path: path, "malformed ELF file: \(cause)")
    }
}
