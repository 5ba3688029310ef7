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

    /// The `*.so` entries of `directory`, sorted by name. Nil when it is not a readable directory.
    static func list(directory: String) -> [PluginFile]? {
        guard let stream = opendir(directory) else { return nil }
        defer { closedir(stream) }
        let realDirectory = resolvedPath(directory) ?? directory
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(".so") && !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted().map { name in
            identify(path: directory.hasSuffix("/") ? directory + name : directory + "/" + name, realDirectory: realDirectory, name: name)
        }
    }

    /// Identifies one file. Costs one `lstat`, plus `realpath` and `stat` for a symbolic link.
    static func identify(path: String, realDirectory: String? = nil, name: String? = nil) -> PluginFile {
        var info = stat()
        guard lstat(path, &info) == 0 else { return PluginFile(path: path, realPath: path, size: -1, mtime: -1) }
        var real: String
        if (info.st_mode & S_IFMT) == S_IFLNK {
            real = resolvedPath(path) ?? path
            if stat(path, &info) != 0 { return PluginFile(path: path, realPath: real, size: -1, mtime: -1) }
        } else if let realDirectory, let name {
            real = realDirectory + "/" + name
        } else {
            real = resolvedPath(path) ?? path
        }
        return PluginFile(path: path, realPath: real, size: Int64(info.st_size),
                          mtime: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }

    /// Whether a record made when the file had `size` and `mtime` still describes it.
    func isUnchanged(since size: Int64, mtime: Int64) -> Bool {
        self.size == size && self.mtime == mtime && size >= 0
    }
}

/// `realpath(3)`, or nil when the path does not resolve.
func resolvedPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}
