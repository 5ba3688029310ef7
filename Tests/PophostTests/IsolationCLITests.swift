import Foundation
import PopRuntimeTestSupport
import PopTestSupport
import Testing

@testable import PopModel

/// `pophost run` (isolated by default) and `pophost show --isolate` against the crash corpus: the
/// host survives each broken plugin, the broken plugin's popups end with the reason that says what
/// happened, and the other plugin's banner renders (the scenario's own expectations, checked by
/// `run`'s exit status).
@Suite(.serialized) struct IsolationCLITests {
    static let corpus = try! IsolationCrashCorpus()
    /// The registry cache every run shares: filled (and the crash in `init` armed) once, so that no
    /// run rescans the corpus after the marker exists.
    static let cache: TemporaryDirectory = {
        let cache = TemporaryDirectory()
        let listed = try! run(Build.pophost, ["list", "--plugins", corpus.directory.path], environment: CLITests.isolated(cache))
        precondition(listed.status == 0, listed.stderr)
        corpus.armCrashInInit()
        return cache
    }()

    @Test("`pophost run SCENARIO` survives each broken plugin; its popups end with the right reason", arguments: corpus.cases)
    func runSurvives(_ testCase: IsolationCrashCorpus.Case) throws {
        let scenario = Self.corpus.directory.file("\(testCase.name).json")
        try Self.corpus.scenario(testCase).write(toFile: scenario, atomically: true, encoding: .utf8)
        let result = try run(Build.pophost, ["run", scenario, "--call-timeout", "0.5"], environment: CLITests.isolated(Self.cache))
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let finals = result.stdout.split(separator: "\n").filter { $0.contains(" dismissed ") || $0.contains(" cancelled ") }
        let first = finals.filter { $0.hasSuffix(" first") }
        #expect(first.count == 1, "\(result.stdout)")
        #expect(first.first?.contains("(\(testCase.first.reason))") == true, "\(first)")
        #expect(!finals.contains { $0.hasSuffix(" good") })
        if testCase.first.reason == .pluginCrashed || testCase.first.reason == .pluginTimeout {
            #expect(result.stderr.contains("\(testCase.name).so"), "\(result.stderr)")
        }
    }

    @Test("`pophost show --isolate`: a plugin host that crashes in its plugin's deinit, at the end, is reported")
    func crashInDeinit() throws {
        let directory = TemporaryDirectory(), cache = TemporaryDirectory()
        let arm = directory.file("arm")
        try Fixture.build(
            directory.file("deinit.so"), ["-DFIX_CRASH_IN_DEINIT_AFTER=\"\(arm)\"", "-DFIX_PLUGIN_ID=\"com.fixture.deinit\""])
        let environment = CLITests.isolated(cache)
        // Scanned before the crash is armed, as a plugin that crashes only sometimes would be.
        #expect(try run(Build.pophost, ["list", "--plugins", directory.path], environment: environment).status == 0)
        FileManager.default.createFile(atPath: arm, contents: nil)
        let result = try run(
            Build.pophost, ["show", "--plugins", directory.path, "--handler", "com.fixture.deinit.handler", "--isolate"],
            environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "the plugin host of \(directory.file("deinit.so")) was killed by SIGSEGV (Segmentation fault) as it ended (in its plugin's deinit)"
            ),
            "\(result.stderr)")
    }

    @Test("`pophost show --isolate`: an action that crashes its plugin host ends the popup plugin-crashed, status 1")
    func showCrash() throws {
        let id = "com.pophost.corpus.crash-in-action"
        let arguments = [
            "show", "--isolate", "--plugins", Self.corpus.directory.path, "--handler", "\(id).handler",
            "--view-loader", "\(id).view", "--controller-loader", "\(id).controller", "--tap", "go",
        ]
        let result = try run(Build.pophost, arguments, environment: CLITests.isolated(Self.cache))
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("request 1: dismissed(plugin-crashed)"), "\(result.stdout)")
        #expect(result.stderr.contains("killed by SIGSEGV"), "\(result.stderr)")
    }
}
