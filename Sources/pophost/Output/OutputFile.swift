import HostRuntime

#if canImport(Glibc)
import Glibc
#endif

/// The files a command writes for its user (a picture, frames, a trace, a report): written whole
/// beside the destination, then renamed onto it, so a failed write never leaves half a file; when
/// it fails, the OS's reason ("Is a directory", "Permission denied"), which Foundation's errors do
/// not give on Linux.
enum OutputFile {
    /// Writes `text` to `path`; nil, or why it could not.
    static func write(_ text: String, to path: String) -> String? {
        var info = stat()
        if PathBytes.withCString(path, { stat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFDIR {
            return String(cString: strerror(EISDIR))
        }
        let temporary = path + ".pophost-\(getpid())"
        let descriptor = PathBytes.withCString(temporary) { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        var bytes = Array(text.utf8)[...]
        var failure: Int32?
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                failure = errno
                break
            }
            bytes = bytes.dropFirst(written)
        }
        close(descriptor)
        if failure == nil, PathBytes.withCString(temporary, { from in PathBytes.withCString(path) { rename(from, $0) } }) != 0 {
            failure = errno
        }
        guard let failure else { return nil }
        _ = PathBytes.withCString(temporary) { unlink($0) }
        return String(cString: strerror(failure))
    }
}
