import Foundation
import PopTestSupport
import Testing

@testable import PopHarness

/// What `pophost migrate` finds and would write: only scenarios and snapshots, never through a
/// symbolic link, never a file it cannot read back as the same thing.
@Suite struct ProjectMigrationTests {
    static let snapshot = [
        "# pophost scenario snapshot, format 1: \"trace\" lines are the trace, \"frame\" lines the frames (expected ones, then the last), each followed by its \"node\" lines",
        #"trace {"t":0.0,"request":1,"event":"requested","components":{"view-loader":"v"}}"#,
        #"frame {"time_ms":500}"#,
        #"node {"id":"popup.1.content","role":"stack","request":1}"#,
    ]

    @Test("scenarios and snapshots are found, other JSON is not, and symbolic links are not followed")
    func findsWhatToMigrate() throws {
        let directory = TemporaryDirectory()
        let scenarios = directory.subdirectory("scenarios")
        try #"{"format": 1, "steps": [{"show": {"view": "v"}}]}"#.write(toFile: scenarios + "/a.json", atomically: true, encoding: .utf8)
        try #"{"name": "not a scenario"}"#.write(toFile: directory.file("package.json"), atomically: true, encoding: .utf8)
        try (Self.snapshot.joined(separator: "\n") + "\n").write(toFile: scenarios + "/a.snapshot", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: directory.file("link.json"), withDestinationPath: scenarios + "/a.json")
        try FileManager.default.createSymbolicLink(atPath: directory.file("loop"), withDestinationPath: directory.path)
        _ = directory.subdirectory(".build")
        try "{".write(toFile: directory.file(".build/broken.json"), atomically: true, encoding: .utf8)

        let files = ProjectMigration.plan(paths: [directory.path])
        #expect(files.map { ($0.path as NSString).lastPathComponent } == ["a.json", "a.snapshot"])
        #expect(files.allSatisfy { $0.rewritten != nil && $0.problem == nil })
        #expect(files[1].changes.contains { $0.contains("\"view-loader\" → \"view_loader\"") })
    }

    @Test("a CRLF snapshot is rewritten whole, with LF; a broken scenario in scenarios/ is left, saying why")
    func crlfAndBrokenFiles() throws {
        let directory = TemporaryDirectory()
        let scenarios = directory.subdirectory("scenarios")
        try (Self.snapshot.joined(separator: "\r\n") + "\r\n").write(toFile: scenarios + "/b.snapshot", atomically: true, encoding: .utf8)
        try #"{"steps": [}"#.write(toFile: scenarios + "/broken.json", atomically: true, encoding: .utf8)
        let files = ProjectMigration.plan(paths: [directory.path])
        let snapshot = try #require(files.first { $0.kind == .snapshot })
        let rewritten = String(decoding: try #require(snapshot.rewritten), as: UTF8.self)
        #expect(rewritten.split(separator: "\n").count == Self.snapshot.count)
        #expect(!rewritten.contains("\r"))
        #expect(snapshot.changes.contains("line endings: CRLF → LF"))
        let broken = try #require(files.first { $0.path.hasSuffix("broken.json") })
        #expect(broken.rewritten == nil)
        #expect(broken.problem?.hasPrefix("not a scenario this pophost reads: line 1, column 12") == true, "\(broken.problem ?? "")")
    }

    @Test("a snapshot of a format this pophost does not read, or with a line that is not JSON, is left")
    func unreadableSnapshotsAreLeft() throws {
        let directory = TemporaryDirectory()
        for (name, lines) in [
            ("newer", [Self.snapshot[0].replacingOccurrences(of: "format 1", with: "format 9")] + Self.snapshot.dropFirst()),
            ("zero", [Self.snapshot[0].replacingOccurrences(of: "format 1", with: "format 0")] + Self.snapshot.dropFirst()),
            ("garbled", Self.snapshot + ["trace {oops"]),
        ] {
            try (lines.joined(separator: "\n") + "\n").write(toFile: directory.file(name + ".snapshot"), atomically: true, encoding: .utf8)
        }
        let files = ProjectMigration.plan(paths: [directory.path])
        #expect(files.count == 3)
        #expect(files.allSatisfy { $0.rewritten == nil && $0.problem != nil })
    }
}
