import Foundation
import PopLoader
import PopProcess

/// The Swift plugin kit's sources (`PopPluginKit`) that a Swift project vendors, read from this
/// pophost's copy: the generated project builds offline, and its kit matches the ABI headers it
/// vendors alongside.
public struct PluginKitSources: Sendable {
    /// The directory that holds the kit's `*.swift` files.
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// Where the kit is looked for, as the headers are: `$POPHOST_PLUGIN_KIT`,
    /// `Sources/PopPluginKit` in a checkout above the executable, `<prefix>/share/pophost/PopPluginKit`.
    static let location = ShippedDirectory(
        variable: "POPHOST_PLUGIN_KIT", checkoutPath: "Sources/PopPluginKit",
        installedPath: "share/pophost/PopPluginKit", marker: "PluginEntry.swift")

    /// Finds the kit (`location`). Throws `.pluginKitNotFound` naming every place it looked.
    public static func locate(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executableDirectory: String = RunningExecutable.directory
    ) throws(ScaffoldError) -> PluginKitSources {
        switch location.locate(environment: environment, executableDirectory: executableDirectory) {
        case .success(let directory): return PluginKitSources(directory: directory)
        case .failure(let searched): throw .pluginKitNotFound(searched: searched.places)
        }
    }

    /// `<name>.swift` for every source file, sorted, with its text.
    public func sources() throws(ScaffoldError) -> [GeneratedFile] {
        try ShippedDirectory.fileNames(in: directory, endingWith: ".swift", what: "the plugin kit's sources").map {
            name throws(ScaffoldError) in
            GeneratedFile(name, try ShippedDirectory.read(directory + "/" + name))
        }
    }
}
