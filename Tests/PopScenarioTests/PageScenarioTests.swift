import PopChef
import Testing

@testable import PopModel
@testable import PopScenario

/// Scenarios with pages: push and pop steps, edge and full-screen swipes with a velocity, a
/// cancelled swipe; expectations on the stack, the bar and the order of page events.
@Suite struct PageScenarioTests {
    func run(_ json: String) throws -> ScenarioRunner {
        let runner = ScenarioRunner(
            scenario: try Scenario.parse(json: json, file: "pages.json", baseDirectory: nil), catalog: ComponentCatalog())
        runner.runToEnd()
        return runner
    }

    func pageEvents(_ runner: ScenarioRunner) -> [String] {
        runner.recorder.events.filter { $0.kind.rawValue.hasPrefix("page-") }.map { "\($0.kind.rawValue) \($0.detail ?? "")" }
    }

    @Test("a swipe across the whole screen pops at once, and waiting for idle then ends", .timeLimit(.minutes(1)))
    func fullWidthSwipe() throws {
        let runner = try run(
            #"{"steps": [{"push": {"page": "a"}}, {"push": {"page": "b", "animated": false}}, "#
                + #"{"swipe_back": {"from": {"x": 5, "y": 400}, "distance": 390}}, {"wait": "idle"}]}"#)
        #expect(runner.isFinished)
        #expect(runner.problems.isEmpty, "\(runner.problems)")
        #expect(pageEvents(runner).suffix(2) == ["page-did-appear a#1", "page-released b#2"])
    }

    static let journey = #"""
        {"steps": [
          {"push": {"page": "list", "title": "Orders", "rows": ["Order A-1001", "Order A-1002"], "animated": false}},
          {"at": 100, "push": {"page": "detail", "title": "A-1001", "bar": {"background_alpha": 0, "shadow": false}}},
          {"at": 1000, "swipe_back": {"from": {"x": 200, "y": 400}, "distance": 100, "velocity": 0}},
          {"at": 2000, "swipe_back": {"from": {"x": 10, "y": 400}, "distance": 60, "velocity": 800}},
          {"at": 3000, "push": {"page": "hidden", "bar": {"hidden": true}, "pop_gesture": false}},
          {"at": 4000, "swipe_back": {"from": {"x": 10, "y": 400}, "distance": 300, "velocity": 900}},
          {"at": 5000, "pop": {}},
          {"wait": "idle"}
        ],
        "expect": {
          "trace": [
            {"event": "page-did-load", "page": "detail"},
            {"event": "page-will-disappear", "page": "list"},
            {"event": "page-will-appear", "page": "detail"},
            {"event": "page-did-disappear", "page": "list"},
            {"event": "page-did-appear", "page": "detail"},
            {"event": "page-pop-cancelled", "page": "detail"},
            {"event": "page-released", "page": "detail"},
            {"event": "page-refused"},
            {"event": "page-released", "page": "hidden"}
          ],
          "pages": ["list"],
          "bar": {"hidden": false, "background_alpha": 1, "shadow": true}
        }}
        """#

    @Test func pushSwipeCancelPopJourney() throws {
        let runner = try run(Self.journey)
        #expect(runner.verify().isEmpty, "\(runner.verify())")
        #expect(runner.problems.isEmpty)
        let events = pageEvents(runner)
        // The cancelled full-screen swipe at 1000 ms (100 of 390 pt, no velocity).
        let cancelled = events.firstIndex(of: "page-pop-began detail#2")!
        #expect(
            Array(events[cancelled..<cancelled + 8]) == [
                "page-pop-began detail#2", "page-will-disappear detail#2", "page-will-appear list#1", "page-pop-cancelled detail#2",
                "page-will-disappear list#1", "page-will-appear detail#2", "page-did-disappear list#1", "page-did-appear detail#2",
            ])
        // The page that disables the gesture refused the edge swipe at 4000 ms.
        #expect(runner.recorder.events.contains { $0.kind == .pageRefused && $0.detail == "edge pan: disabled" })
    }

    @Test func failingExpectationsNameTheirPath() throws {
        let json = #"""
            {"steps": [{"push": {"page": "list", "animated": false}}],
             "expect": {"pages": ["list", "detail"], "bar": {"hidden": true}, "trace": [{"event": "page-did-appear", "page": "detail"}]}}
            """#
        let failures = try run(json).verify().map { "\($0.path): \($0.message)" }
        #expect(failures.count == 3)
        #expect(failures.contains("expect.pages: the stack is [list]"))
        #expect(failures.contains("expect.bar.hidden: the bar has hidden false, expected true"))
        #expect(failures.contains { $0.hasPrefix("expect.trace[0]: no \"page-did-appear\" of page \"detail\"") })
    }

    @Test("a negative pop_gesture_max_initial_distance is no limit, as FDFullscreenPopGesture's MAX(0, d) stores it; a positive one limits")
    func negativeInitialDistance() throws {
        func popped(_ distance: Double) throws -> Bool {
            let runner = try run(
                #"{"steps": [{"push": {"page": "a"}}, {"push": {"page": "b", "animated": false, "pop_gesture_max_initial_distance": \#(distance)}}, "#
                    + #"{"swipe_back": {"from": {"x": 300, "y": 400}, "distance": 80, "velocity": 900}}, {"wait": "idle"}]}"#)
            return runner.engine.pages.navigation.pages.map(\.kind) == ["a"]
        }
        #expect(try popped(-40))
        #expect(try popped(0))
        #expect(try !popped(100))
    }

    @Test func malformedStepsAreNamed() {
        for (json, message) in [
            (#"{"steps": [{"push": {"title": "x"}}]}"#, "steps[0].push"),
            (#"{"steps": [{"push": {"page": "a", "bar": {"background": "blue"}}}]}"#, "steps[0].push.bar.background"),
            (#"{"steps": [{"swipe_back": {"distance": 3}}]}"#, "steps[0].swipe_back"),
            (#"{"steps": [{"pop": {"fast": true}}]}"#, "steps[0].pop"),
        ] {
            #expect(throws: ScenarioError.self) { try Scenario.parse(json: json, file: "bad.json", baseDirectory: nil) }
            do {
                _ = try Scenario.parse(json: json, file: "bad.json", baseDirectory: nil)
            } catch {
                #expect(error.path == message)
            }
        }
    }
}
