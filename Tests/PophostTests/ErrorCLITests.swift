import Foundation
import PopTestSupport
import Testing

/// The errors a new user meets, run as a user would: one style ("pophost: error: …" on standard
/// error), usage errors 64 with the usage of the subcommand that failed, failures 1, and messages
/// that say what exists.
@Suite struct ErrorCLITests {
    private func pophost(_ arguments: [String], _ cache: TemporaryDirectory = TemporaryDirectory()) throws -> ProcessResult {
        try run(Build.pophost, arguments, environment: CLITests.isolated(cache))
    }

    private static let payment = [
        "--handler", "com.pophost.samples.c.payment-handler", "--view-loader", "com.pophost.samples.c.payment-view",
    ]

    /// A usage error: status 64, the message once in pophost's style, then the subcommand's usage.
    private func expectUsageError(
        _ result: ProcessResult, of command: String, saying message: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.status == 64, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("pophost: error: "), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(message), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains("\nUsage: \(command)"), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains("See '\(command) --help'"), "\(result.stderr)", sourceLocation: sourceLocation)
    }

    @Test("an unknown subcommand: 64, the nearest one and the list")
    func unknownSubcommand() throws {
        let result = try pophost(["shw"])
        expectUsageError(
            result, of: "pophost", saying: "unknown command \"shw\" (did you mean \"show\"?); the commands are: list, inspect,")
    }

    @Test("the parser's own errors are in pophost's style with the failing subcommand's usage")
    func parserErrors() throws {
        expectUsageError(
            try pophost(["render", "demo", "--out", "x", "--fps", "0"]), of: "pophost render",
            saying: "--fps must be greater than 0 and at most 1000, not 0")
        expectUsageError(try pophost(["show", "--policy", "soon"]), of: "pophost show", saying: "'override' and 'enqueue'")
        expectUsageError(
            try pophost(["show", "--priority", "5000"]), of: "pophost show", saying: "--priority must be from 0 to 1000, not 5000")
        expectUsageError(try pophost(["show", "--type", "password"]), of: "pophost show", saying: "--type needs <field>=<text>")
        expectUsageError(try pophost(["show", "--data", "{oops"]), of: "pophost show", saying: "--data is not valid JSON")
    }

    @Test("`show` with a mistyped component id: one usage error with the nearest id, nothing shown")
    func showUnknownComponent() throws {
        let result = try pophost(["show", "--handler", "com.pophost.samples.c.payment-handlr"])
        expectUsageError(
            result, of: "pophost show",
            saying:
                "no handler with id \"com.pophost.samples.c.payment-handlr\" in the loaded plugins (did you mean \"com.pophost.samples.c.payment-handler\"?)"
        )
        #expect(result.stdout.isEmpty, "no trace of a request that was never made")
        #expect(result.stderr.contains("(searched ") && result.stderr.contains("a plugin elsewhere: --plugins DIR or --plugins ./libx.so)"))
        #expect(result.stderr.components(separatedBy: "payment-handlr").count == 2, "reported once: \(result.stderr)")
        expectUsageError(
            try pophost(["show", "--view-loader", "com.pophost.samples.c.payment-handler"]), of: "pophost show",
            saying: "\"com.pophost.samples.c.payment-handler\" is a handler, not a view-loader")
    }

    @Test("`show --tap` and `--type` that match nothing fail and list what the popup has")
    func showUnknownActionAndField() throws {
        expectUsageError(
            try pophost(["show"] + Self.payment + ["--tap", "confrm"]), of: "pophost show",
            saying:
                "--tap confrm: the popup has no button with the action \"confrm\" (did you mean \"confirm\"?); it has: cancel, confirm, forgot"
        )
        expectUsageError(
            try pophost(["show"] + Self.payment + ["--type", "pin=1"]), of: "pophost show",
            saying: "--type pin=…: the popup has no text field \"pin\"; it has: password")
        expectUsageError(
            try pophost(
                ["show"] + Self.payment + ["--data", "{\"amount\": 1}", "--type", "password=123456", "--tap", "confirm", "--tap", "cancel"]),
            of: "pophost show", saying: "--tap cancel: request 1 ended (dismissed(action)), so there is nothing to tap")
    }

    @Test("`show --out FILE` writes the popup as it last was on screen, as SVG")
    func showOut() throws {
        let directory = TemporaryDirectory()
        let file = directory.file("payment.svg")
        let result = try pophost(
            ["show"] + Self.payment + ["--data", "{\"amount\": 12.5}", "--type", "password=123456", "--tap", "confirm", "--out", file])
        #expect(result.status == 0, "\(result.stderr)")
        let svg = try String(contentsOfFile: file, encoding: .utf8)
        #expect(svg.hasPrefix("<?xml") || svg.hasPrefix("<svg"))
        #expect(svg.contains(">Payment<") && svg.contains(">••••••<"), "the popup with the typed password, before the tap dismissed it")
    }

    @Test("`show --out` of a banner whose display time ends: the banner as it was on screen")
    func showOutBanner() throws {
        let directory = TemporaryDirectory()
        let file = directory.file("banner.svg")
        let result = try pophost([
            "show", "--view-loader", "com.pophost.samples.swift.banner-view", "--controller-loader",
            "com.pophost.samples.swift.banner-controller", "--data", #"{"title": "New message", "message": "Hello"}"#, "--out", file,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("timeout"), "the banner left on its own: \(result.stdout)")
        let svg = try String(contentsOfFile: file, encoding: .utf8)
        #expect(svg.contains(">New message<"), "the banner as it was shown")
    }

    @Test("`inspect` with an unknown id: 64 and the nearest id")
    func inspectUnknown() throws {
        expectUsageError(
            try pophost(["inspect", "com.pophost.samples.c.payment-veiw"]), of: "pophost inspect",
            saying:
                "no plugin or component with id \"com.pophost.samples.c.payment-veiw\" on the search path (did you mean \"com.pophost.samples.c.payment-view\"?)"
        )
    }

    @Test("`inspect` with an id's last labels only: the one id that ends with them")
    func inspectTail() throws {
        expectUsageError(
            try pophost(["inspect", "c.payment-view"]), of: "pophost inspect",
            saying: "(did you mean \"com.pophost.samples.c.payment-view\"?)")
    }

    @Test("a scenario naming a plugin directory that is missing is warned about by name")
    func scenarioMissingDirectory() throws {
        let directory = TemporaryDirectory()
        let scenario = directory.file("s.json")
        try #"{"format": 1, "plugins": ["/nonexistent/pophost-plugins"], "steps": [{"wait": 10}]}"#.write(
            toFile: scenario, atomically: true, encoding: .utf8)
        let result = try pophost(["render", scenario, "--out", directory.file("out")])
        #expect(
            result.stderr.contains("pophost: warning: the plugin directory /nonexistent/pophost-plugins does not exist or cannot be read"),
            "\(result.stderr)")
    }

    @Test("`render` refuses a folder with old frames, --force deletes them, success counts the expectations; --json paths")
    func renderFolder() throws {
        let cache = TemporaryDirectory(), out = TemporaryDirectory()
        let first = try pophost(["render", "demo", "--out", out.path, "--at", "1000", "--at", "2000"], cache)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("wrote 2 svg frames and the trace to \(out.path)"), "\(first.stdout)")
        #expect(first.stdout.contains("; 41 expectations met"), "\(first.stdout)")

        let again = try pophost(["render", "demo", "--out", out.path, "--at", "500"], cache)
        expectUsageError(
            again, of: "pophost render",
            saying: "--out \(out.path) is not empty: it holds 3 files of an earlier render; --force deletes them")

        let forced = try pophost(["render", "demo", "--out", out.path, "--at", "500", "--force", "--json"], cache)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["frame-00000-500ms.svg", "trace.jsonl"])
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(forced.stdout.utf8)) as? [String: Any])
        #expect(summary["frames"] as? [String] == [out.path + "/frame-00000-500ms.svg"])
        #expect(summary["trace"] as? String == out.path + "/trace.jsonl")
        #expect(summary["expectations"] as? Int == 41)

        try "notes".write(toFile: out.file("notes.txt"), atomically: true, encoding: .utf8)
        expectUsageError(
            try pophost(["render", "demo", "--out", out.path, "--force"], cache), of: "pophost render",
            saying: "holds 1 file that are not frames (notes.txt)")
        #expect(FileManager.default.fileExists(atPath: out.file("notes.txt")), "--force deletes only frames and the trace")
    }

    @Test("`test`: a selection that matches no test is a usage error naming the nearest test")
    func testSelectsNothing() throws {
        expectUsageError(
            try pophost(["test", Build.cSample, "--only", "library.lods"]), of: "pophost test",
            saying:
                "no test to run: --only library.lods --strictness 5 selects none; --only library.lods matches no test (did you mean \"library.loads\"?)"
        )
        expectUsageError(try pophost(["test", "--list", "--only", "nothing"]), of: "pophost test", saying: "no test to run")
    }

    @Test("`test`: the Reproduce line repeats --scenarios and --timeout; one test is \"1 test\"")
    func testReproduce() throws {
        let directory = TemporaryDirectory()
        let scenarios = directory.subdirectory("my scenarios")
        try
            #"{"steps": [{"show": {"handler": "com.pophost.samples.c.payment-handler", "view_loader": "com.pophost.samples.c.payment-view", "as": "pay"}}], "expect": {"trace": [{"event": "dismissed", "request": "pay"}]}}"#
            .write(toFile: scenarios + "/never-dismissed.json", atomically: true, encoding: .utf8)
        let result = try pophost([
            "test", Build.cSample, "--scenarios", scenarios, "--only", "scenario.never-dismissed", "--timeout", "20", "--seed", "3",
        ])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        // library.loads runs too: it gates every test that needs the plugin loaded.
        #expect(result.stdout.contains("\n2 tests in "), "\(result.stdout)")
        let one = try pophost(["test", Build.cSample, "--only", "library.loads"])
        #expect(one.status == 0 && one.stdout.contains("\n1 test in "), "\(one.stdout)")
        #expect(
            result.stdout.contains(
                "Reproduce: pophost test \(Build.cSample) --seed 3 --strictness 5 --only scenario.never-dismissed --scenarios '\(scenarios)' --timeout 20\n"
            ),
            "\(result.stdout)")
    }

    @Test("every error of a command that fails is in pophost's style on standard error")
    func failureStyle() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("bad.json")
        try #"{"steps": [{"tap": {"x": "left", "y": 3}}]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try pophost(["render", path, "--out", directory.subdirectory("out")])
        #expect(result.status == 1)
        #expect(result.stderr == "pophost: error: \(path): steps[0].tap.x: expected a number, found the string \"left\"\n")
        let missing = try pophost(["test", directory.file("none.so")])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("pophost: error: \(directory.file("none.so")): no such file"))
    }

    @Test("`show --tap` on a request a plugin error ended is that failure (1), not a usage error")
    func tapAfterPluginError() throws {
        let directory = TemporaryDirectory()
        try Fixture.build(directory.file("bad.so"), ["-DFIX_BAD_CONTENT", "-DFIX_PLUGIN_ID=\"com.fixture.bad\""])
        let result = try pophost([
            "show", "--plugins", directory.path, "--handler", "com.fixture.bad.handler", "--view-loader", "com.fixture.bad.view",
            "--tap", "go",
        ])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stderr.contains("--tap go: request 1 ended (cancelled(plugin-error)), so there is nothing to tap"), "\(result.stderr)")
        #expect(!result.stderr.contains("Usage:"), "\(result.stderr)")
    }

    @Test("`test --scenarios` naming no directory is a usage error, not a run without the scenarios")
    func missingScenarios() throws {
        expectUsageError(
            try pophost(["test", Build.cSample, "--scenarios", "/nonexistent"]), of: "pophost test",
            saying: "--scenarios /nonexistent is not a directory")
    }

    @Test("`show`: a popup still going after a minute of virtual time is a failure that says so, not a quiet success")
    func showNeverEnds() throws {
        let directory = TemporaryDirectory()
        try Fixture.build(directory.file("slow.so"), ["-DFIX_SLOW_SHOW", "-DFIX_PLUGIN_ID=\"com.fixture.slow\""])
        let result = try pophost([
            "show", "--plugins", directory.path, "--handler", "com.fixture.slow.handler", "--view-loader", "com.fixture.slow.view",
            "--controller-loader", "com.fixture.slow.controller", "--keep",
        ])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stderr.contains("pophost: error: request 1 had not ended after 60 s of virtual time (it is presenting)"),
            "\(result.stderr)")
    }
}
