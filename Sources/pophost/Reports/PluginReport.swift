import Foundation
import HostRuntime

/// The JSON shape of one plugin file in `list --json` and `inspect --json` (docs/json.md).
struct PluginReport: Encodable {
    struct Problem: Encodable {
        let category: String
        let message: String
    }

    struct Component: Encodable {
        let kind: String
        let descriptor: Descriptor
    }

    let path: String
    let realPath: String
    let directory: String?
    /// Nil when the file could not be read (it is missing, or not a file).
    let size: Int64?
    let modified: String?
    let status: String
    let error: Problem?
    let abiVersion: String?
    let plugin: Descriptor?
    let components: [Component]?
    /// Its handlers' actions and its view loaders' content (`inspect --json` only, on a usable file).
    var contracts: ContractReport.Plugin?

    enum CodingKeys: String, CodingKey {
        case path, realPath = "real_path", directory, size, modified, status, error, abiVersion = "abi_version"
        case plugin, components, contracts
    }

    init(_ entry: RegistryEntry) {
        path = entry.file.path
        realPath = entry.file.realPath
        directory = entry.directory.isEmpty ? nil : entry.directory
        size = entry.file.size >= 0 ? entry.file.size : nil
        modified = entry.file.mtime >= 0 ? formatTime(nanoseconds: entry.file.mtime) : nil
        status = entry.status.rawValue
        error = entry.problem.map { Problem(category: $0.category.rawValue, message: $0.description) }
        abiVersion = entry.info?.abiVersion.description
        plugin = entry.info?.plugin
        components = entry.info?.components.map { Component(kind: $0.kind.rawValue, descriptor: $0.descriptor) }
    }
}

/// An ISO 8601 UTC timestamp with seconds.
func formatTime(nanoseconds: Int64) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter.string(from: Date(timeIntervalSince1970: Double(nanoseconds) / 1e9))
}

/// Prints `value` as indented JSON (keys in the order the type encodes them) and a newline.
func printJSON(_ value: some Encodable) throws {
    StandardOutput.print(try ValueEncoder().encode(value).indentedJSON)
}
