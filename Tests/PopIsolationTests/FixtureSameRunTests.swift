import Foundation
import PopLoaderTestSupport
import PopRuntimeTestSupport
import PopTestSupport
import Testing

@testable import PopBridge
@testable import PopChef
@testable import PopIsolation
@testable import PopLoader
@testable import PopModel
@testable import PopRender
@testable import PopScenario

/// What a plugin does wrong is reported the same whether it runs isolated or not: each misbehaving
/// fixture (completions called twice or never, late and forged tokens, invalid content, layouts and
/// keyframes, broken contracts) and the ABI 1.0 plugins play to the same trace — misbehaviour messages
/// included — and the same frames in a plugin host as in this process.
@Suite struct FixtureSameRunTests {
    static let options = IsolationOptions(executable: Build.pluginHost)

    static let defects = [
        "", "FIX_LAYOUT", "FIX_BAD_LAYOUT", "FIX_EXT_LAYOUT", "FIX_EXT_ANIMATION", "FIX_BAD_EXTENSION", "FIX_ANSWER_TWICE",
        "FIX_ANSWER_NEVER", "FIX_DONE_TWICE", "FIX_DONE_NEVER", "FIX_COMPLETE_TWICE", "FIX_COMPLETE_AFTER_END", "FIX_STALE_TOKEN",
        "FIX_FORGED_TOKEN", "FIX_BAD_CONTENT", "FIX_NAN_CONTENT", "FIX_DEEP_CONTENT", "FIX_UNDECLARED_ACTION", "FIX_MISSING_FIELD",
        "FIX_BAD_SIGNATURE", "FIX_DESC_MISMATCH", "FIX_STRUCT_SIZE_LIE", "FIX_BAD_UTF8_TEXT", "FIX_BIG_CONTENT", "FIX_ODD_OPTIONS",
    ]

    /// Two requests of the fixture's components: the first rotated, tapped ("go") and left to its
    /// action; the second shown and dismissed by the app.
    static let scenario = #"""
        {"steps": [
          {"show": {"handler": "com.fixture.same.handler", "view_loader": "com.fixture.same.view", "controller_loader": "com.fixture.same.controller",
                    "data": {"n": 1, "text": "line\nbreak"}, "as": "a"}},
          {"wait": "idle"},
          {"rotate": "landscape"},
          {"wait": 400},
          {"tap": {"action": "go", "on": "a"}},
          {"wait": "idle"},
          {"show": {"handler": "com.fixture.same.handler", "view_loader": "com.fixture.same.view", "controller_loader": "com.fixture.same.controller", "as": "b"}},
          {"wait": 300},
          {"dismiss": "b"},
          {"wait": "idle"}
        ]}
        """#

    @Test("each misbehaving fixture: the same trace and frames isolated as in this process", arguments: defects)
    func fixture(_ defect: String) throws {
        let directory = TemporaryDirectory()
        try Fixture.build(directory.file("fixture.so"), (defect.isEmpty ? [] : ["-D\(defect)"]) + ["-DFIX_PLUGIN_ID=\"com.fixture.same\""])
        let discovery = try makeRegistry([directory.path], cache: directory.file("registry.cache")).discover()
        let scenario = try Scenario.parse(json: Self.scenario, file: "same.json", baseDirectory: nil)
        let inProcess = SameRunTests.play(scenario, ComponentCatalog(discovery: discovery))
        let isolated = SameRunTests.play(scenario, ComponentCatalog(discovery: discovery, isolated: Self.options))
        #expect(isolated.trace == inProcess.trace, "\(defect)")
        #expect(isolated.problems == inProcess.problems, "\(defect)")
        SameRunTests.expectSameFrames(isolated.frames, inProcess.frames, defect)
    }

    @Test("answers from the plugin's own threads — a completion, a callback request — reach the host between calls")
    func answersFromThreads() throws {
        for defect in ["FIX_ANSWER_FROM_THREAD", "FIX_CALLBACK_FROM_THREAD"] {
            let directory = TemporaryDirectory()
            try Fixture.build(directory.file("fixture.so"), ["-D\(defect)", "-DFIX_PLUGIN_ID=\"com.fixture.threads\""])
            let discovery = try makeRegistry([directory.path], cache: directory.file("registry.cache")).discover()
            let chef = Chef(catalog: ComponentCatalog(discovery: discovery, isolated: Self.options))
            let id = chef.show(PopupRequest(handler: "com.fixture.threads.handler"))
            #expect(chef.state(of: id) == .idle)
            let deadline = ContinuousClock.now + .seconds(10)
            while chef.state(of: id) == .idle && ContinuousClock.now < deadline {
                usleep(5000)
                chef.advance(by: .milliseconds(1))
            }
            #expect(chef.state(of: id) == .presenting || chef.state(of: id) == .shown, "\(defect)")
        }
    }

    @Test("the ABI 1.0 sample and promotion: the same trace and frames isolated as in this process")
    func abi10() throws {
        let plugins = try ABI10Plugins()
        let discovery = try plugins.discover()
        let scenario = try Scenario.parse(
            json: #"""
                {"steps": [
                  {"show": {"handler": "com.pophost.abi10.promotion-handler", "data": {"campaign": "spring", "title": "Spring sale"}, "as": "promo"}},
                  {"show": {"handler": "com.pophost.abi10.promotion-handler", "data": {"campaign": "autumn", "eligible": false}, "as": "no"}},
                  {"wait": "idle"},
                  {"dismiss": "promo"},
                  {"show": {"handler": "com.pophost.samples.c.payment-handler", "view_loader": "com.pophost.samples.c.payment-view",
                            "controller_loader": "com.pophost.samples.c.pop-controller", "data": {"amount": 42.5, "order": "A-1001"}, "as": "pay"}},
                  {"wait": "idle"},
                  {"focus": {"field": "password", "on": "pay"}},
                  {"type": {"text": "123456", "field": "password", "on": "pay"}},
                  {"tap": {"action": "confirm", "on": "pay"}},
                  {"wait": "idle"},
                  {"show": {"handler": "com.pophost.samples.c.high-priority-handler", "view_loader": "com.pophost.samples.c.test-view",
                            "controller_loader": "com.pophost.samples.c.custom-animation-controller", "data": {"title": "Custom"}, "as": "custom"}},
                  {"wait": "idle"},
                  {"tap": {"action": "pop.dismiss", "on": "custom"}},
                  {"wait": "idle"}
                ]}
                """#, file: "abi10.json", baseDirectory: nil)
        let inProcess = SameRunTests.play(scenario, ComponentCatalog(discovery: discovery))
        let isolated = SameRunTests.play(scenario, ComponentCatalog(discovery: discovery, isolated: Self.options))
        #expect(inProcess.problems.isEmpty, "\(inProcess.problems)")
        #expect(isolated.trace == inProcess.trace)
        SameRunTests.expectSameFrames(isolated.frames, inProcess.frames, "abi 1.0")
        #expect(inProcess.trace.contains(#""event":"dismissed","reason":"action""#))
    }
}
