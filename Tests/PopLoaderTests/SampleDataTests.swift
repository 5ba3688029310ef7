import Foundation
import PopLoaderTestSupport
import PopTestSupport
import Testing

@testable import PopLoader
@testable import PopModel

/// Sample data ("pop.factory.sample-data/1", ext/sample_data.h): the JSON's shape is checked entry by
/// entry; the samples' declarations reach the registry and survive its cache.
@Suite struct SampleDataTests {
    @Test(
        "malformed sample data is refused, saying what is wrong",
        arguments: [
            ("{}", "is not a JSON array"),
            ("[{\"name\": \"a\", \"data\": 1", "is not valid JSON"),
            ("[1]", "entry 0 is not an object with a non-empty \"name\""),
            ("[{\"name\": \"\", \"data\": 1}]", "entry 0 is not an object with a non-empty \"name\""),
            ("[{\"name\": \"a\"}]", "entry 0 (\"a\") has no \"data\""),
            ("[{\"name\": \"a\", \"data\": 1, \"extra\": 2}]", "entry 0 (\"a\") has members besides \"name\" and \"data\""),
            ("[{\"name\": \"a\", \"data\": 1}, {\"name\": \"a\", \"data\": 2}]", "names \"a\" twice"),
            (
                "["
                    + Array(repeating: "{\"name\": \"x\", \"data\": 1}", count: 3).enumerated().map {
                        $1.replacingOccurrences(of: "x", with: "x\($0)")
                    }
                    .joined(separator: ",") + "]", "has 3 samples, more than 2"
            ),
        ])
    func malformed(json: String, problem: String) {
        guard case .failure(let failure) = SampleData.parse(json, limit: 2) else {
            Issue.record("\(json) was accepted")
            return
        }
        #expect(failure.message.hasPrefix(problem), "\(failure.message)")
    }

    @Test("a well-formed array keeps its order, names and data, whatever the data")
    func wellFormed() throws {
        let parsed = try SampleData.parse(#"[{"name": "Big", "data": {"n": 1}}, {"name": "None", "data": null}]"#, limit: 32).get()
        #expect(parsed == [SampleData(name: "Big", data: ["n": 1]), SampleData(name: "None", data: .null)])
        #expect(try SampleData.parse("[]", limit: 32).get() == [])
    }

    @Test(
        "the samples declare theirs (the Swift one through PopPluginKit, the C one through its factory), and the registry's cache keeps them"
    )
    func samplesDeclare() throws {
        let samples = try SampleCopies()
        let swift = try PluginLoader.describe(path: samples.path(Build.swiftSample)).get()
        let c = try PluginLoader.describe(path: samples.path(Build.cSample)).get()
        func names(_ info: PluginInfo, _ id: String) -> [String]? {
            info.components.first { $0.descriptor.id == id }?.descriptor.samples.map(\.name)
        }
        #expect(names(swift, "com.pophost.samples.swift.list-page") == ["Orders", "Empty"])
        #expect(names(swift, "com.pophost.samples.swift.page-controller") == ["Default bar", "Transparent bar", "Hidden bar"])
        #expect(names(swift, "com.pophost.samples.swift.high-priority-handler") == [])
        #expect(names(c, "com.pophost.samples.c.payment-view") == ["Order A-1001", "Large amount"])
        let payment = c.components.first { $0.descriptor.id == "com.pophost.samples.c.payment-view" }?.descriptor.samples.first
        #expect(payment?.data == ["amount": 42.5, "order": "A-1001"])

        let cache = samples.directory.file("samples.cache")
        let scanned = try makeRegistry([samples.directory.path], cache: cache).discover()
        let cached = try makeRegistry([samples.directory.path], cache: cache).discover()
        let fromCache = cached.entries.compactMap(\.info).flatMap(\.components)
        #expect(fromCache == scanned.entries.compactMap(\.info).flatMap(\.components))
        #expect(fromCache.contains { $0.descriptor.samples.map(\.name) == ["Order A-1001", "Large amount"] })
    }
}
