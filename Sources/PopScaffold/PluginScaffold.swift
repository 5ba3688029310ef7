import Foundation
import PopLoader

/// `pophost new`: a standalone plugin project — a handler, a view loader and a controller loader
/// that build with one command, pass `pophost test` and come with a scenario — in Swift, C, C++ or
/// Rust.
///
/// The project is its language's template (`ProjectTemplate`, with the project's names in place of
/// the template's, see `Placeholders`) plus, for Swift, C and C++, a copy of this pophost's ABI headers
/// (`ABIHeaders`) and, for Swift, of its plugin kit (`PluginKitSources`): so it builds offline and
/// stays pinned to the ABI it was generated for. A Rust project carries the ABI in its template
/// (`src/pophost.rs`: `#[repr(C)]` structs and the constants) and needs no vendored file.
///
///     let scaffold = PluginScaffold(identity: try PluginIdentity(name: "greeter"), language: .swift,
///                                   headers: try ABIHeaders.locate(), kit: try PluginKitSources.locate())
///     let written = try scaffold.write(to: "greeter")   // ["Package.swift", "README.md", ...]
public struct PluginScaffold: Sendable {
    public enum Language: String, CaseIterable, Sendable {
        case swift, c, cpp, rust

        /// The language's name in prose: "Swift", "C", "C++", "Rust".
        public var displayName: String {
            switch self {
            case .swift: "Swift"
            case .c: "C"
            case .cpp: "C++"
            case .rust: "Rust"
            }
        }
    }

    public let identity: PluginIdentity
    public let language: Language
    public let headers: ABIHeaders
    /// The kit a Swift project vendors; C, C++ and Rust projects need none (nil).
    public let kit: PluginKitSources?

    /// `kit` is required for `.swift`.
    public init(identity: PluginIdentity, language: Language, headers: ABIHeaders, kit: PluginKitSources? = nil) {
        precondition(language != .swift || kit != nil, "a Swift project vendors the plugin kit: pass PluginKitSources")
        self.identity = identity
        self.language = language
        self.headers = headers
        self.kit = kit
    }

    /// The command that builds the plugin, run in the project directory.
    public var buildCommand: String {
        switch language {
        case .swift: "swift build -c release"
        case .c, .cpp: "make"
        case .rust: "cargo build --release --offline"
        }
    }

    /// The directory the built library lands in, relative to the project directory.
    public var libraryDirectory: String {
        switch language {
        case .swift: ".build/release"
        case .c, .cpp: "."
        case .rust: "target/release"
        }
    }

    /// The built library's file name: `libNAME.so`, or for Rust, whose library is named after its
    /// crate, `libMODULE.so` (Cargo turns '-' into '_').
    public var libraryFileName: String {
        language == .rust ? "lib\(identity.moduleName).so" : identity.libraryFileName
    }

    /// The built library, relative to the project directory (`./libNAME.so` rather than a bare file
    /// name, which dlopen and `pophost inspect` would not take for a path).
    public var libraryPath: String { libraryDirectory + "/" + libraryFileName }

    /// The scenario, relative to the project directory.
    public var scenarioPath: String { "scenarios/\(identity.name).json" }

    /// Every file of the project, in the order they are written: the template's, sorted by path,
    /// then the vendored ones.
    public func files() throws(ScaffoldError) -> [GeneratedFile] {
        let placeholders = Placeholders(identity: identity, abiVersion: headers.version() ?? ABIVersion.host.description)
        let template = try ProjectTemplate(language: language).files().map {
            GeneratedFile(placeholders.fill($0.path), placeholders.fill($0.contents))
        }
        return template + (try vendored())
    }

    /// The copies of this pophost's files, unchanged: the ABI headers (with a module map for Swift)
    /// and, for Swift, the kit's sources — each where the template's build looks for it. Nothing
    /// for Rust.
    private func vendored() throws(ScaffoldError) -> [GeneratedFile] {
        switch language {
        case .rust:
            return []
        case .c, .cpp:
            return try headers.headers().map { GeneratedFile("include/" + $0.path, $0.contents) }
        case .swift:
            return [GeneratedFile("PluginABI/include/module.modulemap", try headers.moduleMap())]
                + (try headers.headers()).map { GeneratedFile("PluginABI/include/" + $0.path, $0.contents) }
                + (try kit!.sources()).map { GeneratedFile("PopPluginKit/Sources/PopPluginKit/" + $0.path, $0.contents) }
        }
    }

    /// Writes the project into `directory` (created with its parents when missing) and returns the
    /// paths written, relative to it. Refuses a directory that exists and is not empty unless
    /// `force`: then files of the same name are overwritten and every other file is left alone.
    @discardableResult
    public func write(to directory: String, force: Bool = false) throws(ScaffoldError) -> [String] {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .notADirectory(directory) }
            let contents: [String]
            do { contents = try manager.contentsOfDirectory(atPath: directory) } catch {
                throw .io(path: directory, message: "cannot list it: \(error.localizedDescription)")
            }
            if !contents.isEmpty && !force { throw .directoryNotEmpty(directory) }
        }
        let files = try files()
        for file in files {
            let path = directory + "/" + file.path
            let parent = (path as NSString).deletingLastPathComponent
            do {
                try manager.createDirectory(atPath: parent, withIntermediateDirectories: true)
                try Data(file.contents.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw .io(path: path, message: "cannot write it: \(error.localizedDescription)")
            }
        }
        return files.map(\.path)
    }
}
