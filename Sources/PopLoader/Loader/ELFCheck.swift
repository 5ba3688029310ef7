#if canImport(Glibc)
import Glibc
#endif

/// The one ELF reader's first part: checks a candidate plugin file before anything opens it with
/// `dlopen` — is it a regular file, an ELF shared object for this machine, and whole? — reading at
/// most the ELF and program headers. `ELFDynamicInfo` builds on it to read a library's tables.
package enum ELFCheck {
    #if arch(x86_64)
    package static let hostMachine: UInt16 = 62  // EM_X86_64
    #elseif arch(arm64)
    package static let hostMachine: UInt16 = 183  // EM_AARCH64
    #endif

    /// Throws a `PluginError` (not-a-file, not-elf, truncated, wrong-architecture, load-failed)
    /// when the file at `path` cannot be a loadable plugin; returns the file's identity.
    @discardableResult
    package static func validate(path: String) throws(PluginError) -> FileIdentity {
        // open + fstat + one pread (two when the program headers lie past the first KiB) + close:
        // this runs before every in-process load, so it stays within a handful of system calls.
        let fd = try open(path)
        defer { close(fd) }
        return try validate(descriptor: fd, path: path).identity
    }

    /// Opens `path` for reading, or says why it cannot be (not-a-file, permission-denied).
    package static func open(_ path: String) throws(PluginError) -> Int32 {
        let fd = PathBytes.withCString(path) { Glibc.open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard fd >= 0 else {
            let error = errno
            if error == EACCES || error == EPERM { throw permissionDenied(path) }
            let cause = error == ENOENT ? "no such file" : "cannot open: \(String(cString: strerror(error)))"
            throw PluginError(.notAFile, path: path, cause)
        }
        return fd
    }

    /// The file exists but this user may not read it: its mode and owner say why.
    private static func permissionDenied(_ path: String) -> PluginError {
        var info = stat()
        guard PathBytes.withCString(path, { stat($0, &info) }) == 0 else {
            return PluginError(
                .permissionDenied, path: path,
                "permission denied: a directory on the way cannot be searched by this user (uid \(geteuid()))")
        }
        let mode = String(info.st_mode & 0o7777, radix: 8)
        return PluginError(
            .permissionDenied, path: path,
            "permission denied: this user (uid \(geteuid())) may not read it (mode \(String(repeating: "0", count: max(0, 4 - mode.count)) + mode), owner uid \(info.st_uid)); make it readable, e.g. chmod a+r"
        )
    }

    /// Validates the file open on `fd` (named `path` in errors); returns its identity and size.
    package static func validate(descriptor fd: Int32, path: String) throws(PluginError) -> (identity: FileIdentity, size: UInt64) {
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw PluginError(.notAFile, path: path, "not a regular file")
        }
        let size = UInt64(info.st_size)
        try withUnsafeTemporaryAllocation(byteCount: 1024, alignment: 8) { buffer throws(PluginError) in
            let got = pread(fd, buffer.baseAddress, buffer.count, 0)
            try check(UnsafeRawBufferPointer(buffer), got: max(0, got), size: size, fd: fd, path: path)
        }
        return (FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)), size)
    }

    /// Checks the file's first `got` bytes, `head`, reading the program headers if they lie beyond.
    private static func check(_ head: UnsafeRawBufferPointer, got: Int, size: UInt64, fd: Int32, path: String) throws(PluginError) {
        let magic: [UInt8] = [0x7F, 0x45, 0x4C, 0x46]
        guard got > 0 else { throw PluginError(.notELF, path: path, "empty file, not an ELF shared library") }
        // Only the `got` bytes read are looked at: the rest of `head` was never written.
        let checked = min(got, 4)
        guard head.prefix(checked).elementsEqual(magic.prefix(checked)) else {
            throw PluginError(
                .notELF, path: path,
                got < 4 ? "not an ELF file (\(got) bytes)" : "not an ELF file (starts with \(describeBytes(head[0..<4])))")
        }
        // The identification's class and byte order are bytes 4 and 5: a shorter file has neither.
        guard got >= 6 else {
            throw PluginError(.truncated, path: path, "truncated ELF file: \(got) bytes, shorter than the ELF identification")
        }
        guard head[4] == 2 else {  // ELFCLASS64
            throw PluginError(.wrongArchitecture, path: path, "a 32-bit ELF file; this host loads 64-bit plugins")
        }
        guard head[5] == 1 else {  // ELFDATA2LSB
            throw PluginError(.wrongArchitecture, path: path, "a big-endian ELF file; this host is little-endian")
        }
        guard got >= 64 else {
            throw PluginError(.truncated, path: path, "truncated ELF file: \(size) bytes, shorter than the 64-byte ELF header")
        }
        let type = read16(head, 16), machine = read16(head, 18)
        guard machine == hostMachine else {
            throw PluginError(.wrongArchitecture, path: path, "built for ELF machine \(machine); this host is machine \(hostMachine)")
        }
        guard type == 3 else {  // ET_DYN
            throw PluginError(.loadFailed, path: path, "not a shared library (ELF type \(type))")
        }
        let phoff = read64(head, 32), shoff = read64(head, 40)
        let phentsize = UInt64(read16(head, 54)), phnum = UInt64(read16(head, 56))
        let shentsize = UInt64(read16(head, 58)), shnum = UInt64(read16(head, 60))
        // Offsets come from the file: compared without adding, so a huge one cannot overflow.
        if !fits(phoff, phentsize * phnum, within: size) {
            throw PluginError(
                .truncated, path: path,
                "truncated ELF file: program headers at byte \(phoff) (\(phentsize * phnum) bytes) lie past its \(size) bytes")
        }
        if shoff != 0 && !fits(shoff, shentsize * shnum, within: size) {
            throw PluginError(
                .truncated, path: path,
                "truncated ELF file: section headers at byte \(shoff) (\(shentsize * shnum) bytes) lie past its \(size) bytes")
        }
        guard phentsize >= 56, phnum > 0 else { return }
        if phoff + phentsize * phnum <= UInt64(got) {
            try checkSegments(head, at: Int(phoff), count: Int(phnum), entrySize: Int(phentsize), size: size, path: path)
            return
        }
        let headers = UnsafeMutableRawBufferPointer.allocate(byteCount: Int(phentsize * phnum), alignment: 8)
        defer { headers.deallocate() }
        guard pread(fd, headers.baseAddress, headers.count, off_t(phoff)) == headers.count else {
            throw PluginError(.truncated, path: path, "truncated ELF file: cannot read its program headers")
        }
        try checkSegments(UnsafeRawBufferPointer(headers), at: 0, count: Int(phnum), entrySize: Int(phentsize), size: size, path: path)
    }

    /// Every segment described by the program headers at `at` must lie within the file.
    private static func checkSegments(
        _ headers: UnsafeRawBufferPointer, at base: Int, count: Int, entrySize: Int, size: UInt64, path: String
    ) throws(PluginError) {
        for index in 0..<count {
            let entry = base + index * entrySize
            let offset = read64(headers, entry + 8), fileSize = read64(headers, entry + 32)
            if !fits(offset, fileSize, within: size) {
                throw PluginError(
                    .truncated, path: path,
                    "truncated ELF file: segment \(index) at byte \(offset) (\(fileSize) bytes) lies past its \(size) bytes")
            }
        }
    }

    /// Whether `length` bytes at `offset` lie within a file of `size` bytes.
    private static func fits(_ offset: UInt64, _ length: UInt64, within size: UInt64) -> Bool {
        offset <= size && length <= size - offset
    }

    private static func read16(_ bytes: UnsafeRawBufferPointer, _ at: Int) -> UInt16 {
        UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt16.self))
    }

    private static func read64(_ bytes: UnsafeRawBufferPointer, _ at: Int) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self))
    }

    private static func describeBytes(_ bytes: some Collection<UInt8>) -> String {
        let printable = bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        return printable
            ? "\"\(String(decoding: bytes, as: UTF8.self))\""
            : bytes.map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
    }
}
