import Foundation
import PopModel
import PopScenario

/// What `pophost migrate` would do to a plugin project's checked-in files: each scenario and each
/// snapshot rewritten in the newest format, meaning unchanged (`ScenarioMigration`,
/// `SnapshotFormat`), as `cargo fix --edition` does for code. Pure: it reads, and says what it
/// would write; the command writes.
public enum ProjectMigration {
    /// One file the migration looked at.
    public struct File: Sendable {
        public enum Kind: String, Sendable {
            case scenario
            case snapshot
        }

        public let path: String
        public let kind: Kind
        /// What the rewrite changes; empty when the file is already in the newest format.
        public let changes: [String]
        /// The rewritten file; nil when nothing changes or it cannot be read.
        public let rewritten: [UInt8]?
        /// Why the file is left as it is although it looks like one to migrate (it does not parse).
        public let problem: String?
    }

    /// Directories not searched: build output and version control, where no checked-in scenario is.
    static let skippedDirectories: Set<String> = [".build", ".git", "node_modules", "target", "zig-out"]

    /// Every scenario (`*.json` whose root has `steps`, or any `*.json` in a `scenarios` directory)
    /// and snapshot (`*.snapshot`) at `paths` — files, or directories searched recursively — in
    /// path order, with what migrating each would do.
    public static func plan(paths: [String]) -> [File] {
        var files: [File] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if !isDirectory.boolValue {
                files += examine(path, named: true).map { [$0] } ?? []
                continue
            }
            for relative in candidates(in: path) {
                if let file = examine((path as NSString).appendingPathComponent(relative), named: false) { files.append(file) }
            }
        }
        return files
    }

    /// The `.json` and `.snapshot` files under `directory`, relative, sorted.
    private static func candidates(in directory: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if skippedDirectories.contains(name) || (name.hasPrefix(".") && name != ".") {
                enumerator.skipDescendants()
                continue
            }
            if name.hasSuffix(".json") || name.hasSuffix(".snapshot") { found.append(relative) }
        }
        return found.sorted()
    }

    /// What migrating `path` would do; nil when it is not a scenario or snapshot (`named`: the user
    /// gave this file, so one that cannot be read is reported rather than passed over).
    static func examine(_ path: String, named: Bool) -> File? {
        guard let data = FileManager.default.contents(atPath: path) else {
            return named ? File(path: path, kind: .scenario, changes: [], rewritten: nil, problem: "cannot read the file") : nil
        }
        let bytes = [UInt8](data)
        if path.hasSuffix(".snapshot") { return snapshot(path, String(decoding: bytes, as: UTF8.self)) }
        let inScenarios = (path as NSString).deletingLastPathComponent.split(separator: "/").last?.lowercased() == "scenarios"
        let root = try? Value(jsonBytes: bytes)
        let looksLikeScenario = root?["steps"] != nil
        guard looksLikeScenario || inScenarios || named else { return nil }
        do throws(ScenarioError) {
            let result = try ScenarioMigration.migrate(bytes, file: path)
            return File(
                path: path, kind: .scenario, changes: result.changes.map { "\($0.path): \($0.description)" },
                rewritten: result.changes.isEmpty ? nil : result.text, problem: nil)
        } catch {
            return File(path: path, kind: .scenario, changes: [], rewritten: nil, problem: "not a scenario this pophost reads: \(error)")
        }
    }

    private static func snapshot(_ path: String, _ text: String) -> File {
        let reading = SnapshotFormat.read(text)
        guard let format = reading.format else {
            return File(
                path: path, kind: .snapshot, changes: [], rewritten: nil, problem: "line 1 is not a pophost scenario snapshot header")
        }
        if let line = reading.unreadable.first {
            return File(
                path: path, kind: .snapshot, changes: [], rewritten: nil,
                problem: "line \(line.line) is not a trace, frame or node line of JSON")
        }
        guard format <= SnapshotFormat.newest else {
            return File(
                path: path, kind: .snapshot, changes: [], rewritten: nil,
                problem: "format \(format) is newer than this pophost reads (1 to \(SnapshotFormat.newest))")
        }
        let rewritten = reading.rewritten
        guard rewritten != text else { return File(path: path, kind: .snapshot, changes: [], rewritten: nil, problem: nil) }
        var changes: [String] = []
        if format < SnapshotFormat.newest {
            changes.append(
                "format \(format) → \(SnapshotFormat.newest)"
                    + (reading.drawing == nil ? " (its drawing is not known: written as drawing 0, compared by content)" : ""))
        }
        let old = text.split(separator: "\n").dropFirst(), new = rewritten.split(separator: "\n").dropFirst()
        let respelled = zip(old, new).filter { $0 != $1 }.count
        if respelled > 0 {
            let renamed = SnapshotFormat.renamedKeys.sorted { $0.key < $1.key }.filter { text.contains("\"\($0.key)\"") }
            let names = renamed.map { "\"\($0.key)\" → \"\($0.value)\"" }.joined(separator: ", ")
            changes.append("\(respelled) line\(respelled == 1 ? "" : "s") in today's spelling\(names.isEmpty ? "" : " (\(names))")")
        }
        return File(path: path, kind: .snapshot, changes: changes, rewritten: Array(rewritten.utf8), problem: nil)
    }
}
