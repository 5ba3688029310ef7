/// Why `pophost new` could not scaffold a plugin project.
public enum ScaffoldError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The plugin name breaks a naming rule (see `PluginIdentity`).
    case invalidName(String, reason: String)
    /// The `--id` is not a reverse-DNS identifier, or is too long.
    case invalidID(String, reason: String)
    /// The project directory exists and is not empty, and `force` was not given.
    case directoryNotEmpty(String)
    /// The project path exists and is not a directory.
    case notADirectory(String)
    /// The ABI headers to vendor were not found; `searched` lists every place looked at, in order.
    case headersNotFound(searched: [String])
    /// The plugin kit's sources to vendor (Swift projects) were not found; `searched` as above.
    case pluginKitNotFound(searched: [String])
    /// A file or directory could not be read or written.
    case io(path: String, message: String)

    public var description: String {
        switch self {
        case .invalidName(let name, let reason):
            "invalid plugin name \"\(name)\": \(reason)"
        case .invalidID(let id, let reason):
            "invalid plugin id \"\(id)\": \(reason)"
        case .directoryNotEmpty(let path):
            "\(path) exists and is not empty (use --force to write into it anyway; files of the same name are overwritten)"
        case .notADirectory(let path):
            "\(path) exists and is not a directory"
        case .headersNotFound(let searched):
            "cannot find the pophost ABI headers (pophost/pophost.h) to copy into the project; looked in: "
                + searched.joined(separator: ", ")
                + ". Set POPHOST_ABI_INCLUDE to the directory that holds pophost/pophost.h"
                + " (Sources/PluginABI/include in a pophost checkout)"
        case .pluginKitNotFound(let searched):
            "cannot find the pophost plugin kit (PopPluginKit's Swift sources) to copy into the project; looked in: "
                + searched.joined(separator: ", ")
                + ". Set POPHOST_PLUGIN_KIT to the directory that holds PluginEntry.swift"
                + " (Sources/PopPluginKit in a pophost checkout)"
        case .io(let path, let message):
            "\(path): \(message)"
        }
    }
}
