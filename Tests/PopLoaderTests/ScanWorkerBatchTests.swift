import Foundation
import PopLoaderTestSupport
import PopTestSupport
import Testing

@testable import PopLoader

/// A scan split over several scanner workers (`PluginScanner.filesPerWorker`, issue 30) finds what
/// one worker finds, caches the same bytes, and still puts a crash down to the file that caused it.
@Suite struct ScanWorkerBatchTests {
    /// `count` files in `directory`: copies of one good fixture, except those at `crashing`, which
    /// crash the scanner in their init, and the one at `broken`, a plugin without an id.
    static func files(_ directory: TemporaryDirectory, count: Int, crashing: Set<Int> = [], broken: Int? = nil) throws -> [String] {
        let good = directory.file("good.tmp"), crash = directory.file("crash.tmp")
        try Fixture.build(good, ["-DFIX_PLUGIN_ID=\"com.pophost.fixture.batch\""])
        if !crashing.isEmpty { try Fixture.build(crash, ["-DFIX_SEGV_IN_INIT", "-DFIX_PLUGIN_ID=\"com.pophost.fixture.crash\""]) }
        return try (0..<count).map { index in
            let path = directory.file("file-\(index).so")
            let source = index == broken ? BrokenPluginCorpus.shared.path("missing-id.so") : crashing.contains(index) ? crash : good
            try FileManager.default.copyItem(atPath: source, toPath: path)
            return path
        }
    }

    /// A scanner executable that appends a line to `log` each time a worker starts, then runs the real one.
    static func countingScanner(_ directory: TemporaryDirectory, log: String) throws -> String {
        let path = directory.file("counting-scanner")
        try "#!/bin/sh\necho start >> '\(log)'\nexec '\(Build.scanner)' \"$@\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    static func starts(_ log: String) -> Int {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    @Test("seven files three a worker: three workers, the outcomes one worker gives")
    func splitScanMatchesOneWorker() throws {
        let dir = TemporaryDirectory(), tools = TemporaryDirectory()
        let paths = try Self.files(dir, count: 7, broken: 4)
        let log = tools.file("starts.log")
        let split = try PluginScanner(executable: Self.countingScanner(tools, log: log), filesPerWorker: 3).scan(paths)
        let whole = try PluginScanner(executable: Build.scanner, filesPerWorker: 100).scan(paths)
        #expect(Self.starts(log) == 3)
        #expect(split.outcomes == whole.outcomes)
        #expect(split.unattributedCrashes.isEmpty)
        #expect(split.outcomes.filter { if case .loaded = $0 { true } else { false } }.count == 6)
        guard case .failed(let error) = split.outcomes[4] else {
            Issue.record("the plugin without an id loaded")
            return
        }
        #expect(error.category == .invalidDescriptor && error.path == paths[4], "\(error)")
    }

    @Test("a crash in the second worker is blamed on its file, first in its batch or not", arguments: [3, 4])
    func crashInSecondWorker(crashing: Int) throws {
        let dir = TemporaryDirectory()
        let paths = try Self.files(dir, count: 6, crashing: [crashing])
        let split = try PluginScanner(executable: Build.scanner, filesPerWorker: 3).scan(paths)
        let whole = try PluginScanner(executable: Build.scanner, filesPerWorker: 100).scan(paths)
        #expect(split.outcomes == whole.outcomes)
        #expect(split.unattributedCrashes.isEmpty, "\(split.unattributedCrashes)")
        for (index, outcome) in split.outcomes.enumerated() {
            switch outcome {
            case .loaded: #expect(index != crashing, "the crashing file loaded")
            case .failed(let error):
                #expect(index == crashing, "\(error)")
                #expect(error.category == .crashed && error.path == paths[crashing])
                #expect(error.cause.hasPrefix("loading it crashed the scanner in its init: "), "\(error.cause)")
                #expect(error.cause.contains("SIGSEGV"), "\(error.cause)")
            }
        }
    }

    @Test("a registry scanning two files a worker writes the cache one worker writes")
    func sameRegistryCache() throws {
        let dir = TemporaryDirectory(), cache = TemporaryDirectory()
        _ = try Self.files(dir, count: 5, crashing: [1], broken: 3)
        let search = SearchPath(directories: [dir.path], source: .flags)
        var discoveries: [PluginRegistry.Discovery] = []
        for (name, filesPerWorker) in [("split.cache", 2), ("whole.cache", 100)] {
            let scanner = PluginScanner(executable: Build.scanner, timeout: 2, filesPerWorker: filesPerWorker)
            discoveries.append(try PluginRegistry(searchPath: search, cacheFile: cache.file(name), scanner: scanner).discover())
        }
        #expect(discoveries[0].entries.map(\.status) == [.ok, .blacklisted, .shadowed, .error, .shadowed])
        #expect(discoveries[0].entries.map(\.status) == discoveries[1].entries.map(\.status))
        #expect(discoveries[0].entries.map(\.problem) == discoveries[1].entries.map(\.problem))
        #expect(discoveries[0].warnings == discoveries[1].warnings)
        let split = FileManager.default.contents(atPath: cache.file("split.cache"))
        #expect(split != nil && split == FileManager.default.contents(atPath: cache.file("whole.cache")))
    }

    @Test("a worker takes at least one file, whatever filesPerWorker says", arguments: [0, -5])
    func nonPositiveFilesPerWorker(filesPerWorker: Int) throws {
        let dir = TemporaryDirectory()
        let paths = try Self.files(dir, count: 2)
        let outcomes = try PluginScanner(executable: Build.scanner, filesPerWorker: filesPerWorker).scan(paths).outcomes
        #expect(outcomes.count == 2)
        #expect(outcomes.allSatisfy { if case .loaded = $0 { true } else { false } })
    }
}
