import Foundation
import PopLoaderTestSupport
import PopTestSupport
import Testing

@testable import PopLoader

/// Every broken plugin is reported with its own category and a message naming the file, and none
/// of them takes the process down.
@Suite struct BrokenPluginTests {
    let corpus = BrokenPluginCorpus.shared

    @Test("the scanner reports every broken plugin with its exact category")
    func scannerCategories() throws {
        let cache = TemporaryDirectory()
        let discovery = try makeRegistry([corpus.directory.path], cache: cache.file("registry.json"), timeout: 1).discover()
        #expect(discovery.entries.count == BrokenPluginCorpus.cases.count)
        for testCase in BrokenPluginCorpus.cases {
            let entry = try #require(discovery.entries.first { $0.file.path == corpus.path(testCase.name) }, "\(testCase.name) not listed")
            let problem = try #require(entry.problem, "\(testCase.name) was accepted")
            #expect(problem.category == testCase.expected, "\(testCase.name): \(problem)")
            #expect(problem.path == corpus.path(testCase.name))
            #expect(problem.description.hasPrefix(corpus.path(testCase.name) + ": "))
            #expect(entry.status == (problem.isBlacklisting ? .blacklisted : .error))
        }
        // This process is still here, and so is the scanner's ability to scan: a good plugin after
        // the crashing and hanging ones still loads.
        #expect(getpid() > 0)
    }

    @Test("a crash or a hang does not stop the rest of the batch")
    func batchSurvivesCrashAndHang() throws {
        let dir = TemporaryDirectory(), cache = TemporaryDirectory()
        try Fixture.build(dir.file("a-crash.so"), ["-DFIX_SEGV_IN_INIT", "-DFIX_PLUGIN_ID=\"com.pophost.fixture.crash\""])
        try Fixture.build(dir.file("b-good.so"), ["-DFIX_PLUGIN_ID=\"com.pophost.fixture.good-one\""])
        try Fixture.build(dir.file("c-hang.so"), ["-DFIX_HANG_IN_INIT", "-DFIX_PLUGIN_ID=\"com.pophost.fixture.hang\""])
        try Fixture.build(dir.file("d-good.so"), ["-DFIX_PLUGIN_ID=\"com.pophost.fixture.good-two\""])
        let discovery = try makeRegistry([dir.path], cache: cache.file("registry.json"), timeout: 1).discover()
        #expect(discovery.entries.map(\.status) == [.blacklisted, .ok, .blacklisted, .ok])
        #expect(discovery.entries[0].problem?.cause.contains("SIGSEGV") == true)
        // Each put down to the step it happened in.
        #expect(discovery.entries[0].problem?.cause.hasPrefix("loading it crashed the scanner in its init: ") == true)
        #expect(discovery.entries[2].problem?.category == .timeout)
        #expect(discovery.entries[2].problem?.cause.contains("(it hung in its init)") == true)
        #expect(discovery.entries[3].info?.plugin.id == "com.pophost.fixture.good-two")
    }

    @Test("loading in-process gives the same category", arguments: BrokenPluginCorpus.cases.filter(\.safeInProcess))
    func inProcessCategories(testCase: BrokenPluginCorpus.Case) {
        switch PluginLoader.describe(path: corpus.path(testCase.name)) {
        case .success(let info): Issue.record("\(testCase.name) loaded as \(info.plugin.id)")
        case .failure(let error): #expect(error.category == testCase.expected, "\(error)")
        }
    }

    @Test("invalid descriptors say what is wrong")
    func descriptorMessages() {
        let expectations = [
            "missing-id.so": "has no id",
            "id-not-reverse-dns.so": "not reverse-DNS",
            "invalid-utf8-name.so": "name that is not valid UTF-8",
            "duplicate-id.so": "duplicate id",
            "wrong-major.so": "major versions differ",
            "unresolved-symbol.so": "pophost_fixture_function_nobody_defines",
        ]
        for (name, phrase) in expectations {
            guard case .failure(let error) = PluginLoader.describe(path: corpus.path(name)) else {
                Issue.record("\(name) loaded")
                continue
            }
            #expect(error.cause.contains(phrase), "\(name): \(error.cause)")
        }
    }
}
