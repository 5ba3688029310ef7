import Foundation

/// A directory of files that ship with pophost and that `pophost new` copies into a project — the ABI
/// headers, the plugin kit's sources —, found the same way for each, in order:
///
/// 1. `$<variable>`, when it is set and holds the marker file;
/// 2. `<checkoutPath>` in the nearest directory above the executable's that holds it (a checkout
///    whose `.build/debug/pophost` runs);
/// 3. `<executable dir>/../<installedPath>` (an installed prefix: `bin/pophost`, `share/pophost/...`).
///
/// So a project is pinned to the ABI, and the kit, of the pophost that generated it.
struct ShippedDirectory {
    /// The environment variable that names the directory.
    let variable: String
    /// Where a checkout keeps it, relative to the checkout's root.
    let checkoutPath: String
    /// Where an installed prefix keeps it, relative to the prefix.
    let installedPath: String
    /// A file, relative to the directory, that a directory of the right kind holds.
    let marker: String

    /// The directory, or every place looked at, in order, for the error that says so.
    func locate(environment: [String: String], executableDirectory: String) -> Result<String, Searched> {
        var searched: [String] = []
        if let value = environment[variable], !value.isEmpty {
            if holdsMarker(value) { return .success(value) }
            searched.append("\(value) (\(variable))")
        }
        var directory = URL(fileURLWithPath: executableDirectory).standardizedFileURL
        while true {
            let candidate = directory.appendingPathComponent(checkoutPath).path
            if holdsMarker(candidate) { return .success(candidate) }
            if directory.path == "/" { break }
            directory.deleteLastPathComponent()
        }
        searched.append("\(checkoutPath) in \(executableDirectory) and every directory above it")
        let installed = URL(fileURLWithPath: executableDirectory).appendingPathComponent("../" + installedPath).standardizedFileURL.path
        if holdsMarker(installed) { return .success(installed) }
        searched.append(installed)
        return .failure(Searched(places: searched))
    }

    /// The places `locate` looked at when it found nothing.
    struct Searched: Error {
        let places: [String]
    }

    private func holdsMarker(_ directory: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: directory + "/" + marker, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    /// The text of the file at `path`.
    static func read(_ path: String) throws(ScaffoldError) -> String {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw .io(path: path, message: "cannot read it as UTF-8 text")
        }
        return text
    }

    /// The names of the files in `directory` that end in `suffix`, sorted.
    static func fileNames(in directory: String, endingWith suffix: String, what: String) throws(ScaffoldError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(suffix) }.sorted()
        } catch {
            throw .io(path: directory, message: "cannot list \(what): \(error.localizedDescription)")
        }
    }
}
