import Foundation

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

    /// The scenario directory for the plugin at `pluginPath`, if there is one.
    public func directory(for pluginPath: String) -> String? {
        if let directory { return directory }
        let url = URL(fileURLWithPath: pluginPath)
        let name = url.lastPathComponent
        let stem = name.range(of: ".so").map { String(name[..<$0.lowerBound]) } ?? name
        let conventional = url.deletingLastPathComponent().appendingPathComponent(stem + ".scenarios").path
        if Self.isDirectory(conventional) { return conventional }
        return projectScenarios(above: url.deletingLastPathComponent())
    }

    /// The build manifests that make a directory a plugin project (C, Swift, Rust).
    static let projectManifests = ["Makefile", "Package.swift", "Cargo.toml"]

    /// The `scenarios/` of the project the library was built in: the nearest of its directory and
    /// the two above it that holds a build manifest and a `scenarios` directory.
    private func projectScenarios(above directory: URL) -> String? {
        var candidate = directory.standardizedFileURL
        for _ in 0..<3 {
            let scenarios = candidate.appendingPathComponent("scenarios").path
            let manifests = Self.projectManifests.map { candidate.appendingPathComponent($0).path }
            if Self.isDirectory(scenarios) && manifests.contains(where: { FileManager.default.fileExists(atPath: $0) }) {
                return scenarios
            }
            guard candidate.path != "/" else { return nil }
            candidate = candidate.deletingLastPathComponent()
        }
        return nil
    }

    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The scenario files for the plugin, sorted by name.
    public func scenarios(for pluginPath: String) -> [String] {
        guard let directory = directory(for: pluginPath),
            let names = try? FileManager.default.contentsOfDirectory(atPath: directory)
        else { return [] }
        return names.filter { $0.hasSuffix(".json") }.sorted().map { directory + "/" + $0 }
    }

    /// Where the snapshot of `scenario` (a path from `scenarios(for:)`) is kept.
    static func snapshotPath(of scenario: String) -> String {
        let url = URL(fileURLWithPath: scenario)
        return url.deletingLastPathComponent().appendingPathComponent("snapshots")
            .appendingPathComponent(url.deletingPathExtension().lastPathComponent + ".snapshot").path
    }
}
