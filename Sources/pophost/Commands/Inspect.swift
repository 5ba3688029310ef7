import ArgumentParser
import Foundation
import HostRuntime

/// `pophost inspect`: everything the registry knows about one plugin.
struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show one plugin's file, ABI version, descriptors, handlers' actions and view loaders' content.",
        discussion: """
            <path-or-id> is a path to a plugin file (anything containing '/' or naming an existing file), \
            or a plugin id or component id found on the search path. For a usable plugin it also shows each \
            handler's actions with their signatures, and the text fields and button actions each view \
            loader builds for the data null and {} (and each --data, and its own sample data): the plugin \
            is loaded in this process for that, as `show` loads it, or with --isolate in a plugin host process, \
            where a component that crashes or hangs is that component's error. Exits with status 1 when the plugin is broken (error \
            or blacklisted), 64 when no plugin or component has the id (with the nearest one); a component \
            that fails is reported, not an exit status.
            """
    )

    @Argument(help: ArgumentHelp("A plugin file, a plugin id, or a component id.", valueName: "path-or-id"))
    var target: String

    @OptionGroup var options: PluginOptions

    @Option(help: ArgumentHelp("Also build the view loaders for this data, as JSON (repeatable).", valueName: "json"))
    var data: [String] = []

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @Flag(help: "Also say what a screen reader reads of each view loader's build: each element's role and label, in reading order.")
    var accessibility = false

    @Flag(help: "Read the components in a plugin host process: one that crashes or hangs is reported, not the end of pophost.")
    var isolate = false
    @OptionGroup var isolation: IsolationArguments

    func validate() throws { _ = try samples() }

    func run() throws {
        let entry = try resolve()
        let source = isolation.readingOptions(isolate: isolate).map { options in
            IsolatedComponents(plugins: [(entry.file.path, entry.info?.components ?? [])], options: options)
        }
        let contracts = PluginContracts(entry: entry, source: source, data: try samples())
        if json {
            var report = PluginReport(entry)
            report.contracts = contracts.map { ContractReport.Plugin($0, accessibility: accessibility) }
            try printJSON(report)
        } else {
            StandardOutput.print(
                InspectText(entry: entry, contracts: contracts, style: .standardOutput, accessibility: accessibility).render(),
                terminator: "")
        }
        if entry.status == .error || entry.status == .blacklisted { throw ExitCode.failure }
    }

    /// The representative data, then each --data not already among them.
    private func samples() throws -> [Value] {
        var samples = ContractInspector.representativeData
        for text in data {
            let value: Value
            do { value = try Value(json: text) } catch { throw ValidationError("--data is not valid JSON: \(error)") }
            if !samples.contains(value) { samples.append(value) }
        }
        return samples
    }

    private func resolve() throws -> RegistryEntry {
        if target.contains("/") || FileManager.default.fileExists(atPath: target) {
            do {
                let entry = try options.registry.describe(path: target).0
                PluginOptions.adviseOnRefusals([entry])
                return entry
            } catch {
                throw CommandFailure("\(error)")
            }
        }
        let discovery = try options.discover()
        let byPlugin = discovery.entries.first { $0.info?.plugin.id == target }
        let byComponent = discovery.entries.first { $0.info?.components.contains { $0.descriptor.id == target } == true }
        guard let entry = byPlugin ?? byComponent else {
            let directories = options.registry.searchPath.directories.joined(separator: ", ")
            let ids = discovery.entries.compactMap(\.info).flatMap { [$0.plugin.id] + $0.components.map(\.descriptor.id) }
            let hint = Spelling.nearest(to: target, among: ids).map { " (did you mean \"\($0)\"?)" } ?? ""
            throw CommandFailure.usage(
                "no plugin or component with id \"\(target)\" on the search path\(hint); "
                    + "searched \(directories) (pophost list shows what is there)")
        }
        return entry
    }
}

/// The human-readable description of one plugin file.
struct InspectText {
    let entry: RegistryEntry
    let contracts: PluginContracts?
    let style: Style
    var accessibility = false

    func render() -> String {
        var lines: [(String, String)] = [("File", printable(entry.file.path))]
        if entry.file.realPath != entry.file.path { lines.append(("Real path", printable(entry.file.realPath))) }
        if entry.file.size >= 0 {
            lines.append(("Size", "\(entry.file.size) bytes, modified \(formatTime(nanoseconds: entry.file.mtime))"))
        }
        lines.append(("Status", statusText))
        if let problem = entry.problem { lines.append(("Cause", printable(problem.cause))) }
        var out = table(lines, indent: "")
        guard let info = entry.info else { return out }
        out += table([("ABI", "\(info.abiVersion) (this host: \(ABIVersion.host))")], indent: "")
        out += "\n" + style.bold("Plugin") + "\n" + describe(info.plugin, indent: "  ")
        out += "\n" + style.bold("Components (\(info.components.count))") + "\n"
        for component in info.components {
            out += "  " + style.bold(component.kind.rawValue) + "\n" + describe(component.descriptor, indent: "    ")
            if let offered = contracts?.extensions[component.descriptor.id] {
                out += table([("Extensions", extensionsText(offered))], indent: "    ")
            }
        }
        if let contracts, !(contracts.handlers.isEmpty && contracts.viewLoaders.isEmpty) {
            out += "\n" + ContractText(contracts: contracts, style: style, accessibility: accessibility).render()
        }
        return out
    }

    private var statusText: String {
        switch entry.status {
        case .ok: style.green("ok")
        case .error: style.red("error (\(entry.problem!.category.rawValue))")
        case .blacklisted: style.magenta("blacklisted (\(entry.problem!.category.rawValue))")
        case .shadowed: style.yellow("shadowed")
        }
    }

    private func describe(_ descriptor: Descriptor, indent: String) -> String {
        table(
            [
                ("Id", printable(descriptor.id)),
                ("Name", printable(descriptor.name)),
                ("Vendor", descriptor.vendor.isEmpty ? style.dim("—") : printable(descriptor.vendor)),
                ("Version", descriptor.version.isEmpty ? style.dim("—") : printable(descriptor.version)),
                ("Description", descriptor.description.isEmpty ? style.dim("—") : printable(descriptor.description)),
                ("Features", descriptor.features.isEmpty ? style.dim("—") : descriptor.features.map(printable).joined(separator: ", ")),
            ] + samplesRow(descriptor),
            indent: indent)
    }

    /// The component extensions it offers ("pop.page/1, pop.floating/1"), "none", or why they
    /// cannot be read (a table whose struct_size is too small, ...).
    private func extensionsText(_ offered: Result<[String], ComponentFailure>) -> String {
        switch offered {
        case .success(let ids): ids.isEmpty ? style.dim("none") : ids.joined(separator: ", ")
        case .failure(let failure): style.red(printable(failure.description))
        }
    }

    /// The names of its samples, or what is wrong with its sample data; no row without any.
    private func samplesRow(_ descriptor: Descriptor) -> [(String, String)] {
        switch descriptor.parsedSamples {
        case .failure(let problem):
            return [("Samples", style.red("malformed: the sample data of \(printable(descriptor.id)) \(printable(problem.message))"))]
        case .success(let samples): return samples.isEmpty ? [] : [("Samples", samples.map { printable($0.name) }.joined(separator: ", "))]
        }
    }

    private func table(_ rows: [(String, String)], indent: String) -> String {
        let width = 12
        return rows.map { label, value in
            indent + style.dim(label + String(repeating: " ", count: max(1, width - label.count))) + value + "\n"
        }.joined()
    }
}
