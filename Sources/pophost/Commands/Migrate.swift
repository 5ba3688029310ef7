import ArgumentParser
import Foundation
import HostRuntime
import PopHarness

/// `pophost migrate`: rewrite a plugin project's scenarios and snapshots in the newest formats.
struct Migrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Rewrite a project's scenarios and snapshots in the newest formats, meaning unchanged.",
        discussion: """
            Every format a plugin project checks in is read forever within the major version \
            (pophost's compatibility promise), so nothing needs migrating to keep passing; migrating drops the \
            deprecation warnings and writes what this pophost writes. Searches each PATH (default: the \
            current directory; directories recursively, leaving out .build, .git, target, node_modules, zig-out, \
            hidden directories and symbolic links) for scenarios (*.json with "steps", or any *.json in a directory named \
            scenarios) and snapshots (*.snapshot), and rewrites each that is in an older format: a \
            scenario's "format" and the keys renamed since (its layout and everything else stay as \
            written), a snapshot's header and spelling (its recorded trace and frames stay). A file that \
            does not parse is left as it is, saying why. Running it again changes nothing.

            Exit status: 0 nothing (more) to change; 1 with --check when something would change, or when \
            a file could not be read or written.
            Example:
              pophost migrate --check      # in CI: fails on a file in an old format
              pophost migrate              # rewrites them
            """
    )

    @Argument(help: ArgumentHelp("Files or directories (default: the current directory).", valueName: "path"))
    var paths: [String] = []

    @Flag(help: "Change nothing: list what would change and exit 1 when something would.")
    var check = false

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func validate() throws {
        for path in paths where !FileManager.default.fileExists(atPath: path) {
            throw ValidationError("\(printable(path)): no such file or directory")
        }
    }

    func run() throws {
        var files = ProjectMigration.plan(paths: paths.isEmpty ? ["."] : paths)
        var written: Set<String> = []
        if !check {
            for (index, file) in files.enumerated() {
                guard let rewritten = file.rewritten else { continue }
                if let reason = Self.write(rewritten, over: file.path) {
                    files[index] = file.leftAsItIs(because: "cannot write it: \(reason)")
                } else {
                    written.insert(file.path)
                }
            }
        }
        let changing = files.filter { $0.rewritten != nil }
        let problems = files.filter { $0.problem != nil }
        if json {
            try printJSON(MigrationReport(files: files, check: check))
        } else {
            for file in changing {
                StandardOutput.print("\(check ? "would rewrite" : "rewrote") \(printable(file.path)) (\(file.kind.rawValue))")
                for change in file.changes { StandardOutput.print("  " + printable(change)) }
            }
            let current = files.count - changing.count - problems.count
            StandardOutput.print(
                "\(files.count) file\(files.count == 1 ? "" : "s") examined: \(changing.count) \(check ? "to rewrite" : "rewritten"), "
                    + "\(current) already in the newest format\(problems.isEmpty ? "" : ", \(problems.count) left as they are")")
        }
        for file in problems { Diagnostics.warning("\(printable(file.path)): left as it is: \(printable(file.problem!))") }
        if !problems.isEmpty {
            throw CommandFailure(
                "\(problems.count) file\(problems.count == 1 ? " was" : "s were") left as \(problems.count == 1 ? "it is" : "they are")")
        }
        if check && !changing.isEmpty {
            throw CommandFailure(
                "\(changing.count) file\(changing.count == 1 ? " is" : "s are") in an older format; `pophost migrate` rewrites them")
        }
    }

    /// Writes `bytes` over the file at `path`, keeping its permissions; nil, or why it could not.
    static func write(_ bytes: [UInt8], over path: String) -> String? {
        var info = stat()
        let mode = stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0o644
        if let reason = OutputFile.write(String(decoding: bytes, as: UTF8.self), to: path) { return reason }
        return chmod(path, mode) == 0 ? nil : String(cString: strerror(errno))
    }
}

/// The JSON shape of `migrate --json`.
struct MigrationReport: Encodable {
    struct File: Encodable {
        let path: String
        let kind: String
        /// `current`, `would-rewrite`, `rewritten` or `left` (with `problem`).
        let status: String
        let changes: [String]
        let problem: String?
    }

    let check: Bool
    let files: [File]

    init(files: [ProjectMigration.File], check: Bool) {
        self.check = check
        self.files = files.map { file in
            File(
                path: file.path, kind: file.kind.rawValue, status: Self.status(of: file, check: check), changes: file.changes,
                problem: file.problem)
        }
    }

    private static func status(of file: ProjectMigration.File, check: Bool) -> String {
        if file.problem != nil { return "left" }
        if file.rewritten == nil { return "current" }
        return check ? "would-rewrite" : "rewritten"
    }
}
