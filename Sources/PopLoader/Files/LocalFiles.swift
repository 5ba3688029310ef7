#if canImport(Glibc)
import Glibc
#endif

/// The file operations of the loader and the harness, on POSIX calls: what Foundation's
/// `FileManager` did for them, without loading Foundation (and ICU) into every process that links
/// them — a test's process and the plugin scanner start several milliseconds sooner
/// (docs/benchmarks.md, "The conformance harness"). Paths go through `PathBytes`.
package enum LocalFiles {
    /// What is at a path.
    package enum Kind: Equatable, Sendable {
        case directory, regularFile, symbolicLink, other
    }

    /// What is at `path`, links followed unless `followingLinks` is false; nil when nothing is.
    package static func kind(of path: String, followingLinks: Bool = true) -> Kind? {
        var info = stat()
        guard PathBytes.withCString(path, { followingLinks ? stat($0, &info) : lstat($0, &info) }) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .regularFile
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    /// Whether anything is at `path` (links followed).
    package static func exists(_ path: String) -> Bool { kind(of: path) != nil }

    /// Whether `path` is a directory (links followed).
    package static func isDirectory(_ path: String) -> Bool { kind(of: path) == .directory }

    /// The whole file at `path`; nil when it cannot be opened or read, or is a directory. A file
    /// whose size `fstat` tells is read into one buffer of that size, not copied again; one whose
    /// size the system does not know in advance (`/proc`'s) is read to its end.
    package static func contents(of path: String) -> [UInt8]? {
        let descriptor = PathBytes.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else { return nil }
        // One byte more than the size, so that the read that finds the end needs no second buffer.
        var capacity = max(Int(info.st_size) + 1, 4096)
        var bytes: [UInt8] = []
        while true {
            // 1: the buffer is full and more may follow; 0: the end; -1: a failure.
            var status = 0
            let chunk = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                initialized = 0
                while initialized < buffer.count {
                    let count = read(descriptor, buffer.baseAddress! + initialized, buffer.count - initialized)
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else {
                        status = count < 0 ? -1 : 0
                        return
                    }
                    initialized += count
                }
                status = 1
            }
            guard status >= 0 else { return nil }
            if bytes.isEmpty { bytes = chunk } else { bytes += chunk }
            if status == 0 { return bytes }
            capacity *= 2
        }
    }

    /// The names in `directory` other than "." and "..", in the order the system lists them; nil
    /// when it is not a directory that can be read.
    package static func names(in directory: String) -> [String]? {
        guard let stream = PathBytes.withCString(directory, { opendir($0) }) else { return nil }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String? in
                let bytes = raw.bindMemory(to: UInt8.self)
                let length = strnlen(bytes.baseAddress!, bytes.count)
                if length == 1 && bytes[0] == 0x2E || length == 2 && bytes[0] == 0x2E && bytes[1] == 0x2E { return nil }
                return PathBytes.string(UnsafeBufferPointer(rebasing: bytes[..<length]))
            }
            if let name { names.append(name) }
        }
        return names
    }

    /// Why a file operation failed: the system's words for `errno`.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String

        init(errno code: Int32) { description = String(cString: strerror(code)) }
    }

    /// Creates `directory` and whichever of its parents are missing, as `mkdir -p` does; a
    /// directory that exists already is no error.
    package static func createDirectories(_ directory: String) throws(Failure) {
        if isDirectory(directory) { return }
        let parent = FilePaths.deletingLastComponent(directory)
        if !parent.isEmpty && parent != directory { try createDirectories(parent) }
        guard PathBytes.withCString(directory, { mkdir($0, 0o777) }) == 0 || errno == EEXIST && isDirectory(directory) else {
            throw Failure(errno: errno)
        }
    }

    /// Writes `bytes` to `path` through a temporary file beside it, renamed into place: a reader
    /// sees the old file or the new one, never half of either.
    package static func writeAtomically(_ bytes: [UInt8], to path: String) throws(Failure) {
        let temporary = "\(path).tmp-\(getpid())"
        let descriptor = PathBytes.withCString(temporary) { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard descriptor >= 0 else { throw Failure(errno: errno) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            written += count
        }
        let code = errno
        close(descriptor)
        guard written == bytes.count else {
            unlink(temporary)
            throw Failure(errno: code)
        }
        guard PathBytes.withCString(temporary, { from in PathBytes.withCString(path, { rename(from, $0) }) }) == 0 else {
            let code = errno
            unlink(temporary)
            throw Failure(errno: code)
        }
    }
}
