import Foundation
import PopLoaderTestSupport
import PopTestSupport
import Testing

@testable import PopChef
@testable import PopIsolation
@testable import PopScenario

/// A sheet's calls cross to a plugin host and back as they run in one process: the detents resolved,
/// the user's detent change, drag progress, and the plugin's own changes to its sheet made from
/// inside a callback — which the plugin waits on, so the plugin host asks its parent in the middle
/// of the call, and the parent calls back into the plugin (resolve_detent) before it answers.
@Suite struct SheetSameRunTests {
    static let scenario = #"""
        {"steps": [
          {"show": {"controller_loader": "com.pophost.sheetfixture.controller", "view_loader": "pop.box",
                    "data": {"settle_back": true, "box": {"width": 390, "height": 300}}, "as": "sheet"}},
          {"wait": "idle"},
          {"drag": {"from": {"x": 195, "y": 480}, "to": {"x": 195, "y": 280}, "duration": 200, "velocity": -800}},
          {"wait": "idle"},
          {"dismiss": "sheet"},
          {"wait": "idle"}
        ]}
        """#

    @Test(
        "a sheet whose plugin takes it back to medium from detent_changed: the same trace and frames isolated"
    )
    func settleBack() throws {
        let directory = TemporaryDirectory()
        let result = try run(
            "/usr/bin/env",
            [
                "cc", "-std=c11", "-shared", "-fPIC", "-fvisibility=hidden", "-I", Repository.abiInclude,
                "-o", directory.file("sheet.so"),
                Repository.root + "/Tests/Fixtures/sheet_plugin.c",
            ])
        try #require(result.status == 0, "cc failed: \(result.stderr)")
        let discovery = try makeRegistry([directory.path], cache: directory.file("registry.cache"))
            .discover()
        let scenario = try Scenario.parse(
            json: Self.scenario, file: "settle-back.json", baseDirectory: nil)
        let inProcess = SameRunTests.play(scenario, ComponentCatalog(discovery: discovery))
        let isolated = SameRunTests.play(
            scenario, ComponentCatalog(discovery: discovery, isolated: FixtureSameRunTests.options))
        let changes = inProcess.trace.split(separator: "\n").filter {
            $0.contains("\"detent-changed\"")
        }
        // The user's move to large, then the plugin's own back to medium (traced, not reported to it).
        #expect(
            changes.count == 2 && changes[0].contains("large") && changes[1].contains("medium"),
            "\(changes)")
        #expect(isolated.trace == inProcess.trace)
        #expect(isolated.problems == inProcess.problems)
        SameRunTests.expectSameFrames(isolated.frames, inProcess.frames, "settle-back")
        // The plugin heard the user's change and its own calls were taken, in this process.
        let handle = try #require(dlopen(directory.file("sheet.so"), RTLD_NOW | RTLD_NOLOAD))
        let log = unsafeBitCast(
            try #require(dlsym(handle, "sheet_fixture_log")),
            to: (@convention(c) () -> UnsafePointer<CChar>).self)
        let heard = String(cString: log())
        #expect(heard.contains("detent large\ninvalidated\nselected medium\n"), "\(heard)")
    }
}
