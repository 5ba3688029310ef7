import PopChef
import PopTestSupport
import Testing

@testable import PopModel
@testable import PopScenario

/// The scenario format's floating window: `push`'s `floating`, `swipe_back`'s `to`, bubbles dragged
/// and tapped through the stage, and `expect.bubbles` (which fails, naming its path, when the
/// bubbles differ).
@Suite struct FloatingScenarioTests {
    func run(_ json: String) throws -> ScenarioRunner {
        let runner = ScenarioRunner(
            scenario: try Scenario.parse(json: json, file: "floating.json", baseDirectory: nil), catalog: ComponentCatalog())
        runner.runToEnd()
        return runner
    }

    @Test func pushReadsTheFloatingDeclaration() throws {
        let scenario = try Scenario.parse(
            json: #"""
                {"steps": [{"push": {"page": "a", "floating": {"keep": "u", "logo": "A", "logo_color": "#FA5151"}}},
                           {"push": {"page": "b"}}]}
                """#, file: "f.json", baseDirectory: nil)
        guard case .push(let first, _) = scenario.steps[0].action, case .push(let second, _) = scenario.steps[1].action else {
            Issue.record("not pushes")
            return
        }
        #expect(first.preferences.floating == FloatingDeclaration(keep: "u", logo: "A", logoColor: 0xFA51_51FF))
        #expect(second.preferences.floating == nil)
    }

    @Test func swipeBackToAPoint() throws {
        let scenario = try Scenario.parse(
            json: #"{"steps": [{"swipe_back": {"from": {"x": 10, "y": 700}, "to": {"x": 380, "y": 830}, "velocity": 0}}]}"#,
            file: "f.json", baseDirectory: nil)
        #expect(scenario.steps[0].action == .swipeBack(from: Point(x: 10, y: 700), distance: 370, velocity: 0, endY: 830))
    }

    @Test func malformedFloatingStepsAreNamed() {
        for (json, path) in [
            (#"{"steps": [{"push": {"page": "a", "floating": {"keep": "u"}}}]}"#, "steps[0].push.floating"),
            (#"{"steps": [{"push": {"page": "a", "floating": {"keep": "u", "logo": "A", "icon": 1}}}]}"#, "steps[0].push.floating"),
            (
                #"{"steps": [{"push": {"page": "a", "floating": {"keep": "u", "logo": "A", "logo_color": "green"}}}]}"#,
                "steps[0].push.floating.logo_color"
            ),
            (#"{"steps": [{"swipe_back": {"from": {"x": 1, "y": 1}, "distance": 3, "to": {"x": 5, "y": 1}}}]}"#, "steps[0].swipe_back"),
            (#"{"steps": [], "expect": {"bubbles": [{"keep": "u", "colour": 1}]}}"#, "expect.bubbles[0]"),
            (#"{"steps": [{"float": {"animated": true}}]}"#, "steps[0].float"),
        ] {
            do {
                _ = try Scenario.parse(json: json, file: "bad.json", baseDirectory: nil)
                Issue.record("\(json) parsed")
            } catch {
                #expect(error.path == path, "\(json)")
            }
        }
    }

    static let floatAndOpen = #"""
        {"steps": [
          {"push": {"page": "list", "animated": false}},
          {"push": {"page": "article", "animated": false, "floating": {"keep": "https://example.com/a", "logo": "A"}}},
          {"at": 100, "swipe_back": {"from": {"x": 10, "y": 830}, "to": {"x": 380, "y": 830}}},
          {"at": 1000, "drag": {"from": {"x": 41, "y": 73}, "to": {"x": 41, "y": 400}, "duration": 200}},
          {"at": 2000, "tap": {"x": 41, "y": 400}},
          {"wait": "idle"}
        ],
        "expect": {
          "trace": [
            {"event": "bubble-created", "page": "article"},
            {"event": "bubble-moved", "page": "article"},
            {"event": "bubble-opened", "page": "article"},
            {"event": "page-did-appear", "page": "article"}
          ],
          "pages": ["list", "article"],
          "bubbles": [{"keep": "https://example.com/a", "logo": "A", "page": "article", "x": 15, "y": 374, "open": true}]
        }}
        """#

    @Test func floatDragAndReopenMeetsItsExpectations() throws {
        let runner = try run(Self.floatAndOpen)
        #expect(runner.problems.isEmpty, "\(runner.problems)")
        #expect(runner.verify().isEmpty, "\(runner.verify())")
    }

    /// Scenarios/floating.json meets its expectations, among them the timings JPSuspensionEntrance's code
    /// decides: the expand's card at the page's rect at 4/5 of 0.35 s under the black `floating.dim`
    /// (JPSuspensionTransition.m:263, 270-271), and the swipe back of the reopened article shrinking into
    /// its bubble from where it is (JPSuspensionView.m:137, 159) while — pophost's deliberate difference —
    /// the list is already on top and a push goes through before the card has arrived.
    @Test("Scenarios/floating.json meets its expectations (JPSuspensionTransition.m:263, JPSuspensionView.m:137)")
    func floatingScenarioMeetsItsExpectations() throws {
        let runner = ScenarioRunner(
            scenario: try Scenario.load(path: Repository.root + "/Scenarios/floating.json"), catalog: ComponentCatalog())
        runner.runToEnd()
        #expect(runner.problems.isEmpty, "\(runner.problems)")
        #expect(runner.verify().isEmpty, "\(runner.verify())")
    }

    @Test func bubbleExpectationsFailWithTheirPath() throws {
        let wrong = Self.floatAndOpen.replacingOccurrences(
            of: #""x": 15, "y": 374, "open": true}]"#, with: #""x": 323, "y": 374, "open": false}]"#)
        let failures = try run(wrong).verify().map { "\($0.path): \($0.message)" }
        #expect(failures == ["expect.bubbles[0].x: bubble#1 rests at x 15.0", "expect.bubbles[0].open: bubble#1 is open"])
        let none = Self.floatAndOpen.replacingOccurrences(of: #"{"at": 100, "swipe_back""#, with: #"{"at": 100, "note": "x", "wait""#)
        #expect(throws: ScenarioError.self) { try run(none) }
        let missing = Self.floatAndOpen.replacingOccurrences(of: #""to": {"x": 380, "y": 830}"#, with: #""to": {"x": 380, "y": 400}"#)
        let count = try run(missing).verify().map(\.path)
        #expect(count.contains("expect.bubbles"))
    }

    @Test("float: the top page shrinks into a new bubble (WeChat's menu button); refused, and reported, with one page")
    func floatStep() throws {
        let runner = try run(
            #"""
            {"steps": [{"push": {"page": "list", "animated": false}},
                       {"float": {}},
                       {"push": {"page": "article", "animated": false, "floating": {"keep": "u", "logo": "A"}}},
                       {"at": 100, "float": {}},
                       {"wait": "idle"}],
             "expect": {"pages": ["list"], "bubbles": [{"keep": "u", "logo": "A", "page": "article", "open": false}]}}
            """#)
        #expect(runner.problems.map(\.path) == ["steps[1].float"])
        // The refusal says which of its reasons applies.
        #expect(runner.problems.first?.message.contains("the top page (list) cannot float: it declares no floating") == true)
        #expect(runner.verify().isEmpty, "\(runner.verify())")
        #expect(runner.recorder.events.contains { $0.kind == .bubbleCreated })
    }

    @Test("float refusals name their reason: the only page, a page open from its bubble")
    func floatRefusals() throws {
        let runner = try run(
            #"""
            {"steps": [{"push": {"page": "article", "animated": false, "floating": {"keep": "u", "logo": "A"}}},
                       {"float": {}}]}
            """#)
        #expect(runner.problems.first?.message.contains("is the only page") == true, "\(runner.problems)")
    }
}
