import Foundation

/// A language's project template: the files under `Templates/<language>` (this module's resources),
/// a working plugin project in its own right (see `Placeholders`). It holds everything the project's
/// authors own; what `pophost new` vendors from this pophost — the ABI headers, the plugin kit —
/// is not in it.
struct ProjectTemplate {
    let language: PluginScaffold.Language

    /// The template's directory in the resource bundle (SwiftPM puts the bundle next to the built
    /// executable, and the generated `Bundle.module` also finds it in the build directory).
    var directory: URL? {
        Bundle.module.url(forResource: "Templates", withExtension: nil)?.appendingPathComponent(language.rawValue)
    }

    /// Every file of the template, hidden ones (`.gitignore`) included, by path relative to its
    /// directory, sorted.
    func files() throws(ScaffoldError) -> [GeneratedFile] {
        guard let directory, let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey])
        else {
            throw .io(
                path: "Templates/\(language.rawValue)",
                message: "the \(language.rawValue) project template is missing from pophost's resources")
        }
        var files: [GeneratedFile] = []
        for case let url as URL in enumerator where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
            let path = String(url.standardizedFileURL.path.dropFirst(directory.standardizedFileURL.path.count + 1))
            guard let data = FileManager.default.contents(atPath: url.path), let text = String(data: data, encoding: .utf8) else {
                throw .io(path: url.path, message: "cannot read it as UTF-8 text")
            }
            files.append(GeneratedFile(path, text))
        }
        return files.sorted { $0.path < $1.path }
    }
}
