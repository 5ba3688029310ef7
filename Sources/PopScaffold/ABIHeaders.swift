import Foundation
import PopLoader
import PopProcess

/// The plugin ABI's headers that a scaffolded project vendors: `pophost/*.h` and the Clang module
/// map, read from an include directory of this pophost (so the project is pinned to the ABI of the
/// pophost that generated it).
public struct ABIHeaders: Sendable {
    /// The include directory: it holds `pophost/pophost.h` (and, in a checkout, `module.modulemap`).
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// The module map written when the include directory has none (an installed copy may not): the
    /// checkout's, every header under `pophost/` (the extension headers too: PopPluginKit uses
    /// `ext/timer.h`).
    static let defaultModuleMap = """
        module PluginABI {
            umbrella "pophost"
            export *
        }

        """

    /// Where the headers are looked for: `$POPHOST_ABI_INCLUDE`, `Sources/PluginABI/include` in a
    /// checkout above the executable, `<prefix>/include` (see `ShippedDirectory`).
    static let location = ShippedDirectory(
        variable: "POPHOST_ABI_INCLUDE", checkoutPath: "Sources/PluginABI/include",
        installedPath: "include", marker: "pophost/pophost.h")

    /// Finds the headers (`location`). Throws `.headersNotFound` naming every place it looked.
    public static func locate(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executableDirectory: String = RunningExecutable.directory
    ) throws(ScaffoldError) -> ABIHeaders {
        switch location.locate(environment: environment, executableDirectory: executableDirectory) {
        case .success(let directory): return ABIHeaders(directory: directory)
        case .failure(let searched): throw .headersNotFound(searched: searched.places)
        }
    }

    /// `pophost/<name>.h` for every core header, then `pophost/ext/<name>.h` for every stable
    /// extension's (PopPluginKit uses `ext/timer.h`), each sorted, with its text. The draft tier is not
    /// vendored: a project opts into a draft by copying its header.
    public func headers() throws(ScaffoldError) -> [GeneratedFile] {
        var files: [GeneratedFile] = []
        for folder in ["pophost", "pophost/ext"] {
            let path = directory + "/" + folder
            for name in try ShippedDirectory.fileNames(in: path, endingWith: ".h", what: "the ABI headers") {
                files.append(GeneratedFile(folder + "/" + name, try ShippedDirectory.read(path + "/" + name)))
            }
        }
        return files
    }

    /// The module map of the include directory, or the standard one when it has none.
    public func moduleMap() throws(ScaffoldError) -> String {
        let path = directory + "/module.modulemap"
        return FileManager.default.fileExists(atPath: path) ? try ShippedDirectory.read(path) : Self.defaultModuleMap
    }

    /// The ABI version the headers declare (`POP_VERSION_MAJOR.MINOR.PATCH` in `version.h`), or nil.
    public func version() -> String? {
        guard let text = try? ShippedDirectory.read(directory + "/pophost/version.h") else { return nil }
        func number(_ macro: String) -> String? {
            for line in text.split(separator: "\n") {
                let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
                if words.count >= 3, words[0] == "#define", words[1] == macro { return String(words[2]) }
            }
            return nil
        }
        guard let major = number("POP_VERSION_MAJOR"), let minor = number("POP_VERSION_MINOR"),
            let patch = number("POP_VERSION_PATCH")
        else { return nil }
        return "\(major).\(minor).\(patch)"
    }
}
