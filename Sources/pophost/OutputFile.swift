#if canImport(Glibc)
import Glibc
#endif

/// The files a command writes for its user (a picture, frames, a trace, a report): written whole,
/// and when that fails, the OS's reason ("Is a directory", "Permission denied"), which Foundation's
/// errors do not give on Linux.
enum OutputFile {
    /// Writes `text` to `path`, created or truncated; nil, or why it could not.
    static func write(_ text: String, to path: String) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        defer { close(descriptor) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            bytes = bytes.dropFirst(written)
        }
        return nil
    }
}
