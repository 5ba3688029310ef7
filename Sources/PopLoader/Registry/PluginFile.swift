#if canImport(Glibc)
import Glibc
#endif

/// A candidate plugin file found on the search path, identified the way the cache keys it.
public struct PluginFile: Codable, Hashable, Sendable {
    /// The path as found (directory + name).
    public var path: String
    /// The path with symbolic links resolved: the cache key.
    public var realPath: String
    public var size: Int64
    /// Modification time in nanoseconds since the epoch.
    public var mtime: Int64

    /// The file's device and inode: the same file reached by two paths has the same identity.
    var identity: FileIdentity
    /// Who may change the file (links followed); nil when it is missing.
    var permissions: FilePermissions?

    /// The `*.so` entries of `directory`, sorted by name. Nil when it is not a readable directory.
    /// Each entry costs one `fstatat` relative to the open directory (no path walk) and one `String`,
    /// its path (`DirectoryNames`).
    static func list(directory: String) -> [PluginFile]? {
        guard let stream = PathBytes.withCString(directory, { opendir($0) }) else { return nil }
        defer { closedir(stream) }
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        let realDirectory = resolvedPath(directory) ?? directory
        // Without symbolic links on the way, a file's path is its real path: no second string.
        let realPrefix = realDirectory + "/" == prefix ? nil : realDirectory + "/"
        let names = DirectoryNames(reading: stream)
        let directoryFD = dirfd(stream)
        return names.sorted().map { index in
            names.withName(index) { name, bytes in
                let text = names.isASCII(index) ? nil : PathBytes.string(bytes)
                return identify(
                    name, in: directoryFD, path: joined(prefix, bytes, text), realPath: realPrefix.map { joined($0, bytes, text) })
            }
        }
    }

    /// `directory` (ending in "/") followed by a file name: its bytes when it is ASCII (`text` nil),
    /// else its decoded `text`.
    private static func joined(_ directory: String, _ name: UnsafeBufferPointer<UInt8>, _ text: String?) -> String {
        if let text { return directory + text }
        var directory = directory
        return directory.withUTF8 { head in
            String(unsafeUninitializedCapacity: head.count + name.count) { buffer in
                _ = buffer.initialize(from: head)
                _ = UnsafeMutableBufferPointer(rebasing: buffer[head.count...]).initialize(from: name)
                return head.count + name.count
            }
        }
    }

    /// Identifies the entry `name` of the directory open as `directoryFD`, whose path is `path`: one
    /// `fstatat`, relative to the directory. A symbolic link is identified through its path.
    private static func identify(_ name: UnsafePointer<CChar>, in directoryFD: Int32, path: String, realPath: String?) -> PluginFile {
        var info = stat()
        guard fstatat(directoryFD, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return missing(path: path, realPath: path) }
        if (info.st_mode & S_IFMT) == S_IFLNK { return identify(path: path, realPath: realPath) }
        return found(path: path, realPath: realPath ?? path, info)
    }

    /// A plugin file named on its own (`--plugins ./libx.so`): the file, when `path` is a visible
    /// `*.so` name that is not a directory; nil otherwise.
    static func single(path: String) -> [PluginFile]? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard name.count > 3, name.hasSuffix(".so"), !name.hasPrefix("."), list(directory: path) == nil else { return nil }
        let file = identify(path: path, resolve: true)
        return file.size < 0 ? nil : [file]
    }

    /// Identifies one file. Costs one `lstat`, plus `realpath` and `stat` for a symbolic link.
    /// `realPath`: the file's real path when the caller knows it (nil: the path itself, unless it is
    /// a link; pass `resolve` to resolve the directories on the way too).
    static func identify(path: String, realPath known: String? = nil, resolve: Bool = false) -> PluginFile {
        var info = stat()
        guard PathBytes.withCString(path, { lstat($0, &info) }) == 0 else { return missing(path: path, realPath: path) }
        var real = known ?? path
        if (info.st_mode & S_IFMT) == S_IFLNK {
            real = resolvedPath(path) ?? path
            if PathBytes.withCString(path, { stat($0, &info) }) != 0 { return missing(path: path, realPath: real) }
        } else if resolve {
            real = resolvedPath(path) ?? path
        }
        return found(path: path, realPath: real, info)
    }

    /// A file that is not there (or cannot be examined): size and mtime -1.
    private static func missing(path: String, realPath: String) -> PluginFile {
        PluginFile(path: path, realPath: realPath, size: -1, mtime: -1, identity: FileIdentity(device: 0, inode: 0), permissions: nil)
    }

    /// A file `stat` (or `lstat`) described as `info`.
    private static func found(path: String, realPath: String, _ info: stat) -> PluginFile {
        PluginFile(
            path: path, realPath: realPath, size: Int64(info.st_size),
            mtime: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
            identity: FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)), permissions: FilePermissions(info))
    }

    /// Whether a record made when the file had `size` and `mtime` still describes it.
    func isUnchanged(since size: Int64, mtime: Int64) -> Bool {
        self.size == size && self.mtime == mtime && size >= 0
    }
}

/// A file's device and inode numbers.
public struct FileIdentity: Codable, Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64
}

/// `realpath(3)`, or nil when the path does not resolve.
func resolvedPath(_ path: String) -> String? {
    guard let resolved = PathBytes.withCString(path, { realpath($0, nil) }) else { return nil }
    defer { free(resolved) }
    return PathBytes.string(UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
}
