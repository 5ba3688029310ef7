import Glibc

/// File access and lexical path handling for scenarios.
package enum ScenarioFile {
    /// Why a file could not be read: the OS's words for `errno`.
    package struct ReadError: Error {
        package let reason: String

        init(errno code: Int32) { reason = String(cString: strerror(code)) }
        init(reason: String) { self.reason = reason }
    }

    /// The whole file, which must be a regular file: a FIFO would block the read until a writer
    /// comes, and a device such as /dev/zero never ends.
    package static func read(_ path: String) throws(ReadError) -> [UInt8] {
        // Non-blocking: opening a FIFO for reading must not wait for a writer.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw ReadError(errno: errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw ReadError(errno: errno) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw ReadError(errno: EISDIR)
        case S_IFIFO: throw ReadError(reason: "it is a FIFO, not a regular file")
        default: throw ReadError(reason: "it is not a regular file")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ReadError(errno: errno)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// `path` made absolute against the current directory and normalised.
    static func absolute(_ path: String) -> String {
        resolve(path, against: currentDirectory())
    }

    /// `path` if absolute, else `base/path`; normalised lexically ("." and ".." steps and repeated
    /// slashes removed; ".." above the root stays at the root). Symbolic links are not followed.
    static func resolve(_ path: String, against base: String) -> String {
        let joined = path.hasPrefix("/") ? path : base + "/" + path
        var components: [Substring] = []
        for component in joined.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..": _ = components.popLast()
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }

    /// The directory holding the file at absolute `path`.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    private static func currentDirectory() -> String {
        guard let pointer = getcwd(nil, 0) else { return "/" }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
