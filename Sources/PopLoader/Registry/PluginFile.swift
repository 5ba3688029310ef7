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
    static func list(directory: String) -> [PluginFile]? {
        guard let stream = PathBytes.withCString(directory, { opendir($0) }) else { return nil }
        defer { closedir(stream) }
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        let realDirectory = resolvedPath(directory) ?? directory
        // Without symbolic links on the way, a file's path is its real path: no second string.
        let realPrefix = realDirectory + "/" == prefix ? nil : realDirectory + "/"
        var names: [String] = []
        while let entry = readdir(stream) {
            // Only visible "*.so" names, checked on the raw bytes before making a String; a name that
            // is not UTF-8 keeps its bytes (`PathBytes`), so the file can still be opened.
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String? in
                let bytes = raw.bindMemory(to: UInt8.self)
                let length = strnlen(bytes.baseAddress!, bytes.count)
                guard length > 3, bytes[0] != 0x2E, bytes[length - 3] == 0x2E, bytes[length - 2] == 0x73, bytes[length - 1] == 0x6F
                else { return nil }
                return PathBytes.string(UnsafeBufferPointer(rebasing: bytes[..<length]))
            }
            if let name { names.append(name) }
        }
        names.sort()  // the same order everywhere (String ordering compares ASCII names byte by byte)
        return names.map { name in identify(path: prefix + name, realPath: realPrefix.map { $0 + name }) }
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
        guard PathBytes.withCString(path, { lstat($0, &info) }) == 0 else {
            return PluginFile(
                path: path, realPath: path, size: -1, mtime: -1, identity: FileIdentity(device: 0, inode: 0), permissions: nil)
        }
        var real = known ?? path
        if (info.st_mode & S_IFMT) == S_IFLNK {
            real = resolvedPath(path) ?? path
            if PathBytes.withCString(path, { stat($0, &info) }) != 0 {
                return PluginFile(
                    path: path, realPath: real, size: -1, mtime: -1, identity: FileIdentity(device: 0, inode: 0), permissions: nil)
            }
        } else if resolve {
            real = resolvedPath(path) ?? path
        }
        return PluginFile(
            path: path, realPath: real, size: Int64(info.st_size),
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
