import Foundation
import PopTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Every write to standard output is checked, and plugin code in pophost's process cannot reach it
/// (issue 25): output that cannot be written ends the command with status 1 and one message, and
/// whatever a plugin prints goes to standard error, so `--json` stays JSON.
@Suite struct StandardOutputTests {
    /// Where pophost's standard output goes.
    /// Runs pophost with standard output on `output` and standard error in a file; its status and
    /// what it wrote to standard error.
    static func run(
        output: BackgroundProcess.Output, _ arguments: [String], environment: [String: String?]
    ) throws -> (
        status: Int32, stderr: String
    ) {
        let scratch = TemporaryDirectory()
        let errors = scratch.file("stderr")
        let pophost = try BackgroundProcess(Build.pophost, arguments, environment: environment, output: output, errors: errors)
        let status = try #require(pophost.exitStatus(seconds: 120))
        return (status, (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")
    }

    @Test(
        "`list --json`, `--help` and `--version` to a full device exit 1 with one message",
        arguments: [["list", "--json"], ["--help"], ["--version"]])
    func fullDevice(arguments: [String]) throws {
        let cache = TemporaryDirectory()
        let result = try Self.run(output: .file("/dev/full"), arguments, environment: CLITests.isolated(cache))
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr == "pophost: error: cannot write to standard output: No space left on device\n", "\(result.stderr)")
    }

    @Test("`list --json` with standard output closed exits 1 with one message")
    func closedOutput() throws {
        let cache = TemporaryDirectory()
        let result = try Self.run(output: .closed, ["list", "--json"], environment: CLITests.isolated(cache))
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr == "pophost: error: cannot write to standard output: Bad file descriptor\n", "\(result.stderr)")
    }

    @Test("`list` to a reader that has gone exits 1 quietly")
    func closedPipe() throws {
        let cache = TemporaryDirectory()
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        close(ends[0])
        defer { close(ends[1]) }
        let result = try Self.run(output: .descriptor(ends[1]), ["list", "--json"], environment: CLITests.isolated(cache))
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr == "", "\(result.stderr)")
    }

    @Test("`inspect --json` of a plugin that prints in init is JSON; the plugin's lines go to standard error")
    func printingPlugin() throws {
        let directory = TemporaryDirectory(), cache = TemporaryDirectory()
        let plugin = directory.file("noisy.so")
        try Fixture.build(plugin, ["-DFIX_NOISY_INIT", "-DFIX_WRITE_IN_INIT", "-DFIX_PLUGIN_ID=\"com.pophost.noisy\""])
        let result = try PopTestSupport.run(Build.pophost, ["inspect", plugin, "--json"], environment: CLITests.isolated(cache))
        #expect(result.status == 0, "\(result.stderr)")
        #expect((try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) != nil, "not JSON: \(result.stdout)")
        #expect(result.stderr.contains("fixture: written"), "\(result.stderr)")
        #expect(result.stderr.contains("fixture: initialising"), "\(result.stderr)")
    }

    @Test("`show --trace` to a full device exits 1, naming the trace")
    func fullTrace() throws {
        let directory = TemporaryDirectory(), cache = TemporaryDirectory()
        let id = "com.pophost.traced"
        try Fixture.build(directory.file("traced.so"), ["-DFIX_PLUGIN_ID=\"\(id)\""])
        let result = try PopTestSupport.run(
            Build.pophost, ["show", "--plugins", directory.path, "--handler", "\(id).handler", "--trace", "/dev/full"],
            environment: CLITests.isolated(cache))
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("/dev/full: cannot write the trace: No space left on device"), "\(result.stderr)")
    }

    @Test("in-process `inspect --json` of a plugin that closes descriptors 0–2 in init prints its description")
    func closedDescriptorsInInit() throws {
        let directory = TemporaryDirectory(), cache = TemporaryDirectory()
        let plugin = directory.file("closes.so")
        try Fixture.build(plugin, ["-DFIX_CLOSE_STDIO", "-DFIX_PLUGIN_ID=\"com.pophost.closes\""])
        let result = try PopTestSupport.run(Build.pophost, ["inspect", plugin, "--json"], environment: CLITests.isolated(cache))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("com.pophost.closes"), "\(result.stdout)")
        #expect((try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) != nil, "not JSON: \(result.stdout)")
    }

    @Test("in-process `show` of a plugin that closes descriptors 0–2 in an action prints its whole trace")
    func closedDescriptors() throws {
        let directory = TemporaryDirectory(), cache = TemporaryDirectory()
        let id = "com.pophost.closes"
        try Fixture.build(directory.file("closes.so"), ["-DFIX_CLOSE_STDIO_IN_ACTION", "-DFIX_PLUGIN_ID=\"\(id)\""])
        let result = try PopTestSupport.run(
            Build.pophost,
            [
                "show", "--plugins", directory.path, "--handler", "\(id).handler", "--view-loader", "\(id).view",
                "--controller-loader", "\(id).controller", "--tap", "go",
            ], environment: CLITests.isolated(cache))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("request 1: dismissed(action)"), "\(result.stdout)")
    }
}
