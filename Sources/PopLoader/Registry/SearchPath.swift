import PopProcess

/// The ordered list of directories searched for plugins, and where it came from.
///
/// In order of precedence: `--plugins DIR` flags; else `POPHOST_PLUGIN_PATH` (colon-separated);
/// else the defaults: the user's directory (`$XDG_DATA_HOME/pophost/plugins`, by default
/// `~/.local/share/pophost/plugins`), the system directories `/usr/local/lib/pophost/plugins` and
/// `/usr/lib/pophost/plugins`, the plugin directory of the prefix the executable is installed in
/// (`<prefix>/lib/pophost/plugins` for `<prefix>/bin/pophost`, where `scripts/install` puts the
/// samples), and the directory that holds the running executable (so the samples that `swift build`
/// puts next to `pophost` are found). When two directories provide the same plugin id, the earlier
/// one wins. A relative element of `POPHOST_PLUGIN_PATH` (or an empty one) is ignored, as a safe
/// `PATH` ignores it: it would search whatever directory pophost happens to be run from.
public struct SearchPath: Sendable, Equatable {
    /// Where the directories came from (`list --json` reports it as `source`).
    public enum Source: String, Sendable, Codable {
        /// Chosen by whoever runs discovery: `--plugins DIR` on the command line, or the directories
        /// an app passes (`SearchPath(directories:)`).
        case flags
        /// `POPHOST_PLUGIN_PATH`.
        case environment
        /// `defaultDirectories(environment:)`.
        case defaults
    }

    public var directories: [String]
    public var source: Source
    /// Elements of `POPHOST_PLUGIN_PATH` left out because they are not absolute (a discovery warns).
    public var ignored: [String]

    /// The directories an app chose, searched in order.
    public init(directories: [String]) {
        self.init(directories: directories, source: .flags)
    }

    public init(directories: [String], source: Source, ignored: [String] = []) {
        self.directories = directories
        self.source = source
        self.ignored = ignored
    }

    /// Resolves the search path from command-line directories and the environment.
    public static func resolve(flags: [String], environment: [String: String] = ProcessEnvironment.current) -> SearchPath {
        if !flags.isEmpty { return SearchPath(directories: flags, source: .flags) }
        if let variable = environment["POPHOST_PLUGIN_PATH"], !variable.isEmpty {
            let elements = variable.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            return SearchPath(
                directories: elements.filter { $0.hasPrefix("/") }, source: .environment,
                ignored: elements.filter { !$0.hasPrefix("/") })
        }
        return SearchPath(directories: defaultDirectories(environment: environment), source: .defaults)
    }

    /// The default directories, in order.
    public static func defaultDirectories(environment: [String: String] = ProcessEnvironment.current) -> [String] {
        var directories: [String] = []
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            directories.append(data + "/pophost/plugins")
        } else if let home = environment["HOME"], !home.isEmpty {
            directories.append(home + "/.local/share/pophost/plugins")
        }
        let executableDirectory = RunningExecutable.directory
        let prefix = FilePaths.standardized(FilePaths.absolute(executableDirectory) + "/../lib/pophost/plugins")
        for directory in ["/usr/local/lib/pophost/plugins", "/usr/lib/pophost/plugins", prefix, executableDirectory]
        where !directories.contains(directory) {
            directories.append(directory)
        }
        return directories
    }
}
