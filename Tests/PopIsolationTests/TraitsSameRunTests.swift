import Foundation
import PopLoaderTestSupport
import PopTestSupport
import Testing

@testable import PopChef
@testable import PopIsolation
@testable import PopScenario

/// What plugins are told of the display traits crosses to a plugin host and back as it runs in one
/// process: the traits a build and a configure are made under ("pop.traits/1"), the content named
/// by meaning ("pop.content_style/1", resolved by the parent per frame), and each trait change
/// ("pop.trait_observer/1", traced `traits-observed`), which the plugin's next build reports.
@Suite struct TraitsSameRunTests {
    static let scenario = #"""
        {"screen": {"appearance": "dark", "content_size": "ax5"},
         "steps": [
          {"show": {"view_loader": "com.pophost.traitsfixture.view", "controller_loader": "com.pophost.traitsfixture.controller",
                    "as": "first"}},
          {"wait": "idle"},
          {"traits": {"appearance": "light", "content_size": "xs", "layout_direction": "rtl"}},
          {"wait": 100},
          {"dismiss": "first"},
          {"wait": "idle"},
          {"show": {"view_loader": "com.pophost.traitsfixture.view", "controller_loader": "com.pophost.traitsfixture.controller"}},
          {"wait": "idle"}
        ]}
        """#

    @Test("traits told during build, trait changes and content by meaning: the same trace and frames isolated")
    func sameRun() throws {
        let directory = TemporaryDirectory()
        try Fixture.compile("traits_plugin.c", to: directory.file("traits.so"))
        let discovery = try makeRegistry([directory.path], cache: directory.file("registry.cache")).discover()
        let scenario = try Scenario.parse(json: Self.scenario, file: "traits.json", baseDirectory: nil)
        let inProcess = SameRunTests.play(scenario, ComponentCatalog(discovery: discovery))
        let isolated = SameRunTests.play(scenario, ComponentCatalog(discovery: discovery, isolated: FixtureSameRunTests.options))
        let observed = inProcess.trace.split(separator: "\n").filter { $0.contains("\"traits-observed\"") }
        #expect(observed.count == 2, "\(observed)")
        #expect(isolated.trace == inProcess.trace)
        #expect(isolated.problems == inProcess.problems)
        #expect(inProcess.problems.isEmpty, "\(inProcess.problems)")
        SameRunTests.expectSameFrames(isolated.frames, inProcess.frames, "traits")
        for (run, frames) in [("in process", inProcess.frames), ("isolated", isolated.frames)] {
            #expect(frames.contains { $0.contains("traits dark ax5 ltr off") }, "\(run): the first build is told the screen's traits")
            #expect(
                frames.contains { $0.contains("heard 2: controller light xs rtl off") },
                "\(run): the second build reports the change its plugin heard")
        }
    }
}
