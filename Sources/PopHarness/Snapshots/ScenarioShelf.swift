import PopLoader

/// Where a plugin's own scenarios are (docs/harness.md, "Plugin-declared scenarios"): the
/// directory given with `--scenarios`, else `<name>.scenarios` next to the library, where `<name>`
/// is the file name up to ".so" (`libpayments.so` → `libpayments.scenarios/`), else the
/// `scenarios/` of the project that built it (`pophost new`'s layout: the library in the project,
/// in `.build/release/` or in `target/release/`). Every `*.json` file directly inside is a
/// scenario; its snapshot is `snapshots/<scenario>.snapshot` beside it.
public struct ScenarioShelf: Sendable {
    /// The directory given explicitly, for every plugin tested.
    public var directory: String?
    /// Record snapshots instead of comparing against them.
    public var updateSnapshots: Bool

    public init(directory: String? = nil, updateSnapshots: Bool = false) {
        self.directory = directory
        self.updateSnapshots = updateSnapshots
    }

    /// The scenario directory for the plugin at `pluginPath`, if there is one. A relative path is
    /// taken from the current directory.
    public func directory(for pluginPath: String) -> String? {
        if let directory { return directory }
        let path = FilePaths.absolute(pluginPath)
        let name = FilePaths.lastComponent(path), parent = FilePaths.deletingLastComponent(path)
        let stem = name.firstRange(of: ".so").map { String(name[..<$0.lowerBound]) } ?? name
        let conventional = FilePaths.appending(stem + ".scenarios", to: parent)
        if LocalFiles.isDirectory(conventional) { return conventional }
        return projectScenarios(above: parent)
    }

    /// The build manifests that make a directory a plugin project (C, Swift, Rust).
    static let projectManifests = ["Makefile", "Package.swift", "Cargo.toml"]

    /// The `scenarios/` of the project the library was built in: the nearest of its directory and
    /// the two above it that holds a build manifest and a `scenarios` directory.
    private func projectScenarios(above directory: String) -> String? {
        var candidate = FilePaths.standardized(directory)
        for _ in 0..<3 {
            let scenarios = FilePaths.appending("scenarios", to: candidate)
            let manifests = Self.projectManifests.map { FilePaths.appending($0, to: candidate) }
            if LocalFiles.isDirectory(scenarios) && manifests.contains(where: LocalFiles.exists) {
                return scenarios
            }
            guard candidate != "/" else { return nil }
            candidate = FilePaths.deletingLastComponent(candidate)
        }
        return nil
    }

    /// The scenario files for the plugin, sorted by name.
    public func scenarios(for pluginPath: String) -> [String] {
        guard let directory = directory(for: pluginPath), let names = LocalFiles.names(in: directory) else { return [] }
        return names.filter { $0.hasSuffix(".json") }.sorted().map { directory + "/" + $0 }
    }

    /// Where the snapshot of `scenario` (a path from `scenarios(for:)`) is kept.
    static func snapshotPath(of scenario: String) -> String {
        let path = FilePaths.absolute(scenario)
        let snapshots = FilePaths.appending("snapshots", to: FilePaths.deletingLastComponent(path))
        return FilePaths.appending(FilePaths.stem(path) + ".snapshot", to: snapshots)
    }
}
