#if canImport(Glibc)
import Glibc
#endif

/// Notices plugin files being rewritten (hot reload), through inotify: each file's directory is
/// watched for a file closed after writing or moved into place — how a compiler, a linker, `cp` and
/// an atomic install each finish a file. Never blocks: `changes()` reads what has happened since
/// it was last called.
public final class PluginWatcher {
    /// Why files cannot be watched.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private let descriptor: Int32
    /// The directory of each watch, by watch descriptor.
    private var directories: [Int32: String] = [:]
    /// The watched files, by path.
    private let files: Set<String>

    /// Watches `files` (absolute paths).
    public init(files: [String]) throws(Failure) {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw Failure(description: "cannot watch plugin files: \(String(cString: strerror(errno)))") }
        self.files = Set(files)
        for directory in Set(files.map(Self.directory(of:))) {
            let watch = inotify_add_watch(descriptor, directory, UInt32(IN_CLOSE_WRITE | IN_MOVED_TO))
            guard watch >= 0 else {
                let cause = String(cString: strerror(errno))
                close(descriptor)
                throw Failure(description: "cannot watch \(directory): \(cause)")
            }
            directories[watch] = directory
        }
    }

    deinit { close(descriptor) }

    /// The watched files written or replaced since the last call, each once, in path order.
    public func changes() -> [String] {
        var changed: Set<String> = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            var offset = 0
            buffer.withUnsafeBytes { bytes in
                let header = MemoryLayout<inotify_event>.size
                while offset + header <= count {
                    let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                    let nameLength = Int(
                        bytes.loadUnaligned(fromByteOffset: offset + MemoryLayout<inotify_event>.offset(of: \.len)!, as: UInt32.self))
                    let name = bytes[(offset + header)..<min(count, offset + header + nameLength)].prefix { $0 != 0 }
                    if let directory = directories[watch] {
                        let path = directory + "/" + String(decoding: name, as: UTF8.self)
                        if files.contains(path) { changed.insert(path) }
                    }
                    offset += header + nameLength
                }
            }
        }
        return changed.sorted()
    }

    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
