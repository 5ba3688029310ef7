import Foundation
import PopTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Nothing a plugin starts outlives the process that loaded it (issue 25): a daemon started the
/// classic way — fork, `setsid()`, fork again — leaves its process group and is orphaned at once, yet
/// it ends with the scanner, the test's process, the plugin host, or pophost itself in process,
/// whether it was started in `init`, in an action or in a view loader's `build`, and whether its
/// process ended normally, timed out or crashed.
@Suite(.serialized) struct DescendantTests {
    static let id = "com.pophost.detaching"

    /// A directory holding one fixture built with `defines`, a cache, and where the daemons' pids go.
    struct Setup {
        let directory = TemporaryDirectory(), cache = TemporaryDirectory()
        let plugin: String
        var pidfile: String { cache.file("daemons.txt") }
        var environment: [String: String?] { CLITests.isolated(cache).merging(["POPHOST_FIXTURE_PIDFILE": pidfile]) { $1 } }

        init(_ defines: [String]) throws {
            plugin = directory.file("detaching.so")
            try Fixture.build(plugin, defines + ["-DFIX_PLUGIN_ID=\"\(DescendantTests.id)\""])
        }

        /// The daemons started so far.
        var daemons: [pid_t] {
            ((try? String(contentsOfFile: pidfile, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { pid_t($0) }
        }

        /// Expects that daemons were started, and that none is still running (a zombie is not).
        func expectNoneLeft(_ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
            let started = daemons
            #expect(!started.isEmpty, "no daemon was started during \(what)", sourceLocation: sourceLocation)
            for daemon in started {
                let ended = ProcessTable.await(seconds: 2) { !ProcessTable.isRunning(daemon) }
                if !ended { kill(daemon, SIGKILL) }
                #expect(ended, "the daemon \(daemon) outlived \(what)", sourceLocation: sourceLocation)
            }
        }
    }

    static let showArguments = [
        "show", "--handler", "\(id).handler", "--view-loader", "\(id).view", "--controller-loader", "\(id).controller", "--tap", "go",
    ]

    @Test("a daemon started in init ends with the scanner (`pophost list`)")
    func scanner() throws {
        let setup = try Setup(["-DFIX_DETACH_IN_INIT"])
        let result = try run(Build.pophost, ["list", "--plugins", setup.directory.path], environment: setup.environment)
        #expect(result.status == 0, "\(result.stderr)")
        setup.expectNoneLeft("pophost list")
    }

    @Test("a daemon started in init ends when a scanner that timed out is killed")
    func scannerTimeout() throws {
        let setup = try Setup(["-DFIX_DETACH_IN_INIT", "-DFIX_HANG_IN_INIT"])
        let result = try run(
            Build.pophost, ["list", "--plugins", setup.directory.path, "--scan-timeout", "1"], environment: setup.environment)
        #expect(result.stdout.contains("timeout"), "\(result.stdout)\(result.stderr)")
        setup.expectNoneLeft("a scanner killed on its timeout")
    }

    @Test(
        "a daemon started in init, an action or a build ends with the test's process (`pophost test`)",
        arguments: zip(["INIT", "ACTION", "BUILD"], ["library.loads", "component.actions-fuzzed", "component.content-limits"]))
    func testProcess(place: String, test: String) throws {
        let setup = try Setup(["-DFIX_DETACH_IN_\(place)"])
        let result = try run(Build.pophost, ["test", setup.plugin, "--only", test], environment: setup.environment)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        setup.expectNoneLeft("pophost test")
    }

    @Test(
        "a daemon started in init, an action or a build ends with the plugin host (`pophost show --isolate`)",
        arguments: ["INIT", "ACTION", "BUILD"])
    func pluginHost(place: String) throws {
        let setup = try Setup(["-DFIX_DETACH_IN_\(place)"])
        let result = try run(
            Build.pophost, Self.showArguments + ["--plugins", setup.directory.path, "--isolate"], environment: setup.environment)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        setup.expectNoneLeft("pophost show --isolate")
    }

    /// An owner that ends otherwise than by finishing its work.
    struct Ending: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let defines: [String]
        /// The command's arguments, `PLUGIN` and `DIR` standing for the plugin and its directory.
        let arguments: [String]
    }

    static let endings = [
        Ending(
            testDescription: "a test's process ended by its watchdog", defines: ["-DFIX_DETACH_IN_INIT", "-DFIX_HANG_IN_INIT"],
            arguments: ["test", "PLUGIN", "--only", "library.loads"]),
        Ending(
            testDescription: "a test's process that crashed", defines: ["-DFIX_DETACH_IN_ACTION", "-DFIX_CRASH_IN_ACTION"],
            arguments: ["test", "PLUGIN", "--only", "component.actions-fuzzed"]),
        Ending(
            testDescription: "a plugin host that crashed", defines: ["-DFIX_DETACH_IN_ACTION", "-DFIX_CRASH_IN_ACTION"],
            arguments: showArguments + ["--plugins", "DIR", "--isolate"]),
        Ending(
            testDescription: "a plugin host that timed out", defines: ["-DFIX_DETACH_IN_INIT", "-DFIX_HANG_SHOULD_PRESENT"],
            arguments: showArguments + ["--plugins", "DIR", "--isolate", "--call-timeout", "0.5"]),
        Ending(
            testDescription: "a plugin host whose plugin called exit()", defines: ["-DFIX_DETACH_IN_ACTION", "-DFIX_EXIT_IN_ACTION"],
            arguments: showArguments + ["--plugins", "DIR", "--isolate"]),
        Ending(
            testDescription: "pophost, whose in-process plugin called exit()", defines: ["-DFIX_DETACH_IN_ACTION", "-DFIX_EXIT_IN_ACTION"],
            arguments: showArguments + ["--plugins", "DIR"]),
    ]

    @Test("a daemon ends however its owner ends", arguments: endings)
    func ownerEnds(_ ending: Ending) throws {
        let setup = try Setup(ending.defines)
        let arguments = ending.arguments.map { $0 == "PLUGIN" ? setup.plugin : $0 == "DIR" ? setup.directory.path : $0 }
        _ = try run(Build.pophost, arguments, environment: setup.environment)
        setup.expectNoneLeft(ending.testDescription)
    }

    @Test(
        "a daemon started in init, an action or a build, or a plain child, ends with pophost when the plugin runs in process",
        arguments: ["-DFIX_DETACH_IN_INIT", "-DFIX_DETACH_IN_ACTION", "-DFIX_DETACH_IN_BUILD", "-DFIX_FORK_IN_INIT"])
    func inProcess(define: String) throws {
        let setup = try Setup([define])
        let result = try run(Build.pophost, Self.showArguments + ["--plugins", setup.directory.path], environment: setup.environment)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        setup.expectNoneLeft("pophost show")
    }

    @Test("a daemon started in process ends when pophost is interrupted", arguments: [SIGINT, SIGTERM])
    func interrupted(signal: Int32) throws {
        let setup = try Setup(["-DFIX_DETACH_IN_INIT", "-DFIX_HANG_SHOULD_PRESENT"])
        let environment = setup.environment.compactMapValues { $0 }
        let pophost = try BackgroundProcess(
            Build.pophost, Self.showArguments + ["--plugins", setup.directory.path], environment: environment)
        // One daemon from the scanner's init, one from pophost's own, which then hangs in should_present.
        #expect(ProcessTable.await(seconds: 10) { setup.daemons.count == 2 }, "pophost never loaded the plugin")
        pophost.signal(signal)
        #expect(pophost.wait(seconds: 5) != nil, "pophost did not end")
        setup.expectNoneLeft("an interrupted pophost")
    }
}
