import Foundation
import PopTestSupport
import Testing

@testable import PopModel

/// `pophost render`, `run` and `demo` as a user runs them.
@Suite struct PresentationCLITests {
    @Test("`pophost render demo` writes SVG frames at the --at times and the trace; JSON frames parse")
    func render() throws {
        let cache = TemporaryDirectory(), out = TemporaryDirectory()
        let svg = try run(
            Build.pophost, ["render", "demo", "--out", out.path, "--at", "1000", "--at", "6500"],
            environment: CLITests.isolated(cache))
        #expect(svg.status == 0, "\(svg.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(files == ["frame-00000-1000ms.svg", "frame-00001-6500ms.svg", "trace.jsonl"])
        #expect(try String(contentsOfFile: out.file("frame-00001-6500ms.svg"), encoding: .utf8).contains("Payment"))
        let json = try run(
            Build.pophost, ["render", "demo", "--out", out.subdirectory("json"), "--format", "json", "--fps", "2", "--json"],
            environment: CLITests.isolated(cache))
        #expect(json.status == 0, "\(json.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let frames = try #require(summary["frames"] as? [String])
        #expect(frames.count >= 28)  // 2 fps over ~14 s
        #expect(frames[0].hasPrefix(out.subdirectory("json") + "/frame-"), "paths, like the trace's")
        let first = try Value(json: String(contentsOfFile: frames[0], encoding: .utf8))
        #expect(first.lookup(path: "screen.width") == .int(390))
    }

    @Test("an expectation that fails lists the trace, each misbehaviour with what went wrong")
    func failedExpectationSaysWhy() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("missing.json")
        try #"""
        {"steps": [{"show": {"view_loader": "com.example.nowhere", "as": "p"}}, {"wait": "idle"}],
         "expect": {"trace": [{"event": "did-present", "request": "p"}]}}
        """#.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try run(
            Build.pophost, ["render", path, "--out", directory.subdirectory("out"), "--at", "0"], environment: CLITests.isolated(directory))
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(#"the trace has: requested#1, misbehaviour#1 (no view-loader with id "com.example.nowhere""#),
            "\(result.stderr)")
    }

    @Test("--equal-priority and --queue-order replace the scenario's rules: CSPopKit's or SwiftEntryKit's")
    func arbitrationOptions() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("rules.json")
        try #"""
        {"steps": [{"show": {"policy": "override", "as": "first"}}, {"at": 500, "show": {"policy": "override", "as": "second"}},
                   {"wait": "idle"}],
         "expect": {"trace": [{"event": "cancelled", "request": "second", "reason": "lower-priority"}]}}
        """#.write(toFile: path, atomically: true, encoding: .utf8)
        func render(_ options: [String]) throws -> ProcessResult {
            try run(
                Build.pophost, ["render", path, "--out", directory.subdirectory("out"), "--at", "0", "--force"] + options,
                environment: CLITests.isolated(directory))
        }
        let incumbent = try render([])
        #expect(incumbent.status == 0, "\(incumbent.stdout)\(incumbent.stderr)")
        let newcomer = try render(["--equal-priority", "newcomer-wins", "--queue-order", "chronological"])
        #expect(newcomer.status == 1 && newcomer.stderr.contains("expect.trace[0]"), "\(newcomer.stdout)\(newcomer.stderr)")
        let trace = try String(contentsOfFile: directory.subdirectory("out") + "/trace.jsonl", encoding: .utf8)
        #expect(trace.contains(#""event":"will-dismiss""#) && trace.contains(#""reason":"preempted""#))
        let wrong = try render(["--equal-priority", "newcomer"])
        #expect(wrong.status != 0 && wrong.stderr.contains("--equal-priority"), "\(wrong.stderr)")
        let show = try run(
            Build.pophost, ["show", "--equal-priority", "newcomer-wins", "--queue-order", "priority"],
            environment: CLITests.isolated(directory))
        #expect(show.status == 0, "\(show.stderr)")
    }

    @Test("an --at beyond the clock's range is refused, not a crash")
    func hugeTime() throws {
        let directory = TemporaryDirectory()
        let result = try run(
            Build.pophost, ["render", "demo", "--out", directory.path, "--at", "1e20"], environment: CLITests.isolated(directory))
        #expect(result.status != 0 && result.status < 128)
        #expect(result.stderr.contains("--at"), "\(result.stderr)")
    }

    @Test("a malformed scenario: the error names the file, the field and the problem")
    func malformedScenario() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("bad.json")
        try #"{"steps": [{"tap": {"x": "left", "y": 3}}]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try run(
            Build.pophost, ["render", path, "--out", directory.subdirectory("out")], environment: CLITests.isolated(directory))
        #expect(result.status != 0)
        #expect((result.stdout + result.stderr).contains("\(path): steps[0].tap.x: expected a number"), "\(result.stdout)\(result.stderr)")
    }

    @Test("a scenario that waits 10^12 ms writes --max-frames frames, says so and exits 1, in seconds")
    func endlessWait() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("forever.json")
        try #"{"steps": [{"wait": 1000000000000}]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let out = directory.subdirectory("out")
        let start = Date()
        let result = try run(
            Build.pophost, ["render", path, "--out", out, "--format", "json", "--max-frames", "50"],
            environment: CLITests.isolated(directory))
        #expect(Date().timeIntervalSince(start) < 20)
        #expect(result.status == 1)
        #expect(result.stderr.contains("more than the 50 frames --max-frames allows; wrote the first 50"), "\(result.stderr)")
        let frames = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasPrefix("frame-") }
        #expect(frames.count == 50)
        let json = try run(
            Build.pophost, ["render", path, "--out", directory.subdirectory("json"), "--format", "json", "--max-frames", "3", "--json"],
            environment: CLITests.isolated(directory))
        #expect(json.status == 1)
        #expect(json.stdout.contains("\"frame_limit_reached\":true"), "\(json.stdout)")
    }

    @Test("without a terminal `pophost run` and `pophost demo` play headless, isolated or not, and say how to watch; --watch needs one")
    func noTerminal() throws {
        let cache = TemporaryDirectory()
        let isolated = try run(Build.pophost, ["run", "demo"], environment: CLITests.isolated(cache))
        #expect(isolated.status == 0, "\(isolated.stderr)")
        #expect(isolated.stdout.contains("No terminal here") && isolated.stdout.contains("pophost render"), "\(isolated.stdout)")
        let inProcess = try run(Build.pophost, ["run", "demo", "--no-isolate"], environment: CLITests.isolated(cache))
        #expect(inProcess.status == 0, "\(inProcess.stderr)")
        #expect(inProcess.stdout == isolated.stdout)
        let demo = try run(Build.pophost, ["demo"], environment: CLITests.isolated(cache))
        #expect(demo.status == 0, "\(demo.stderr)")
        #expect(demo.stdout.contains("did-present") && demo.stdout.contains("No terminal here"))
        let watch = try run(Build.pophost, ["run", "demo", "--watch"], environment: CLITests.isolated(cache))
        #expect(watch.status != 0)
        #expect(watch.stderr.contains("--watch needs an interactive terminal"), "\(watch.stderr)")
        let both = try run(Build.pophost, ["run", "demo", "--watch", "--no-isolate"], environment: CLITests.isolated(cache))
        #expect(both.status != 0 && both.stderr.contains("--no-isolate"), "\(both.stderr)")
        let record = try run(Build.pophost, ["run", "demo", "--record", cache.file("r.json")], environment: CLITests.isolated(cache))
        #expect(record.status != 0 && record.stderr.contains("Record button"), "\(record.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cache.file("r.json")))
    }

    @Test(
        "in a terminal (util-linux's script), run --record writes what the keys did as a scenario that run plays headless, expectations met",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func recordInTerminal() throws {
        let cache = TemporaryDirectory()
        let file = cache.file("recorded.json")
        let command = "stty rows 50 cols 160; '\(Build.pophost)' run demo --record '\(file)'"
        let session = try run(
            "/bin/sh",
            ["-c", "(sleep 2; printf a; sleep 1; printf r; sleep 1; printf q) | timeout 60 /usr/bin/script -qec \"\(command)\" /dev/null"],
            environment: CLITests.isolated(cache))
        #expect(session.status == 0, "\(session.stdout.suffix(500)) \(session.stderr)")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains(#""traits":{"appearance":"dark"}"#) && text.contains(#""rotate":"landscape""#), "\(text)")
        let played = try run(Build.pophost, ["run", file], environment: CLITests.isolated(cache))
        #expect(played.status == 0 && played.stdout.contains("met"), "\(played.stdout) \(played.stderr)")
    }

    @Test("`pophost render --isolate` writes the same frames and trace as in this process")
    func renderIsolated() throws {
        let cache = TemporaryDirectory(), out = TemporaryDirectory()
        let times = ["--at", "1000", "--at", "3500", "--at", "6500", "--at", "11200"]
        let inProcess = try run(
            Build.pophost, ["render", "demo", "--out", out.subdirectory("in")] + times, environment: CLITests.isolated(cache))
        let isolated = try run(
            Build.pophost, ["render", "demo", "--isolate", "--out", out.subdirectory("iso")] + times,
            environment: CLITests.isolated(cache))
        #expect(inProcess.status == 0 && isolated.status == 0, "\(inProcess.stderr)\(isolated.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out.file("in")).sorted()
        #expect(files.count == 5)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.file("iso")).sorted() == files)
        for file in files {
            let a = try Data(contentsOf: URL(fileURLWithPath: out.file("in/" + file)))
            let b = try Data(contentsOf: URL(fileURLWithPath: out.file("iso/" + file)))
            #expect(a == b, "\(file) differs")
        }
    }

    @Test(
        "one real interactive run under tmux: the demo draws, takes a click, quits on q and restores the terminal",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")))
    func tmux() throws {
        let cache = TemporaryDirectory()
        let session = "pophost-test-\(getpid())"
        let marker = cache.file("exit-status")
        let command =
            "XDG_CACHE_HOME=\(cache.path) XDG_DATA_HOME=\(cache.subdirectory("data")) \(Build.pophost) demo; echo $? > \(marker); sleep 60"
        func tmux(_ arguments: [String]) throws -> ProcessResult { try Self.spawn("/usr/bin/tmux", ["-L", session] + arguments) }
        #expect(try tmux(["new-session", "-d", "-s", session, "-x", "100", "-y", "50", command]).status == 0)
        defer { _ = try? tmux(["kill-server"]) }
        var screen = ""
        for _ in 0..<100 where !screen.contains("Payment") {
            usleep(100_000)
            screen = try tmux(["capture-pane", "-p", "-t", session]).stdout
        }
        #expect(screen.contains("Payment") && screen.contains("$42.50"), "\(screen)")
        #expect(screen.contains("s ▶ demo"))
        // An SGR mouse click (press and release) on the app's top-left corner, then q after the scenario's typing.
        _ = try tmux(["send-keys", "-t", session, "-l", "\u{1B}[<0;2;2M\u{1B}[<0;2;2m"])
        usleep(9_000_000)
        _ = try tmux(["send-keys", "-t", session, "q"])
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: marker) { usleep(100_000) }
        let status = try String(contentsOfFile: marker, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(status == "0")
        let after = try tmux(["capture-pane", "-p", "-t", session]).stdout
        #expect(!after.contains("Payment"), "the alternate screen is gone: \(after)")
        let modes = try tmux(["display-message", "-p", "-t", session, "#{mouse_any_flag}#{alternate_on}#{cursor_flag}"]).stdout
        #expect(modes.trimmingCharacters(in: .whitespacesAndNewlines) == "001", "mouse off, main screen, cursor visible")
    }

    /// Runs a program with posix_spawn and waitpid (Foundation's Process does not reap the tmux
    /// client, whose server daemonizes), its output in a temporary file.
    static func spawn(_ executable: String, _ arguments: [String]) throws -> ProcessResult {
        let scratch = TemporaryDirectory()
        let output = scratch.file("out")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else {
            return ProcessResult(status: -1, stdout: "", stderr: "cannot spawn \(executable)")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return ProcessResult(status: (status >> 8) & 0xFF, stdout: (try? String(contentsOfFile: output, encoding: .utf8)) ?? "", stderr: "")
    }
}
