import Foundation
import PopLoaderTestSupport
import PopTestSupport
import Testing

@testable import PopChef
@testable import PopIsolation
@testable import PopScenario

/// What a plugin tells a screen reader ("pop.accessibility/1") crosses to a plugin host and back as it
/// runs in one process: the same focus moves, the same trees in the frames.
@Suite struct AccessibilitySameRunTests {
    static let scenario = #"""
        {"screen": {"voice_over": true},
         "steps": [
          {"show": {"view_loader": "com.pophost.labelsfixture.view", "as": "rate"}},
          {"wait": "idle"},
          {"at": 400, "accessibility_focus": "next"},
          {"at": 500, "activate": "Close"},
          {"wait": "idle"}
        ],
         "expect": {"accessibility": [{"at": 250, "focus": "Rate your order", "reachable": ["Close", "Acme", "4.5 stars", "Terms"],
                                       "unreachable": ["★★★★★", "stars"], "modal": "rate"}]}}
        """#

    @Test("labels, roles and hidden nodes from an isolated plugin: the same trace and accessibility trees")
    func sameRun() throws {
        let directory = TemporaryDirectory()
        try Fixture.compile("labels_plugin.c", to: directory.file("labels.so"))
        let discovery = try makeRegistry([directory.path], cache: directory.file("registry.cache")).discover()
        let scenario = try Scenario.parse(json: Self.scenario, file: "labels.json", baseDirectory: nil)
        let inProcess = SameRunTests.play(scenario, ComponentCatalog(discovery: discovery))
        let isolated = SameRunTests.play(scenario, ComponentCatalog(discovery: discovery, isolated: FixtureSameRunTests.options))
        #expect(inProcess.problems.isEmpty, "\(inProcess.problems)")
        #expect(isolated.trace == inProcess.trace)
        #expect(isolated.problems == inProcess.problems)
        #expect(inProcess.trace.contains(#"popup.1.content.1 \"Close\": next"#), "\(inProcess.trace)")
        SameRunTests.expectSameFrames(isolated.frames, inProcess.frames, "labels")
        #expect(isolated.frames.contains { $0.contains(#""label":"4.5 stars""#) })
    }
}
