import Foundation
import PopLoaderTestSupport
import PopTestSupport
import Testing

@testable import PopChef
@testable import PopIsolation
@testable import PopScenario

/// Pages of a plugin run isolated: the page's declaration comes back with `configure`, and every page
/// event crosses to the plugin host, in the order and with the flags the plugin hears in one process.
/// The fixture (Tests/Fixtures/page_plugin.c, built with PAGE_LOG_FILE) writes what it hears to a
/// file, which both processes can read.
@Suite struct PageSameRunTests {
    static let scenario = #"""
        {"steps": [
          {"push": {"page": "root", "view_loader": "com.pophost.pagefixture.view", "controller_loader": "com.pophost.pagefixture.controller",
                    "handler": "com.pophost.pagefixture.handler", "data": {"title": "Root"}, "animated": false}},
          {"at": 100, "push": {"page": "detail", "view_loader": "com.pophost.pagefixture.view",
                               "controller_loader": "com.pophost.pagefixture.controller", "handler": "com.pophost.pagefixture.handler",
                               "data": {"title": "Detail", "transparent": true}}},
          {"at": 1000, "swipe_back": {"from": {"x": 10, "y": 400}, "distance": 100}},
          {"at": 2000, "swipe_back": {"from": {"x": 150, "y": 400}, "distance": 200, "velocity": 900}},
          {"wait": "idle"}
        ],
        "expect": {"pages": ["root"], "bar": {"background_alpha": 1}}}
        """#

    /// Plays `json` with the fixture in this process, then isolated: both runs, and what the plugin
    /// heard in each (its log file).
    static func playBoth(
        _ json: String, file: String
    ) throws -> (
        inProcess: (trace: String, frames: [String], problems: [String]), isolated: (trace: String, frames: [String], problems: [String]),
        heardInProcess: String, heardIsolated: String
    ) {
        let directory = TemporaryDirectory()
        let logFile = directory.file("events.log")
        try Fixture.compile("page_plugin.c", to: directory.file("page.so"), ["-DPAGE_LOG_FILE=\"\(logFile)\""])
        let discovery = try makeRegistry([directory.path], cache: directory.file("registry.cache")).discover()
        let scenario = try Scenario.parse(json: json, file: file, baseDirectory: nil)
        let inProcess = SameRunTests.play(scenario, ComponentCatalog(discovery: discovery))
        let heardInProcess = try String(contentsOfFile: logFile, encoding: .utf8)
        try FileManager.default.removeItem(atPath: logFile)
        let isolated = SameRunTests.play(scenario, ComponentCatalog(discovery: discovery, isolated: FixtureSameRunTests.options))
        return (inProcess, isolated, heardInProcess, try String(contentsOfFile: logFile, encoding: .utf8))
    }

    @Test("push, a cancelled and a completed swipe: the same trace, frames and page events isolated as in one process")
    func sameEvents() throws {
        let (inProcess, isolated, heardInProcess, heardIsolated) = try Self.playBoth(Self.scenario, file: "pages.json")

        #expect(inProcess.problems == [])
        #expect(isolated.problems == inProcess.problems)
        #expect(isolated.trace == inProcess.trace)
        SameRunTests.expectSameFrames(isolated.frames, inProcess.frames, "pages")
        #expect(
            heardInProcess.split(separator: "\n") == [
                "h1 did-load 0", "h1 will-appear 0", "h1 did-appear 0",
                "h2 did-load 1", "h1 will-disappear 1", "h2 will-appear 1", "h1 did-disappear 1", "h2 did-appear 1",
                "h2 will-disappear 1", "h1 will-appear 1", "h1 will-disappear 1", "h2 will-appear 1", "h1 did-disappear 1",
                "h2 did-appear 1",
                "h2 will-disappear 1", "h1 will-appear 1", "h2 did-disappear 1", "h1 did-appear 1", "h2 released 1",
            ], "\(heardInProcess)")
        #expect(heardIsolated == heardInProcess)
    }

    static let buttonsScenario = #"""
        {"steps": [
          {"push": {"page": "root", "view_loader": "com.pophost.pagefixture.view", "controller_loader": "com.pophost.pagefixture.controller",
                    "handler": "com.pophost.pagefixture.handler", "data": {"title": "Root"}, "animated": false}},
          {"push": {"page": "detail", "view_loader": "com.pophost.pagefixture.view", "controller_loader": "com.pophost.pagefixture.controller",
                    "handler": "com.pophost.pagefixture.handler", "data": {"title": "Detail", "buttons": true}, "animated": false}},
          {"at": 100, "tap": {"action": "stay"}},
          {"at": 200, "tap": {"action": "done"}},
          {"wait": "idle"}
        ],
        "expect": {"pages": ["root"], "trace": [
          {"event": "page-action", "page": "detail"}, {"event": "page-action", "page": "detail"}, {"event": "page-released", "page": "detail"}
        ]}}
        """#

    @Test("a page's buttons run its handler's actions, isolated as in one process: Stay keeps it, Done pops it")
    func pageButtons() throws {
        let (inProcess, isolated, heardInProcess, heardIsolated) = try Self.playBoth(Self.buttonsScenario, file: "buttons.json")

        #expect(inProcess.problems == [])
        #expect(isolated.problems == inProcess.problems)
        #expect(isolated.trace == inProcess.trace)
        let actions = heardInProcess.split(separator: "\n").filter { $0.contains(" action ") }
        #expect(actions == ["h2 action stay 0", "h2 action done Detail"], "\(heardInProcess)")
        #expect(heardIsolated == heardInProcess)
    }
}
