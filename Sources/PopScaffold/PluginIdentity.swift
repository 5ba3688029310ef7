import PopLoader

/// The names a scaffolded plugin is known by: the project name, the Swift module, the library file,
/// the plugin id and its three component ids, all derived from NAME (and `--id`).
///
/// NAME starts with an ASCII letter, has only ASCII letters, digits, '-' and '_', and at most 64
/// characters, so it can be dropped into file names, C, Swift and Rust string literals, JSON, a
/// Makefile or a Cargo.toml without escaping.
public struct PluginIdentity: Equatable, Sendable {
    public static let maximumNameLength = 64
    /// Swift module names that would clash with what the generated Swift project imports.
    static let reservedModuleNames: Set<String> = ["PluginABI", "PopPluginKit", "Swift", "Glibc", "Foundation", "Dispatch", "_Concurrency"]

    /// The project name, as given: `my-popup`.
    public let name: String
    /// The plugin id (reverse-DNS): `com.example.my-popup`.
    public let id: String

    /// Validates `name` and `id` (nil: `defaultID(for: name)`).
    public init(name: String, id: String? = nil) throws(ScaffoldError) {
        try Self.validate(name: name)
        let id = id ?? Self.defaultID(for: name)
        try Self.validate(id: id)
        self.name = name
        self.id = id
    }

    /// The Swift target and module, and the Rust crate's library: NAME with '-' turned into '_' (`my_popup`).
    public var moduleName: String { Self.moduleName(for: name) }
    /// The plugin's file: `libmy-popup.so` (Swift and C; a Rust crate's is `libmy_popup.so`, see
    /// `PluginScaffold.libraryFileName`).
    public var libraryFileName: String { "lib\(name).so" }
    public var handlerID: String { id + ".handler" }
    public var viewID: String { id + ".view" }
    public var controllerID: String { id + ".controller" }

    /// `com.example.<name lowercased, '_' → '-'>`.
    public static func defaultID(for name: String) -> String {
        "com.example." + String(name.lowercased().map { $0 == "_" ? "-" : $0 })
    }

    public static func validate(name: String) throws(ScaffoldError) {
        guard let first = name.unicodeScalars.first else { throw .invalidName(name, reason: "it is empty") }
        guard isASCIILetter(first) else { throw .invalidName(name, reason: "it must start with an ASCII letter") }
        if let bad = name.unicodeScalars.first(where: { !isASCIILetter($0) && !("0"..."9").contains($0) && $0 != "-" && $0 != "_" }) {
            throw .invalidName(
                name, reason: "it may contain only ASCII letters, digits, '-' and '_', not \"\(bad.escaped(asASCII: true))\"")
        }
        guard name.unicodeScalars.count <= maximumNameLength else {
            throw .invalidName(name, reason: "it has \(name.unicodeScalars.count) characters, at most \(maximumNameLength) are allowed")
        }
        let module = moduleName(for: name)
        if reservedModuleNames.contains(module) {
            throw .invalidName(name, reason: "\(module) is the name of a module the plugin imports; choose another")
        }
    }

    /// The descriptor rules (descriptor.h): two or more dot-separated labels of ASCII letters,
    /// digits, '-' or '_', the first label starting with a letter; and short enough that every
    /// component id (`<id>.controller`) stays within POP_DESCRIPTOR_MAX_STRING.
    public static func validate(id: String) throws(ScaffoldError) {
        guard Descriptor.isReverseDNS(id) else {
            throw .invalidID(
                id,
                reason: "expected a reverse-DNS id: two or more dot-separated labels of ASCII letters, "
                    + "digits, '-' or '_', the first starting with a letter (e.g. com.example.payments)")
        }
        let limit = 1024 - ".controller".utf8.count
        guard id.utf8.count <= limit else {
            throw .invalidID(id, reason: "it has \(id.utf8.count) bytes, at most \(limit) are allowed")
        }
    }

    static func moduleName(for name: String) -> String {
        String(name.map { $0 == "-" ? "_" : $0 })
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }
}
