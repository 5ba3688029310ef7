import Foundation
import PopTestSupport
import Testing

@testable import PopHarness

/// The compatibility corpus (Tests/Fixtures/compatibility): plugin projects frozen as earlier
/// pophosts released them — sources, vendored headers, scenarios and the snapshots those pophosts
/// recorded — must pass today's `pophost test` unchanged, render unchanged, and migrate. When a
/// change breaks one of these, the change is wrong, not the corpus (docs/compatibility.md).
@Suite struct CompatibilityCorpusTests {
    /// One project of the corpus: where `make` runs, the library it builds and the scenarios.
    struct Project: CustomTestStringConvertible, Sendable {
        let release: String
        let name: String
        let makeDirectory: String
        let library: String
        let scenarios: String
        /// Whether the project holds a scenario or snapshot in a format older than today's, for
        /// `pophost migrate` to rewrite.
        let isOutdated: Bool

        var testDescription: String { "\(release)/\(name)" }
        var source: String { Repository.root + "/Tests/Fixtures/compatibility/\(release)/\(name)" }
    }

    /// Format 1 until 2026-11-24; the 2026-11-28 C sample's `floating.json` was released without a
    /// `format` (so format 1), its other scenarios and the greeter in format 2.
    static let projects = [("2026-11-21", true, true), ("2026-11-24", true, true), ("2026-11-28", true, false)].flatMap {
        release, sampleIsOutdated, greeterIsOutdated in
        [
            Project(
                release: release, name: "c-sample", makeDirectory: "Plugins/CSample", library: "Plugins/CSample/libpop_sample_c.so",
                scenarios: "Scenarios", isOutdated: sampleIsOutdated),
            Project(
                release: release, name: "greeter", makeDirectory: ".", library: "libgreeter.so", scenarios: "scenarios",
                isOutdated: greeterIsOutdated),
        ]
    }

    /// A copy of `project` (the corpus itself is never written), built with its own Makefile, in
    /// `directory`; its root.
    static func built(_ project: Project, in directory: TemporaryDirectory) throws -> String {
        let root = directory.file(project.name)
        try FileManager.default.copyItem(atPath: project.source, toPath: root)
        let make = try run("/usr/bin/env", ["make", "-C", root + "/" + project.makeDirectory])
        guard make.status == 0 else { throw Fixture.FixtureError(message: "make failed in \(project): \(make.stderr)") }
        return root
    }

    /// `pophost test` of the project as it is; the report.
    static func test(_ root: String, _ project: Project) throws -> (ProcessResult, HarnessReport) {
        let result = try run(
            Build.pophost, ["test", root + "/" + project.library, "--scenarios", root + "/" + project.scenarios, "--json", "--seed", "7"])
        let report = try JSONDecoder().decode(HarnessReport.self, from: Data(result.stdout.utf8))
        return (result, report)
    }

    @Test("passes today's `pophost test` unchanged: every test, its scenarios against the snapshots it recorded", arguments: projects)
    func passesUnchanged(_ project: Project) throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let root = try Self.built(project, in: directory)
        let (result, report) = try Self.test(root, project)
        #expect(result.status == 0, "\(result.stderr)")
        let results = report.plugins.flatMap(\.results)
        for failed in results where failed.status != .success && failed.status != .skipped && failed.status != .warning {
            Issue.record("\(failed.name): \(failed.status) \(failed.message ?? "")")
        }
        let scenarios = results.filter { $0.name.hasPrefix("scenario.") }
        #expect(!scenarios.isEmpty)
        #expect(scenarios.allSatisfy { $0.status == .success || $0.status == .warning })
    }

    @Test("its scenarios render unchanged", arguments: projects)
    func rendersUnchanged(_ project: Project) throws {
        let directory = TemporaryDirectory()
        let root = try Self.built(project, in: directory)
        let scenarios = try FileManager.default.contentsOfDirectory(atPath: root + "/" + project.scenarios).filter { $0.hasSuffix(".json") }
        #expect(!scenarios.isEmpty)
        for scenario in scenarios {
            let out = directory.file("frames-" + scenario)
            let result = try run(
                Build.pophost,
                [
                    "render", root + "/" + project.scenarios + "/" + scenario, "--out", out, "--plugins",
                    (root + "/" + project.library as NSString).deletingLastPathComponent, "--at", "500",
                ])
            #expect(result.status == 0, "\(scenario): \(result.stderr)")
        }
    }

    @Test(
        "`pophost migrate --check` fails, `migrate` rewrites, then --check passes and the tests still do",
        arguments: projects.filter(\.isOutdated))
    func migrates(_ project: Project) throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let root = try Self.built(project, in: directory)
        let check = try run(Build.pophost, ["migrate", "--check", root])
        #expect(check.status == 1, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("would rewrite"))
        let migrate = try run(Build.pophost, ["migrate", root])
        #expect(migrate.status == 0, "\(migrate.stderr)")
        let again = try run(Build.pophost, ["migrate", "--check", root])
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        #expect(again.stdout.contains(" 0 to rewrite"))
        let (result, report) = try Self.test(root, project)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("format 1's name"))
        #expect(report.plugins.flatMap(\.results).filter { $0.name.hasPrefix("scenario.") }.allSatisfy { $0.status != .failed })
    }

    @Test(
        "a project in today's formats has nothing to migrate", arguments: projects.filter { !$0.isOutdated })
    func currentNeedsNoMigration(_ project: Project) throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let root = try Self.built(project, in: directory)
        let check = try run(Build.pophost, ["migrate", "--check", root])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains(" 0 to rewrite"))
    }

    @Test("the repository's own scenarios are in today's formats (what a plugin author copies)")
    func repositoryScenariosAreCurrent() throws {
        let check = try run(Build.pophost, ["migrate", "--check", Repository.root + "/Scenarios"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    @Test("a snapshot recorded before the trace's keys were renamed still fails when an event really differs, naming it")
    func realDifferenceFails() throws {
        let project = Self.projects[1]  // 2026-11-21, greeter: "view-loader" in its snapshot
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let root = try Self.built(project, in: directory)
        let snapshot = root + "/scenarios/snapshots/greeter.snapshot"
        let text = try String(contentsOfFile: snapshot, encoding: .utf8)
        #expect(text.contains("\"view-loader\""))
        let changed = text.replacingOccurrences(
            of: "\"t\":250.0,\"request\":1,\"event\":\"did-present\"", with: "\"t\":260.0,\"request\":1,\"event\":\"did-present\"")
        #expect(changed != text)
        try changed.write(toFile: snapshot, atomically: true, encoding: .utf8)
        let (result, report) = try Self.test(root, project)
        #expect(result.status == 1)
        let failure = report.plugins.flatMap(\.results).first { $0.name == "scenario.greeter" }
        #expect(failure?.status == .failed)
        #expect(failure?.message?.contains("trace event 6 (did-present at 260 ms)") == true, "\(failure?.message ?? "")")
    }
}
