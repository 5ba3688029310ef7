import Foundation
import PopLoaderTestSupport
import PopTestSupport
import Testing

@testable import PopLoader

#if canImport(Glibc)
import Glibc
#endif

/// Plugins that attack the scanner rather than merely fail (issue 18): each is blamed for what it
/// does, and nothing it does is blamed on another file, forged into a result, or left running.
@Suite struct HostileScanTests {
    /// Builds the fixture with `flags` as `name` in `directory`.
    static func build(_ directory: TemporaryDirectory, _ name: String, _ flags: [String] = []) throws -> String {
        let path = directory.file(name)
        let id = name.replacingOccurrences(of: ".so", with: "").replacingOccurrences(of: "_", with: "-")
        try Fixture.build(path, flags + ["-DFIX_PLUGIN_ID=\"com.pophost.hostile.\(id)\""])
        return path
    }

    @Test("answers forged on the scanner's channel are ignored: the forger is blamed, its neighbours scanned")
    func forgedAnswers() throws {
        let dir = TemporaryDirectory(), cache = TemporaryDirectory()
        _ = try Self.build(dir, "a-good.so")
        let forger = try Self.build(dir, "b-forger.so", ["-DFIX_FORGE_PROTOCOL"])
        _ = try Self.build(dir, "c-good.so")
        let discovery = try makeRegistry([dir.path], cache: cache.file("registry.cache")).discover()
        #expect(discovery.entries.map(\.status) == [.ok, .blacklisted, .ok])
        let problem = try #require(discovery.entries[1].problem)
        #expect(problem.category == .crashed)
        #expect(problem.cause.contains("did not come from the scanner"), "\(problem.cause)")
        #expect(!discovery.entries.contains { $0.pluginID == "com.forged.plugin" })
        #expect(discovery.entries[2].info?.components.count == 3)
        // Alone, it is blacklisted too, not listed with its made-up components.
        let alone = try makeRegistry([dir.path], cache: cache.file("alone.cache")).describe(path: forger).0
        #expect(alone.status == .blacklisted)
        #expect(alone.info == nil)
    }

    @Test("a crash caused by an earlier plugin's thread blames no file; the file it hit is scanned alone")
    func unattributedCrash() throws {
        let dir = TemporaryDirectory(), cache = TemporaryDirectory()
        _ = try Self.build(dir, "a-leaves-a-thread.so", ["-DFIX_LATE_CRASH_THREAD", "-DFIX_CRASH_DELAY_MS=300"])
        let victim = try Self.build(dir, "b-slow-innocent.so", ["-DFIX_INIT_SLEEP_MS=1500"])
        _ = try Self.build(dir, "c-good.so")
        let discovery = try makeRegistry([dir.path], cache: cache.file("registry.cache"), timeout: 10).discover()
        #expect(discovery.entries.map(\.status) == [.ok, .ok, .ok], "\(discovery.entries.map { $0.problem?.description ?? "ok" })")
        let warning = try #require(discovery.warnings.first { $0.contains("no file is blamed") }, "\(discovery.warnings)")
        #expect(warning.contains(victim) && warning.contains("a-leaves-a-thread.so") && warning.contains("SIGSEGV"), "\(warning)")
    }

    @Test("a plugin's own process holding the channel neither delays the scan nor outlives it")
    func forkedKeeper() throws {
        let dir = TemporaryDirectory(), cache = TemporaryDirectory()
        let pidfile = dir.file("keepers.txt")
        setenv("POPHOST_FIXTURE_PIDFILE", pidfile, 1)
        _ = try Self.build(dir, "a-forks.so", ["-DFIX_FORK_IN_INIT"])
        _ = try Self.build(dir, "b-crashes.so", ["-DFIX_SEGV_IN_INIT"])
        _ = try Self.build(dir, "c-good.so")
        let start = ContinuousClock.now
        let discovery = try makeRegistry([dir.path], cache: cache.file("registry.cache"), timeout: 10).discover()
        let seconds = (ContinuousClock.now - start).seconds
        #expect(seconds < 5, "the scan waited \(seconds) s")
        #expect(discovery.entries.map(\.status) == [.ok, .blacklisted, .ok])
        #expect(discovery.entries[1].problem?.category == .crashed, "a neighbour's crash stays a crash, not a timeout")
        let keepers = try String(contentsOfFile: pidfile, encoding: .utf8).split(separator: "\n").compactMap { pid_t($0) }
        #expect(!keepers.isEmpty)
        for keeper in keepers {
            #expect(ProcessTable.await(seconds: 2) { !ProcessTable.isRunning(keeper) }, "the plugin's process \(keeper) outlived the scan")
        }
    }

    @Test("a plugin that closes descriptors 0-2 leaves the host waiting idly")
    func closedStandardDescriptors() throws {
        let dir = TemporaryDirectory(), cache = TemporaryDirectory()
        _ = try Self.build(dir, "closes-stdio.so", ["-DFIX_CLOSE_STDIO", "-DFIX_INIT_SLEEP_MS=1000"])
        let before = Self.threadCPUSeconds(), start = ContinuousClock.now
        let discovery = try makeRegistry([dir.path], cache: cache.file("registry.cache"), timeout: 10).discover()
        let cpu = Self.threadCPUSeconds() - before, wall = (ContinuousClock.now - start).seconds
        #expect(discovery.entries.first?.status == .ok)
        #expect(wall >= 1)
        #expect(cpu < 0.25, "the host used \(cpu) s of CPU in \(wall) s of waiting")
    }

    @Test("a file whose name is not UTF-8 is found, opened and cached under its own bytes")
    func nonUTF8Name() throws {
        let dir = TemporaryDirectory(), cache = TemporaryDirectory()
        let built = try Self.build(dir, "latin1.tmp")
        // Latin-1 é, and an escape scalar spelled in UTF-8.
        let rawName: [UInt8] = Array("caf".utf8) + [0xE9] + Array("-\u{10FF80}.so".utf8)
        let rawPath = Array(dir.path.utf8) + [0x2F] + rawName
        let renamed = (rawPath + [0]).withUnsafeBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { rename(built, $0.baseAddress!) }
        }
        #expect(renamed == 0)
        let registry = makeRegistry([dir.path], cache: cache.file("registry.cache"))
        let discovery = try registry.discover()
        let entry = try #require(discovery.entries.first)
        #expect(entry.status == .ok, "\(entry.problem?.description ?? "")")
        #expect(PathBytes.bytes(entry.file.path) == rawPath)
        #expect(entry.info?.plugin.id == "com.pophost.hostile.latin1.tmp")
        let warm = try registry.discover()
        #expect(warm.scanned.isEmpty, "the cache keeps the name's bytes")
        #expect(warm.entries.first?.status == .ok)
    }

    @Test("a file this user may not read is permission-denied, not not-a-file")
    func unreadableFile() throws {
        let dir = TemporaryDirectory(), cache = TemporaryDirectory()
        let path = try Self.build(dir, "mode-000.so")
        chmod(path, 0)
        if geteuid() != 0 {
            let entry = try makeRegistry([dir.path], cache: cache.file("registry.cache")).discover().entries.first
            #expect(entry?.problem?.category == .permissionDenied)
            #expect(entry?.problem?.cause.contains("mode 0000") == true)
            return
        }
        // Root reads anything: drop the capabilities that let it, as an ordinary user has none.
        let result = try run(
            "/usr/bin/setpriv",
            [
                "--inh-caps=-dac_override,-dac_read_search", "--bounding-set=-dac_override,-dac_read_search",
                Build.pophost, "list", "--json", "--plugins", dir.path,
            ],
            environment: ["XDG_CACHE_HOME": cache.path, "NO_COLOR": "1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"category\": \"permission-denied\""), "\(result.stdout)")
        #expect(result.stdout.contains("mode 0000"))
    }

    /// CPU time (user and system) of the calling thread, in seconds.
    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
