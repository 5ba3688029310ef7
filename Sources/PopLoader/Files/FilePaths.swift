#if canImport(Glibc)
import Glibc
#endif

/// Path arithmetic on text, as Foundation's `URL(fileURLWithPath:)` and `NSString` path methods do
/// it, for the layers a test's process links: without Foundation it starts several milliseconds
/// sooner (docs/benchmarks.md, "The conformance harness"). Nothing here touches the file system
/// except `absolute(_:)`, which asks for the current directory.
package enum FilePaths {
    /// `path` made absolute against the current directory, without a trailing slash: what
    /// `URL(fileURLWithPath: path).path` gives (a relative path's `.` and `..` are resolved).
    package static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return withoutTrailingSlash(path) }
        return standardized(currentDirectory() + "/" + path)
    }

    /// The last component ("libx.so" of "/a/libx.so", "b" of "a/b/", "/" of "/").
    package static func lastComponent(_ path: String) -> String {
        let trimmed = withoutTrailingSlash(path)
        guard trimmed != "/" else { return "/" }
        return trimmed.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? trimmed
    }

    /// The path without its last component: "/a" for "/a/b", "/" for "/a", "." for "./a", "" for "a".
    package static func deletingLastComponent(_ path: String) -> String {
        let trimmed = withoutTrailingSlash(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let directory = trimmed[..<slash]
        if directory.isEmpty { return "/" }
        return withoutTrailingSlash(String(directory))
    }

    /// `component` appended to `directory` with one slash between them.
    package static func appending(_ component: String, to directory: String) -> String {
        if directory.isEmpty { return component }
        return directory.hasSuffix("/") ? directory + component : directory + "/" + component
    }

    /// The last component without its extension ("x.tar" of "/a/x.tar.json"; ".json" stays: a
    /// name that starts with its only dot has no extension).
    package static func stem(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex else { return name }
        return String(name[..<dot])
    }

    /// An absolute path with `.` and `..` resolved and repeated slashes collapsed, on the text
    /// alone (links are not followed), as `URL.standardizedFileURL` does; `..` stops at the root.
    package static func standardized(_ path: String) -> String {
        var components: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..": _ = components.popLast()
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }

    /// The current directory ("/" when it cannot be told).
    private static func currentDirectory() -> String {
        guard let directory = getcwd(nil, 0) else { return "/" }
        defer { free(directory) }
        return PathBytes.string(UnsafeRawBufferPointer(start: directory, count: strlen(directory)))
    }

    private static func withoutTrailingSlash(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        return String(path)
    }
}
