import PopLoader
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

        /// The same file, not rewritten after all, saying why (it could not be written).
        public func leftAsItIs(because problem: String) -> File {
            File(path: path, kind: kind, changes: changes, rewritten: nil, problem: problem)
        }
    }

    /// Directories not searched: build output and version control, where no checked-in scenario is.
    static let skippedDirectories: Set<String> = [".build", ".git", "node_modules", "target", "zig-out"]

    /// Every scenario (`*.json` whose root has `steps`, or any `*.json` in a `scenarios` directory)
    /// and snapshot (`*.snapshot`) at `paths` — files, or directories searched recursively — in
    /// path order, with what migrating each would do.
    public static func plan(paths: [String]) -> [File] {
        var files: [File] = []
        for path in paths {
            guard let kind = LocalFiles.kind(of: path) else { continue }
            if kind != .directory {
                files += examine(path, named: true).map { [$0] } ?? []
                continue
            }
            for relative in candidates(in: path) {
                if let file = examine(FilePaths.appending(relative, to: path), named: false) { files.append(file) }
            }
        }
        return files
    }

    /// The `.json` and `.snapshot` files under `directory`, relative, sorted. Symbolic links are
    /// not followed (a linked file would be rewritten as a copy, a linked directory may loop); name
    /// a link's target to migrate it.
    private static func candidates(in directory: String) -> [String] {
        var found: [String] = []
        collect(under: directory, relative: "", into: &found)
        return found.sorted()
    }

    /// Adds the candidates in `relative` (a directory under `directory`; empty for `directory`
    /// itself) and in the directories under it to `found`.
    private static func collect(under directory: String, relative: String, into found: inout [String]) {
        let listed = relative.isEmpty ? directory : FilePaths.appending(relative, to: directory)
        for name in LocalFiles.names(in: listed) ?? [] where !skippedDirectories.contains(name) && !name.hasPrefix(".") {
            let entry = relative.isEmpty ? name : relative + "/" + name
            let kind = LocalFiles.kind(of: FilePaths.appending(entry, to: directory), followingLinks: false)
            if kind == .symbolicLink { continue }
            if name.hasSuffix(".json") || name.hasSuffix(".snapshot") { found.append(entry) }
            if kind == .directory { collect(under: directory, relative: entry, into: &found) }
        }
    }

    /// What migrating `path` would do; nil when it is not a scenario or snapshot (`named`: the user
    /// gave this file, so one that cannot be read is reported rather than passed over).
    static func examine(_ path: String, named: Bool) -> File? {
        let kind: File.Kind = path.hasSuffix(".snapshot") ? .snapshot : .scenario
        let bytes: [UInt8]
        do {
            bytes = try ScenarioFile.read(path)
        } catch {
            return File(path: path, kind: kind, changes: [], rewritten: nil, problem: "cannot read it: \(error.reason)")
        }
        if kind == .snapshot {
            guard let text = String(validating: bytes, as: UTF8.self) else {
                return File(path: path, kind: kind, changes: [], rewritten: nil, problem: "it is not UTF-8 text")
            }
            return snapshot(path, text)
        }
        let inScenarios = FilePaths.deletingLastComponent(path).split(separator: "/").last?.lowercased() == "scenarios"
        let root = try? Value(jsonBytes: bytes)
        let looksLikeScenario = root?["steps"] != nil
        guard looksLikeScenario || inScenarios || named else { return nil }
        do throws(ScenarioError) {
            let result = try ScenarioMigration.migrate(bytes, file: path)
            return File(
                path: path, kind: .scenario, changes: result.changes.map { "\($0.path): \($0.description)" },
                rewritten: result.changes.isEmpty ? nil : result.text, problem: nil)
        } catch {
            var error = error
            error.file = nil  // the warning names the file already
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
        guard SnapshotFormat.readable.contains(format) else {
            return File(
                path: path, kind: .snapshot, changes: [], rewritten: nil,
                problem:
                    "format \(format) is newer than this pophost reads (\(SnapshotFormat.readable.lowerBound) to \(SnapshotFormat.newest))")
        }
        let rewritten = reading.rewritten
        guard rewritten != text else { return File(path: path, kind: .snapshot, changes: [], rewritten: nil, problem: nil) }
        let again = SnapshotFormat.read(rewritten)
        guard again.drawing == (reading.drawing ?? 0), again.unreadable.isEmpty, again.trace.map(\.value) == reading.trace.map(\.value),
            again.frames.map(\.json) == reading.frames.map(\.json)
        else {
            return File(
                path: path, kind: .snapshot, changes: [], rewritten: nil, problem: "the rewrite would not read as the same snapshot")
        }
        var changes: [String] = []
        if format < SnapshotFormat.newest {
            changes.append(
                "format \(format) → \(SnapshotFormat.newest)"
                    + (reading.drawing == nil ? " (its drawing is not known: written as drawing 0, compared by content)" : ""))
        }
        let old = SnapshotFormat.lines(of: text).dropFirst(), new = SnapshotFormat.lines(of: rewritten).dropFirst()
        let respelled = zip(old, new).filter { $0 != $1 }.count
        if text.utf8.contains(UInt8(ascii: "\r")) { changes.append("line endings: CRLF → LF") }
        if respelled > 0 {
            let renamed = SnapshotFormat.renamedKeys.sorted { $0.key < $1.key }.filter { text.contains("\"\($0.key)\"") }
            let names = renamed.map { "\"\($0.key)\" → \"\($0.value)\"" }.joined(separator: ", ")
            changes.append("\(respelled) line\(respelled == 1 ? "" : "s") in today's spelling\(names.isEmpty ? "" : " (\(names))")")
        }
        return File(path: path, kind: .snapshot, changes: changes, rewritten: Array(rewritten.utf8), problem: nil)
    }
}
