/// Why a plugin file cannot be used. Every error names the file and one cause.
public struct PluginError: Error, Codable, Hashable, Sendable, CustomStringConvertible {
    /// One category per cause; the raw value is what `--json` prints.
    public enum Category: String, Codable, CaseIterable, Sendable {
        /// The path is missing, a directory, or not a regular file.
        case notAFile = "not-a-file"
        /// The file exists, but this user may not read it (its mode, or a directory on the way).
        case permissionDenied = "permission-denied"
        /// Refused before opening: the file or its directory is writable by another user (group or
        /// world), or the file belongs to a user who is neither root nor this one, so someone else
        /// could change the code pophost would run (OpenSSH's rule for its own files).
        case insecure
        /// The file does not start with the ELF magic.
        case notELF = "not-elf"
        /// The ELF file is cut short: its headers point past its end.
        case truncated
        /// An ELF file for another machine or word size.
        case wrongArchitecture = "wrong-architecture"
        /// `dlopen` failed because a symbol could not be resolved.
        case unresolvedSymbol = "unresolved-symbol"
        /// `dlopen` failed for another reason (a missing dependency, ...).
        case loadFailed = "load-failed"
        /// The library does not export `pop_plugin_entry_v1`.
        case noEntry = "no-entry"
        /// The entry function returned NULL.
        case nullEntry = "null-entry"
        /// The plugin was built for another ABI major version. (Any minor of the same major loads:
        /// version.h's growth rule.)
        case abiMajorMismatch = "abi-major-mismatch"
        /// A struct's `struct_size` is smaller than its type's size in the ABI minor that introduced
        /// it (for the structs of ABI 1.0, their 1.0 size).
        case structTooSmall = "struct-too-small"
        /// `init` returned false.
        case initFailed = "init-failed"
        /// A descriptor is invalid: missing id or name, id not reverse-DNS, invalid UTF-8,
        /// duplicate id, or out of limits.
        case invalidDescriptor = "invalid-descriptor"
        /// The plugin id is already provided by a plugin found earlier on the search path.
        case shadowed
        /// Loading the file crashed the scanner; the file is blacklisted until it changes.
        case crashed
        /// Loading the file did not finish in time; the file is blacklisted until it changes.
        case timeout
    }

    public var category: Category
    /// The path of the file as found.
    public var path: String
    /// The cause, in words, without the path.
    public var cause: String

    public init(_ category: Category, path: String, _ cause: String) {
        self.category = category
        self.path = path
        self.cause = cause
    }

    /// Whether this error blacklists the file (it took the scanner down).
    public var isBlacklisting: Bool { category == .crashed || category == .timeout }

    public var description: String { "\(path): \(cause)" }
}
