import Foundation
import PopLoaderTestSupport
import PopTestSupport
import Testing

@testable import PopChef
@testable import PopIsolation
@testable import PopScenario

/// A page's and a sheet's rows on demand ("pop.list/1") with its plugin isolated: the row count and heights come back once,
/// each row as the page shows it, so the trace, the frames and the rows the plugin builds are those of one
/// process. The fixture (Tests/Fixtures/list_plugin.c, built with LIST_LOG_FILE) writes each row it builds to
/// a file, which both processes can read.
@Suite struct ListSameRunTests {
    static let scenario = #"""
        {"steps": [
          {"push": {"page": "list", "view_loader": "com.pophost.listfixture.view", "controller_loader": "com.pophost.listfixture.controller",
                    "data": {"title": "Orders", "rows": 10000, "fail_row": 30, "huge_row": 31}, "animated": false}},
          {"at": 100, "scroll": {"by": -500}},
          {"at": 200, "scroll": {"by": -3000, "animated": true}},
          {"at": 800, "scroll": {"by": 1200}},
          {"at": 900, "push": {"page": "heights", "view_loader": "com.pophost.listfixture.view",
                               "controller_loader": "com.pophost.listfixture.controller", "data": {"rows": 500, "height": 0}}},
          {"at": 1600, "scroll": {"by": -900}},
          {"wait": "idle"}
        ],
        "expect": {"pages": ["list", "heights"]}}
        """#

    static let sheetScenario = #"""
        {"steps": [
          {"show": {"view_loader": "com.pophost.listfixture.view", "controller_loader": "com.pophost.listfixture.controller",
                    "data": {"title": "Orders", "rows": 10000, "fail_row": 30, "sheet": true}, "as": "orders"}},
          {"at": 800, "scroll": {"by": -500, "on": "orders"}},
          {"at": 900, "scroll": {"by": -3000, "animated": true, "on": "orders"}},
          {"at": 1600, "scroll": {"by": 1200, "on": "orders"}},
          {"wait": "idle"}
        ]}
        """#

    /// `json` played in this process and with the fixture isolated, and the rows the fixture built in each.
    static func playBoth(
        _ json: String, file: String
    ) throws -> (
        inProcess: (trace: String, frames: [String], problems: [String]), isolated: (trace: String, frames: [String], problems: [String]),
        builtInProcess: String, builtIsolated: String
    ) {
        let directory = TemporaryDirectory()
        let logFile = directory.file("rows.log")
        try Fixture.compile("list_plugin.c", to: directory.file("list.so"), ["-DLIST_LOG_FILE=\"\(logFile)\""])
        let discovery = try makeRegistry([directory.path], cache: directory.file("registry.cache")).discover()
        let scenario = try Scenario.parse(json: json, file: file, baseDirectory: nil)
        let inProcess = SameRunTests.play(scenario, ComponentCatalog(discovery: discovery))
        let builtInProcess = try String(contentsOfFile: logFile, encoding: .utf8)
        try FileManager.default.removeItem(atPath: logFile)
        let isolated = SameRunTests.play(scenario, ComponentCatalog(discovery: discovery, isolated: FixtureSameRunTests.options))
        return (inProcess, isolated, builtInProcess, try String(contentsOfFile: logFile, encoding: .utf8))
    }

    @Test("a sheet of 10,000 rows scrolled (ABI 1.3): the same trace, frames and rows built isolated as in one process")
    func sameSheetRows() throws {
        let (inProcess, isolated, builtInProcess, builtIsolated) = try Self.playBoth(Self.sheetScenario, file: "sheet-list.json")

        #expect(inProcess.problems == [])
        #expect(isolated.problems == inProcess.problems)
        #expect(isolated.trace == inProcess.trace)
        #expect(inProcess.trace.contains("row 30: build_row returned false"))
        SameRunTests.expectSameFrames(isolated.frames, inProcess.frames, "sheet-list")
        #expect(builtIsolated == builtInProcess)
        #expect(inProcess.frames.contains { $0.contains("popup.1.row.0") })
        let built = builtInProcess.split(separator: "\n")
        #expect(built.count > 20 && built.count < 400, "\(built.count) rows built")
    }

    @Test("10,000 rows scrolled, failing rows, a height each: the same trace, frames and rows built isolated as in one process")
    func sameRows() throws {
        let (inProcess, isolated, builtInProcess, builtIsolated) = try Self.playBoth(Self.scenario, file: "list.json")

        #expect(inProcess.problems == [])
        #expect(isolated.problems == inProcess.problems)
        #expect(isolated.trace == inProcess.trace)
        #expect(inProcess.trace.contains("row 30: build_row returned false"))
        #expect(inProcess.trace.contains("row 31: its content is invalid"))
        SameRunTests.expectSameFrames(isolated.frames, inProcess.frames, "list")
        #expect(builtIsolated == builtInProcess)
        // A few screens' worth of rows, not 10,000.
        let built = builtInProcess.split(separator: "\n")
        #expect(built.count > 20 && built.count < 400, "\(built.count) rows built")
        #expect(inProcess.frames.allSatisfy { $0.utf8.count < 200_000 })
    }
}
