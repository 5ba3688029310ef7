import Foundation
import PopTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// pophost's children start clean and leave nothing behind (issue 18): however pophost ends, its
/// scanner and test processes end with it, and so does whatever a plugin started in them; they
/// inherit no blocked signals and none of pophost's descriptors.
@Suite(.serialized) struct InterruptionTests {
    /// A file pophost inherits as descriptor 9: none of its children may have it open.
    static func inheritedMarker(_ directory: TemporaryDirectory) -> String {
        let marker = directory.file("inherited-marker")
        _ = FileManager.default.createFile(atPath: marker, contents: Data("x".utf8))
        return marker
    }

    /// What a child of pophost must look like while it runs.
    static func expectClean(_ child: pid_t, marker: String, _ what: String) {
        #expect(ProcessTable.status(child, "SigBlk") == "0000000000000000", "\(what) starts with blocked signals")
        #expect(!ProcessTable.openFiles(child).contains(marker), "\(what) inherited pophost's descriptor")
    }

    @Test(
        "interrupting `pophost test --jobs 2` ends its test processes and what the plugin started",
        arguments: [SIGINT, SIGTERM])
    func interruptedHarness(signal: Int32) throws {
        let dir = TemporaryDirectory()
        let pidfile = dir.file("keepers.txt")
        var plugins: [String] = []
        for name in ["a", "b"] {
            let path = dir.file("\(name)-forks.so")
            try Fixture.build(
                path, ["-DFIX_FORK_IN_INIT", "-DFIX_INIT_SLEEP_MS=900", "-DFIX_PLUGIN_ID=\"com.pophost.interrupted.\(name)\""])
            plugins.append(path)
        }
        let marker = Self.inheritedMarker(dir)
        let pophost = try BackgroundProcess(
            Build.pophost, ["test", "--jobs", "2", "--only", "library.loads"] + plugins,
            environment: ["POPHOST_FIXTURE_PIDFILE": pidfile], inherited: marker)
        var keepers: [pid_t] = []
        #expect(
            ProcessTable.await(seconds: 10) {
                keepers = ((try? String(contentsOfFile: pidfile, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { pid_t($0) }
                return keepers.count == 2
            }, "the plugins' processes never started")
        // pophost's children are its workers' fork servers; the tests' processes are theirs.
        let servers = ProcessTable.children(of: pophost.pid)
        let tests = servers + servers.flatMap { ProcessTable.children(of: $0) }
        #expect(tests.count > servers.count, "no test's process was forked by a server")
        for test in tests { Self.expectClean(test, marker: marker, "a test process or its server") }
        pophost.signalGroup(signal)
        #expect(pophost.wait(seconds: 5) != nil, "pophost did not end")
        for process in tests + keepers {
            #expect(ProcessTable.await(seconds: 2) { !ProcessTable.isRunning(process) }, "process \(process) outlived pophost")
        }
    }

    @Test("killing `pophost list` ends its scanner, however it is killed", arguments: [SIGKILL, SIGTERM])
    func killedList(signal: Int32) throws {
        let dir = TemporaryDirectory(), cache = TemporaryDirectory()
        try Fixture.build(dir.file("hangs.so"), ["-DFIX_HANG_IN_INIT", "-DFIX_PLUGIN_ID=\"com.pophost.interrupted.hang\""])
        let marker = Self.inheritedMarker(cache)
        let pophost = try BackgroundProcess(
            Build.pophost, ["list", "--plugins", dir.path, "--scan-timeout", "60"],
            environment: ["XDG_CACHE_HOME": cache.path], inherited: marker)
        var scanners: [pid_t] = []
        // A child seen between its spawn and its exec still holds pophost's descriptors and mask:
        // it is the scanner once it runs the scanner's executable.
        #expect(
            ProcessTable.await(seconds: 10) {
                scanners = ProcessTable.children(of: pophost.pid)
                return !scanners.isEmpty && scanners.allSatisfy { ProcessTable.executable($0)?.hasSuffix("/pophost-scanner") == true }
            }, "no scanner started")
        for scanner in scanners { Self.expectClean(scanner, marker: marker, "the scanner") }
        pophost.signal(signal)
        #expect(pophost.wait(seconds: 5) != nil, "pophost did not end")
        for scanner in scanners {
            #expect(ProcessTable.await(seconds: 2) { !ProcessTable.isRunning(scanner) }, "the scanner \(scanner) outlived pophost")
        }
    }
}
