#if canImport(Glibc)
import Glibc
#endif

/// A shared library opened with `RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE` and never closed:
/// unloading a Swift image crashes the process later, so a plugin stays mapped for the process.
package struct DynamicLibrary: @unchecked Sendable {
    let handle: UnsafeMutableRawPointer

    /// Opens `path`; a failure becomes `unresolved-symbol` or `load-failed` with dlerror's cause.
    package init(path: String) throws(PluginError) {
        guard let handle = PathBytes.withCString(path, { dlopen($0, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) }) else {
            // The message starts with the path as the system spelled it: decoded like the path.
            let message = dlerror().map { PathBytes.string(UnsafeRawBufferPointer(start: $0, count: strlen($0))) } ?? "unknown dlopen error"
            let cause = Self.stripPathPrefix(message, path: path)
            if message.contains("undefined symbol") {
                throw PluginError(.unresolvedSymbol, path: path, "unresolved symbol: \(cause)")
            }
            throw PluginError(.loadFailed, path: path, "dlopen failed: \(cause)")
        }
        self.handle = handle
    }

    /// The address of `symbol` in this library, or nil.
    package func symbol(_ name: String) -> UnsafeMutableRawPointer? {
        dlsym(handle, name)
    }

    /// dlerror messages start with the path ("PATH: undefined symbol: x"); the error names it anyway.
    private static func stripPathPrefix(_ message: String, path: String) -> String {
        message.hasPrefix(path + ": ") ? String(message.dropFirst(path.count + 2)) : message
    }
}
