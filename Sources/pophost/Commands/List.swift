import ArgumentParser
import Foundation
import HostRuntime

/// `pophost list`: every plugin on the search path with its components and status.
struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the plugins on the search path, their components and their status.",
        discussion: """
            Status is one of: ok; error (with its category and cause); blacklisted (the file crashed or hung \
            the scanner and is skipped until it changes, or until --rescan); shadowed (its plugin id is \
            provided by a plugin found earlier on the search path). Unchanged files are answered from the \
            registry cache ($XDG_CACHE_HOME/pophost/registry.cache) without being opened.
            """
    )

    @OptionGroup var options: PluginOptions

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func run() throws {
        let discovery = try options.discover()
        if json {
            try printJSON(ListReport(discovery: discovery, searchPath: options.registry.searchPath))
        } else {
            StandardOutput.print(
                ListTable(discovery: discovery, searchPath: options.registry.searchPath, style: .standardOutput).render(), terminator: "")
        }
    }
}

/// The JSON shape of `list --json` (keys in snake_case, as every JSON pophost writes; docs/json.md).
struct ListReport: Encodable {
    let searchPath: [String]
    let searchPathSource: String
    let unreadableDirectories: [String]
    let scanned: [String]
    let fromCache: Int
    let warnings: [String]
    let plugins: [PluginReport]

    enum CodingKeys: String, CodingKey {
        case searchPath = "search_path", searchPathSource = "search_path_source"
        case unreadableDirectories = "unreadable_directories", scanned, fromCache = "from_cache", warnings, plugins
    }

    init(discovery: PluginRegistry.Discovery, searchPath: SearchPath) {
        self.searchPath = searchPath.directories
        searchPathSource = searchPath.source.rawValue
        unreadableDirectories = discovery.unreadableDirectories
        scanned = discovery.scanned
        fromCache = discovery.fromCache
        warnings = discovery.warnings
        plugins = discovery.entries.map(PluginReport.init)
    }
}

/// The human-readable listing.
struct ListTable {
    let discovery: PluginRegistry.Discovery
    let searchPath: SearchPath
    let style: Style

    func render() -> String {
        var out = ""
        for entry in discovery.entries {
            out += heading(entry) + "\n"
            out += "  " + style.dim(printable(entry.file.path)) + "\n"
            if let problem = entry.problem {
                out += "  " + printable(problem.cause) + "\n"
            }
            if let info = entry.info {
                let kindWidth = info.components.map(\.kind.rawValue.count).max() ?? 0
                let idWidth = info.components.map { printable($0.descriptor.id).count }.max() ?? 0
                for component in info.components {
                    out +=
                        "  " + pad(component.kind.rawValue, kindWidth) + "  " + pad(printable(component.descriptor.id), idWidth) + "  "
                        + printable(component.descriptor.name) + "\n"
                }
                if info.components.isEmpty { out += "  " + style.dim("(no components)") + "\n" }
            }
            out += "\n"
        }
        if discovery.entries.isEmpty { out += "No plugins found.\n\n" }
        out += summary() + "\n"
        return out
    }

    private func heading(_ entry: RegistryEntry) -> String {
        let status: String
        switch entry.status {
        case .ok: status = style.green("ok")
        case .error: status = style.red("error: \(entry.problem!.category.rawValue)")
        case .blacklisted: status = style.magenta("blacklisted: \(entry.problem!.category.rawValue)")
        case .shadowed: status = style.yellow("shadowed")
        }
        guard let info = entry.info else { return style.bold(printable(fileName(entry.file.path))) + "  [" + status + "]" }
        let version = info.plugin.version.isEmpty ? "" : " " + printable(info.plugin.version)
        return style.bold(printable(info.plugin.id)) + "  " + printable(info.plugin.name) + version + "  [" + status + "]"
    }

    private func summary() -> String {
        let counts = Dictionary(grouping: discovery.entries, by: \.status).mapValues(\.count)
        let plugins = discovery.entries.count
        var parts = ["\(plugins) plugin file\(plugins == 1 ? "" : "s"): \(counts[.ok] ?? 0) ok"]
        for status in [RegistryEntry.Status.error, .blacklisted, .shadowed] where (counts[status] ?? 0) > 0 {
            parts.append("\(counts[status]!) \(status.rawValue)")
        }
        var text = parts.joined(separator: ", ") + style.dim(" · \(discovery.scanned.count) scanned, \(discovery.fromCache) from cache")
        let directories = searchPath.directories.map { directory in
            discovery.unreadableDirectories.contains(directory)
                ? style.dim(printable(directory) + " (\(Self.whyUnreadable(directory)))") : printable(directory)
        }
        text += "\n" + style.dim("search path (\(searchPath.source.rawValue)): ") + directories.joined(separator: style.dim(", "))
        return text
    }

    /// Why a search-path directory was not read: "missing", "not a directory" or "cannot be read".
    static func whyUnreadable(_ directory: String) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else { return "missing" }
        return isDirectory.boolValue ? "cannot be read" : "not a directory"
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    private func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
