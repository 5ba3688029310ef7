import Foundation
import PopLoaderTestSupport
import PopModel
import PopTestSupport
import Testing

@testable import PopLoader

/// The registry cache: warm discoveries open nothing, changed files are rescanned, a corrupt cache is
/// rebuilt, and blacklisted files stay skipped until they change.
@Suite(.serialized) struct RegistryCacheTests {
    /// A directory holding one plugin whose constructor logs every load to a marker file.
    final class MarkedPlugin {
        let dir = TemporaryDirectory()
        let cache = TemporaryDirectory()
        let path: String
        let marker: String

        init() throws {
            path = dir.file("marked.so")
            marker = dir.file("loads.txt")
            try Fixture.build(path, ["-DFIX_MARKER", "-DFIX_PLUGIN_ID=\"com.pophost.fixture.marked\""])
            setenv("POPHOST_FIXTURE_MARKER", marker, 1)
        }

        var loads: Int {
            ((try? String(contentsOfFile: marker, encoding: .utf8)) ?? "").split(separator: "\n").count
        }

        /// Where `pophost` puts the cache when XDG_CACHE_HOME is `cache`.
        var cacheFile: String { cache.file("pophost/registry.cache") }

        var registry: PluginRegistry { makeRegistry([dir.path], cache: cacheFile) }
    }

    @Test("a warm discovery opens no plugin")
    func warmDiscoveryOpensNothing() throws {
        let plugin = try MarkedPlugin()
        let cold = try plugin.registry.discover()
        #expect(cold.scanned == [plugin.path])
        #expect(plugin.loads == 1)
        let warm = try plugin.registry.discover()
        #expect(warm.scanned.isEmpty)
        #expect(plugin.loads == 1)
        #expect(warm.entries.map(\.info) == cold.entries.map(\.info))
        #expect(warm.entries.first?.status == .ok)
    }

    @Test("a warm `pophost list` opens no plugin")
    func warmListOpensNothing() throws {
        let plugin = try MarkedPlugin()
        let environment = ["XDG_CACHE_HOME": plugin.cache.path, "POPHOST_FIXTURE_MARKER": plugin.marker]
        for _ in 0..<3 {
            let result = try run(Build.pophost, ["list", "--plugins", plugin.dir.path, "--json"], environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("com.pophost.fixture.marked"))
        }
        #expect(plugin.loads == 1)
    }

    @Test("a touched file is rescanned")
    func touchedFileIsRescanned() throws {
        let plugin = try MarkedPlugin()
        _ = try plugin.registry.discover()
        setModificationTime(plugin.path, seconds: 1_700_000_000)
        let after = try plugin.registry.discover()
        #expect(after.scanned == [plugin.path])
        #expect(plugin.loads == 2)
        #expect(try plugin.registry.discover().scanned.isEmpty)
    }

    @Test("a new file is scanned, the known one is not")
    func newFileIsScanned() throws {
        let plugin = try MarkedPlugin()
        _ = try plugin.registry.discover()
        let newcomer = plugin.dir.file("newcomer.so")
        try Fixture.build(newcomer, ["-DFIX_PLUGIN_ID=\"com.pophost.fixture.newcomer\""])
        let after = try plugin.registry.discover()
        #expect(after.scanned == [newcomer])
        #expect(after.entries.count == 2)
    }

    @Test("a corrupt cache is discarded with a warning and rebuilt")
    func corruptCacheIsRebuilt() throws {
        let plugin = try MarkedPlugin()
        _ = try plugin.registry.discover()
        let cacheFile = plugin.cacheFile
        let valid = try String(contentsOfFile: cacheFile, encoding: .utf8)
        try Data(valid.utf8.dropLast(40)).write(to: URL(fileURLWithPath: cacheFile))
        let rebuilt = try plugin.registry.discover()
        #expect(rebuilt.warnings.count == 1)
        #expect(rebuilt.warnings.first?.contains("corrupt") == true)
        #expect(rebuilt.scanned == [plugin.path])
        let next = try plugin.registry.discover()
        #expect(next.warnings.isEmpty)
        #expect(next.scanned.isEmpty)
        // The CLI says so on standard error and still lists the plugin.
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: cacheFile))
        let result = try run(Build.pophost, ["list", "--plugins", plugin.dir.path], environment: ["XDG_CACHE_HOME": plugin.cache.path])
        #expect(result.status == 0)
        #expect(result.stderr.contains("pophost: warning: the registry cache \(cacheFile) is corrupt"), "\(result.stderr)")
        #expect(result.stdout.contains("com.pophost.fixture.marked"))
        #expect(try plugin.registry.discover().scanned.isEmpty, "the CLI rebuilt the cache")
    }

    @Test("an edited record is discarded with a warning and its file rescanned, not believed")
    func editedRecord() throws {
        let dir = TemporaryDirectory(), cache = TemporaryDirectory()
        let sample = dir.file("libPopSampleC.so")
        try FileManager.default.copyItem(atPath: Build.cSample, toPath: sample)
        let registry = makeRegistry([dir.path], cache: cache.file("registry.cache"))
        let clean = try registry.discover()
        let text = try String(contentsOfFile: cache.file("registry.cache"), encoding: .utf8)
        // One edit inside the JSON that still parses as JSON: the plugin's id.
        try Data(text.replacingOccurrences(of: "\"id\":\"com.pophost.samples.c\"", with: "\"id\":\"com.pophost.samples.x\"").utf8)
            .write(to: URL(fileURLWithPath: cache.file("registry.cache")))
        let after = try registry.discover()
        #expect(after.warnings.count == 1)
        #expect(after.warnings.first?.contains("1 corrupt record (line 2") == true, "\(after.warnings)")
        #expect(after.scanned == [sample])
        #expect(after.entries.first?.info == clean.entries.first?.info)
        #expect(after.entries.first?.info?.components.isEmpty == false)
        let next = try registry.discover()
        #expect(next.warnings.isEmpty && next.scanned.isEmpty, "the repaired cache was written back")
    }

    @Test("a record whose checksum holds but whose description does not decode is an error, not an ok plugin")
    func forgedRecord() throws {
        let dir = TemporaryDirectory(), cache = TemporaryDirectory()
        let sample = dir.file("libPopSampleC.so")
        try FileManager.default.copyItem(atPath: Build.cSample, toPath: sample)
        let cacheFile = cache.file("registry.cache")
        _ = try makeRegistry([dir.path], cache: cacheFile).discover()
        // The plugin's id made a number, and the record's checksum written anew to match.
        let lines = try String(contentsOfFile: cacheFile, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let forged = lines.map { line -> String in
            guard line.contains("\"id\":\"com.pophost.samples.c\"") else { return String(line) }
            let rest = String(line.drop { $0 != "\t" }.dropFirst())
                .replacingOccurrences(of: "\"id\":\"com.pophost.samples.c\"", with: "\"id\":5")
            let checksum = Array(rest.utf8).withUnsafeBufferPointer(RegistryCache.checksum)
            return String(repeating: "0", count: 16 - String(checksum, radix: 16).count) + String(checksum, radix: 16) + "\t" + rest
        }
        try Data(forged.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: cacheFile))
        let after = try makeRegistry([dir.path], cache: cacheFile).discover()
        #expect(after.scanned.isEmpty, "the forged record was taken from the cache")
        let entry = try #require(after.entries.first)
        #expect(entry.status == .error)
        #expect(entry.problem?.category == .loadFailed)
        #expect(entry.problem?.description.contains("--rescan") == true, "\(String(describing: entry.problem))")
        // A good copy of the same plugin later on the search path is not shadowed by the broken record.
        let second = TemporaryDirectory()
        try FileManager.default.copyItem(atPath: Build.cSample, toPath: second.file("libPopSampleC.so"))
        let both = try makeRegistry([dir.path, second.path], cache: cacheFile).discover()
        #expect(both.entries.map(\.status) == [.error, .ok], "\(both.entries.map(\.problem))")
        let rescanned = try makeRegistry([dir.path], cache: cacheFile, rescan: true).discover()
        #expect(rescanned.entries.first?.status == .ok)
        #expect(rescanned.entries.first?.info?.components.isEmpty == false)
    }

    @Test("a damaged cache never yields a plugin without its description, whatever the damage")
    func fuzzedCache() throws {
        let dir = TemporaryDirectory(), cache = TemporaryDirectory()
        try FileManager.default.copyItem(atPath: Build.cSample, toPath: dir.file("libPopSampleC.so"))
        try Fixture.build(dir.file("fixture.so"), ["-DFIX_PLUGIN_ID=\"com.pophost.fixture.fuzzed-cache\""])
        try Data("not a plugin".utf8).write(to: URL(fileURLWithPath: dir.file("not-elf.so")))
        let cacheFile = cache.file("registry.cache")
        let registry = makeRegistry([dir.path], cache: cacheFile)
        let clean = try registry.discover()
        let pristine = try Data(contentsOf: URL(fileURLWithPath: cacheFile))
        var random = SplitMix64(seed: 18)
        for round in 0..<60 {
            var damaged = [UInt8](pristine)
            for _ in 0...(random.next() % 3) {
                let at = Int(random.next() % UInt64(damaged.count))
                switch random.next() % 4 {
                case 0: damaged[at] = UInt8(truncatingIfNeeded: random.next())
                case 1: damaged[at] ^= 1 << (random.next() % 8)
                case 2: damaged.removeSubrange(at..<min(damaged.count, at + Int(random.next() % 40)))
                default: damaged.insert(contentsOf: damaged[at..<min(damaged.count, at + 30)], at: at)
                }
            }
            try Data(damaged).write(to: URL(fileURLWithPath: cacheFile))
            let discovery = try registry.discover()
            for (entry, expected) in zip(discovery.entries, clean.entries) {
                #expect(entry.status == expected.status, "round \(round): \(entry.file.path)")
                #expect(entry.info == expected.info, "round \(round): \(entry.file.path)")
                #expect(entry.problem?.category == expected.problem?.category, "round \(round)")
            }
        }
    }

    @Test("a cache of another format is ignored without a warning")
    func otherFormatIsIgnored() throws {
        let plugin = try MarkedPlugin()
        try FileManager.default.createDirectory(atPath: plugin.cache.file("pophost"), withIntermediateDirectories: true)
        try Data("pophost-registry-cache 999 1.0.0\n/x\t1\t2\tok\tcom.x\t{}\n".utf8).write(to: URL(fileURLWithPath: plugin.cacheFile))
        let discovery = try plugin.registry.discover()
        #expect(discovery.warnings.isEmpty)
        #expect(discovery.scanned == [plugin.path])
    }

    @Test("the cache round-trips paths with tabs, newlines and percent signs, and decodes details lazily")
    func cacheRoundTrip() throws {
        let cache = TemporaryDirectory()
        let info = PluginInfo(abiVersion: .host, plugin: Descriptor(id: "com.example.p", name: "P"), components: [])
        var original = RegistryCache()
        let odd = "/tmp/a\tb\nc%09d.so"
        original.entries[odd] = .init(size: 10, mtime: -5, record: ScanRecord(.loaded(info: info)))
        original.entries["/tmp/bad.so"] = .init(
            size: 3, mtime: 7, record: ScanRecord(.failed(error: PluginError(.notELF, path: "/tmp/bad.so", "nope"))))
        try original.save(to: cache.file("c"))
        guard case .loaded(let loaded, let discarded) = RegistryCache.load(from: cache.file("c")) else {
            Issue.record("not loaded"); return
        }
        #expect(discarded.isEmpty)
        #expect(loaded.entries.keys.sorted() == ["/tmp/a\tb\nc%09d.so", "/tmp/bad.so"])
        #expect(loaded.entries[odd]?.mtime == -5)
        #expect(loaded.entries[odd]?.record.pluginID == "com.example.p")
        #expect(loaded.entries[odd]?.record.info == info)
        #expect(loaded.entries["/tmp/bad.so"]?.record.problem?.category == .notELF)
    }

    @Test("the cache is looked up by a path's bytes: the later of two records of one path, none for a path it lacks")
    func lookupByPathBytes() throws {
        let cache = TemporaryDirectory()
        let info = PluginInfo(abiVersion: .host, plugin: Descriptor(id: "com.example.p", name: "P"), components: [])
        var original = RegistryCache()
        original.entries["/tmp/p.so"] = .init(size: 10, mtime: 1, record: ScanRecord(.loaded(info: info)))
        original.entries["/tmp/q.so"] = .init(size: 11, mtime: 2, record: ScanRecord(.loaded(info: info)))
        original.entries["/tmp/100%.so"] = .init(size: 12, mtime: 3, record: ScanRecord(.loaded(info: info)))
        try original.save(to: cache.file("c"))
        // A second record of /tmp/p.so after the others, with its own checksum: the later one counts.
        let rest =
            "/tmp/p.so\t10\t9\tok\tcom.example.p\t" + String(decoding: try ScanRecord(.loaded(info: info)).encodedPayload(), as: UTF8.self)
        let checksum = String(Array(rest.utf8).withUnsafeBufferPointer(RegistryCache.checksum), radix: 16)
        let line = String(repeating: "0", count: 16 - checksum.count) + checksum + "\t" + rest + "\n"
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: cache.file("c")))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(line.utf8))
        try handle.close()
        guard case .loaded(let loaded, let discarded) = RegistryCache.load(from: cache.file("c")) else {
            Issue.record("not loaded"); return
        }
        #expect(discarded.isEmpty)
        #expect(loaded.count == 3)
        #expect(loaded.entry(for: "/tmp/p.so")?.mtime == 9)
        #expect(loaded.entries["/tmp/p.so"]?.mtime == 9)
        #expect(loaded.entry(for: "/tmp/q.so")?.record.pluginID == "com.example.p")
        #expect(loaded.entry(for: "/tmp/100%.so")?.size == 12, "a path the line escapes")
        #expect(loaded.entry(for: "/tmp/100%25.so") == nil)
        #expect(loaded.entry(for: "/tmp/p.s") == nil)
        #expect(loaded.entry(for: "/tmp/p.so.old") == nil)
        #expect(loaded.entry(for: "") == nil)
        #expect(loaded.entry(for: "/tmp/q.so")?.record.info == info)
    }

    @Test("a blacklisted file is skipped until it changes, or until a forced rescan")
    func blacklistedUntilChanged() throws {
        let dir = TemporaryDirectory(), cache = TemporaryDirectory()
        let path = dir.file("crash.so")
        try Fixture.build(path, ["-DFIX_SEGV_IN_INIT", "-DFIX_PLUGIN_ID=\"com.pophost.fixture.crash\""])
        let registry = makeRegistry([dir.path], cache: cache.file("registry.json"))
        let first = try registry.discover()
        #expect(first.scanned == [path])
        #expect(first.entries.first?.status == .blacklisted)
        let second = try registry.discover()
        #expect(second.scanned.isEmpty)
        #expect(second.entries.first?.status == .blacklisted)
        #expect(second.entries.first?.problem?.category == .crashed)
        var forced = registry
        forced.forceRescan = true
        #expect(try forced.discover().scanned == [path])
        // Fixed and rebuilt: scanned again and accepted.
        try Fixture.build(path, ["-DFIX_PLUGIN_ID=\"com.pophost.fixture.crash\""])
        let fixed = try registry.discover()
        #expect(fixed.scanned == [path])
        #expect(fixed.entries.first?.status == .ok)
    }

    @Test("the first directory wins a plugin id; the later copy is reported as shadowed")
    func shadowing() throws {
        let first = TemporaryDirectory(), second = TemporaryDirectory(), cache = TemporaryDirectory()
        try Fixture.build(first.file("p.so"), ["-DFIX_PLUGIN_ID=\"com.pophost.fixture.same\""])
        try Fixture.build(second.file("q.so"), ["-DFIX_PLUGIN_ID=\"com.pophost.fixture.same\""])
        let discovery = try makeRegistry([first.path, second.path], cache: cache.file("registry.json")).discover()
        #expect(discovery.entries.map(\.status) == [.ok, .shadowed])
        #expect(discovery.entries[1].problem?.category == .shadowed)
        #expect(discovery.entries[1].problem?.cause.contains(first.file("p.so")) == true)
        #expect(discovery.plugin(id: "com.pophost.fixture.same")?.file.path == first.file("p.so"))
    }
}
