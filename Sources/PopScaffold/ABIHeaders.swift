import Foundation
import PopLoader

/// The plugin ABI's headers that a scaffolded project vendors: `pophost/*.h` and the Clang module
/// map, read from an include directory of this pophost (so the project is pinned to the ABI of the
/// pophost that generated it).
public struct ABIHeaders: Sendable {
    /// The include directory: it holds `pophost/pophost.h` (and, in a checkout, `module.modulemap`).
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// The module map written when the include directory has none (an installed copy may not).
    static let defaultModuleMap = """
        module PluginABI {
            umbrella header "pophost/pophost.h"
            export *
        }

        """

    /// Finds the headers, in order: `$POPHOST_ABI_INCLUDE`; the nearest directory above the
    /// executable's that holds `Sources/PluginABI/include/pophost/pophost.h` (a checkout whose
    /// `.build/debug/pophost` runs); `<executable dir>/../share/pophost/include` (an installed
    /// prefix). Throws `.headersNotFound` naming every place it looked.
    public static func locate(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executableDirectory: String = SearchPath.executableDirectory
    ) throws(ScaffoldError) -> ABIHeaders {
        var searched: [String] = []
        if let variable = environment["POPHOST_ABI_INCLUDE"], !variable.isEmpty {
            if hasUmbrella(variable) { return ABIHeaders(directory: variable) }
            searched.append("\(variable) (POPHOST_ABI_INCLUDE)")
        }
        var directory = URL(fileURLWithPath: executableDirectory).standardizedFileURL
        while true {
            let candidate = directory.appendingPathComponent("Sources/PluginABI/include").path
            if hasUmbrella(candidate) { return ABIHeaders(directory: candidate) }
            if directory.path == "/" { break }
            directory.deleteLastPathComponent()
        }
        searched.append("Sources/PluginABI/include in \(executableDirectory) and every directory above it")
        let installed = URL(fileURLWithPath: executableDirectory).appendingPathComponent("../share/pophost/include").standardizedFileURL.path
        if hasUmbrella(installed) { return ABIHeaders(directory: installed) }
        searched.append(installed)
        throw .headersNotFound(searched: searched)
    }

    private static func hasUmbrella(_ directory: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: directory + "/pophost/pophost.h", isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    /// `pophost/<name>.h` for every header, sorted, with its text.
    public func headers() throws(ScaffoldError) -> [GeneratedFile] {
        let folder = directory + "/pophost"
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".h") }.sorted()
        } catch {
            throw .io(path: folder, message: "cannot list the ABI headers: \(error.localizedDescription)")
        }
        return try names.map { name throws(ScaffoldError) in
            GeneratedFile("pophost/" + name, try Self.read(folder + "/" + name))
        }
    }

    /// The module map of the include directory, or the standard one when it has none.
    public func moduleMap() throws(ScaffoldError) -> String {
        let path = directory + "/module.modulemap"
        return FileManager.default.fileExists(atPath: path) ? try Self.read(path) : Self.defaultModuleMap
    }

    /// The ABI version the headers declare (`POP_VERSION_MAJOR.MINOR.PATCH` in `version.h`), or nil.
    public func version() -> String? {
        guard let text = try? Self.read(directory + "/pophost/version.h") else { return nil }
        func number(_ macro: String) -> String? {
            for line in text.split(separator: "\n") {
                let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
                if words.count >= 3, words[0] == "#define", words[1] == macro { return String(words[2]) }
            }
            return nil
        }
        guard let major = number("POP_VERSION_MAJOR"), let minor = number("POP_VERSION_MINOR"),
              let patch = number("POP_VERSION_PATCH") else { return nil }
        return "\(major).\(minor).\(patch)"
    }

    private static func read(_ path: String) throws(ScaffoldError) -> String {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw .io(path: path, message: "cannot read it as UTF-8 text")
        }
        return text
    }
}
