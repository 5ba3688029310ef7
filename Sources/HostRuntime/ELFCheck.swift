#if canImport(Glibc)
import Glibc
#endif

/// Checks a candidate plugin file before anything opens it with `dlopen`: is it a regular file, an
/// ELF shared object for this machine, and whole? Reads at most the ELF and program headers.
enum ELFCheck {
    #if arch(x86_64)
    static let hostMachine: UInt16 = 62  // EM_X86_64
    #elseif arch(arm64)
    static let hostMachine: UInt16 = 183  // EM_AARCH64
    #endif

    /// Throws a `PluginError` (not-a-file, not-elf, truncated, wrong-architecture, load-failed)
    /// when the file at `path` cannot be a loadable plugin.
    static func validate(path: String) throws(PluginError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw PluginError(.notAFile, path: path, "cannot stat: \(String(cString: strerror(errno)))")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw PluginError(.notAFile, path: path, "not a regular file")
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw PluginError(.notAFile, path: path, "cannot open: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let size = UInt64(info.st_size)

        var header = [UInt8](repeating: 0, count: 64)
        let got = header.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 64, 0) }
        let magic: [UInt8] = [0x7F, 0x45, 0x4C, 0x46]
        if got < 4 {
            if got > 0 && Array(header[0..<got]) == Array(magic[0..<got]) {
                throw PluginError(.truncated, path: path, "truncated ELF file: \(got) bytes, shorter than the ELF identification")
            }
            throw PluginError(.notELF, path: path, got == 0 ? "empty file, not an ELF shared library" : "not an ELF file (\(got) bytes)")
        }
        guard Array(header[0..<4]) == magic else {
            throw PluginError(.notELF, path: path, "not an ELF file (starts with \(describeBytes(header[0..<4])))")
        }
        guard header[4] == 2 else {  // ELFCLASS64
            throw PluginError(.wrongArchitecture, path: path, "a 32-bit ELF file; this host loads 64-bit plugins")
        }
        guard header[5] == 1 else {  // ELFDATA2LSB
            throw PluginError(.wrongArchitecture, path: path, "a big-endian ELF file; this host is little-endian")
        }
        guard got == 64 else {
            throw PluginError(.truncated, path: path, "truncated ELF file: \(size) bytes, shorter than the 64-byte ELF header")
        }
        let type = read16(header, 16), machine = read16(header, 18)
        guard machine == hostMachine else {
            throw PluginError(.wrongArchitecture, path: path, "built for ELF machine \(machine); this host is machine \(hostMachine)")
        }
        guard type == 3 else {  // ET_DYN
            throw PluginError(.loadFailed, path: path, "not a shared library (ELF type \(type))")
        }
        let phoff = read64(header, 32), shoff = read64(header, 40)
        let phentsize = UInt64(read16(header, 54)), phnum = UInt64(read16(header, 56))
        let shentsize = UInt64(read16(header, 58)), shnum = UInt64(read16(header, 60))
        if phoff + phentsize * phnum > size {
            throw PluginError(.truncated, path: path, "truncated ELF file: program headers end at byte \(phoff + phentsize * phnum) of \(size)")
        }
        if shoff != 0 && shoff + shentsize * shnum > size {
            throw PluginError(.truncated, path: path, "truncated ELF file: section headers end at byte \(shoff + shentsize * shnum) of \(size)")
        }
        guard phentsize >= 56, phnum > 0 else { return }
        var programHeaders = [UInt8](repeating: 0, count: Int(phentsize * phnum))
        let read = programHeaders.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(phoff)) }
        guard read == programHeaders.count else {
            throw PluginError(.truncated, path: path, "truncated ELF file: cannot read its program headers")
        }
        for index in 0..<Int(phnum) {
            let base = index * Int(phentsize)
            let offset = read64(programHeaders, base + 8), fileSize = read64(programHeaders, base + 32)
            if offset + fileSize > size {
                throw PluginError(.truncated, path: path, "truncated ELF file: segment \(index) ends at byte \(offset + fileSize) of \(size)")
            }
        }
    }

    private static func read16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    private static func read64(_ bytes: [UInt8], _ at: Int) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[at + $1]) << (8 * UInt64($1)) }
    }

    private static func describeBytes(_ bytes: ArraySlice<UInt8>) -> String {
        let printable = bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        return printable
            ? "\"\(String(decoding: bytes, as: UTF8.self))\""
            : bytes.map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
    }
}
