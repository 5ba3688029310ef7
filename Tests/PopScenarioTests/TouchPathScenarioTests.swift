import PopRuntimeTestSupport
import Testing

@testable import PopModel
@testable import PopPresentation
@testable import PopScenario

/// A drag as a person makes it (`drag` with `path`), a tap that rests (`tap.hold`), and the steps a
/// recording writes for keys (`delete_backward`, `hide_all`).
@Suite struct TouchPathScenarioTests {
    static let sheet = #"{"show": {"controller_loader": "com.pophost.samples.c.share-sheet-controller", "as": "s"}}"#

    /// The share sheet's detent after `drag` (a step's JSON) from medium.
    func detent(after drag: String) throws -> (String?, [TraceEvent]) {
        let (runner, samples) = try IsolatedSamples.play(#"{"steps": [\#(Self.sheet), {"at": 1000, "drag": \#(drag)}, {"wait": 1000}]}"#)
        defer { withExtendedLifetime(samples) {} }
        #expect(runner.problems.isEmpty, "\(runner.problems)")
        let id = try #require(runner.labels["s"])
        return (runner.engine.sheets.selectedDetent(of: id), runner.recorder.events)
    }

    @Test("a path through the straight drag's touches plays exactly as the straight drag")
    func pathEqualsStraight() throws {
        let straight = try detent(after: #"{"from": {"x": 195, "y": 470}, "to": {"x": 195, "y": 230}, "duration": 48}"#)
        let path = try detent(
            after:
                #"{"path": [{"x": 195, "y": 470, "t": 0}, {"x": 195, "y": 390, "t": 16}, {"x": 195, "y": 310, "t": 32}, {"x": 195, "y": 230, "t": 48}]}"#
        )
        #expect(straight.0 == "large")
        #expect(path.0 == straight.0 && path.1 == straight.1)
    }

    @Test("a drag that goes up and comes back down fast is flung away where it was let go; a pause before lifting drops the fling")
    func reversingAndPausing() throws {
        // Ending where it began, a straight drag is a tap; this one went up and came back at 2,250 pt/s.
        let reversing = try detent(
            after:
                #"{"path": [{"x": 195, "y": 470, "t": 0}, {"x": 195, "y": 300, "t": 40}, {"x": 195, "y": 200, "t": 80}, {"x": 195, "y": 380, "t": 160}, {"x": 195, "y": 470, "t": 200}]}"#
        )
        #expect(reversing.0 == nil && reversing.1.contains { $0.kind == .dismissed && $0.reason == .swipe }, "flung away")
        let straight = try detent(after: #"{"from": {"x": 195, "y": 470}, "to": {"x": 195, "y": 470}, "duration": 200}"#)
        #expect(straight.0 == "medium")
        // Up by 150 pt quickly, flung: large. The same move, then resting 400 ms before lifting: the
        // release is slow, and the sheet rests at the nearest detent.
        let flung = try detent(
            after: #"{"path": [{"x": 195, "y": 470, "t": 0}, {"x": 195, "y": 395, "t": 16}, {"x": 195, "y": 320, "t": 32}]}"#)
        let rested = try detent(
            after:
                #"{"path": [{"x": 195, "y": 470, "t": 0}, {"x": 195, "y": 395, "t": 16}, {"x": 195, "y": 320, "t": 32}, {"x": 195, "y": 320, "t": 432}]}"#
        )
        #expect(flung.0 == "large")
        #expect(rested.0 == "medium")
    }

    @Test("a tap with hold goes down and up as a finger does: the banner under it holds its display timer until the finger lifts")
    func tapHold() throws {
        let banner =
            #"{"show": {"controller_loader": "pop.theme", "as": "b", "data": {"theme": {"base": "top-banner", "display_duration": 2000}}}}"#
        let (runner, samples) = try IsolatedSamples.play(
            #"{"steps": [\#(banner), {"at": 700, "tap": {"x": 195, "y": 80, "hold": 3000}}, {"wait": 4000}]}"#)
        defer { withExtendedLifetime(samples) {} }
        let held = try #require(runner.recorder.events.first { $0.kind == .displayTimerHeld })
        let tapped = try #require(runner.recorder.events.first { $0.kind == .action })
        #expect(held.time == .milliseconds(700))
        #expect(tapped.time == .milliseconds(3700), "the tap lands when the finger lifts, after the 2 s display time would have ended")
        #expect(runner.chef.finalEvent(of: try #require(runner.labels["b"])) == .dismissed(.action))
    }

    @Test("delete_backward deletes from the focused field; hide_all asks every popup to go")
    func keySteps() throws {
        let (runner, samples) = try IsolatedSamples.play(
            #"""
            {"steps": [{"show": {"handler": "com.pophost.samples.c.payment-handler", "view_loader": "com.pophost.samples.c.payment-view", "as": "pay"}},
                       {"at": 500, "focus": {"field": "password"}}, {"type": {"text": "1234"}}, {"delete_backward": 3},
                       {"end_editing": true}, {"delete_backward": 1}, {"hide_all": true}, {"wait": 1000}]}
            """#)
        defer { withExtendedLifetime(samples) {} }
        let pay = try #require(runner.labels["pay"])
        #expect(runner.chef.fields(of: pay)["password"] == "1")
        #expect(runner.problems.map(\.description) == ["test.json: steps[5].delete_backward: no text field has the focus"])
        #expect(runner.chef.finalEvent(of: pay) == nil, "the payment handler refuses to hide")
    }

    @Test(
        "malformed paths, holds and key steps name the path and the problem",
        arguments: [
            (
                #"{"drag": {"path": [{"x": 1, "y": 2, "t": 0}]}}"#,
                "steps[0].drag.path: a path needs at least two touches (down and up), found 1"
            ),
            (
                #"{"drag": {"path": [{"x": 1, "y": 2, "t": 5}, {"x": 1, "y": 2, "t": 9}]}}"#,
                "steps[0].drag.path[0].t: the first touch is the touch down, at t 0, found 5"
            ),
            (
                #"{"drag": {"path": [{"x": 1, "y": 2, "t": 0}, {"x": 1, "y": 2, "t": 90}, {"x": 1, "y": 2, "t": 40}]}}"#,
                "steps[0].drag.path[2].t: t 40 is before the previous touch's 90"
            ),
            (
                #"{"drag": {"path": [{"x": 1, "y": 2, "t": 0}, {"x": 1, "y": 2, "t": 60001}]}}"#,
                "steps[0].drag.path[1].t: a drag lasts at most 60000 ms, found 60001"
            ),
            (
                #"{"drag": {"path": [{"x": 1, "y": 2, "t": 0}, {"x": 1, "t": 9}]}}"#,
                #"steps[0].drag.path[1]: missing required key "y""#
            ),
            (
                #"{"drag": {"from": {"x": 1, "y": 2}, "path": [{"x": 1, "y": 2, "t": 0}, {"x": 1, "y": 2, "t": 9}]}}"#,
                "steps[0].drag.from: a drag has either path, or from and to (and duration), not both"
            ),
            (#"{"tap": {"action": "ok", "hold": 10}}"#, #"steps[0].tap.hold: "hold" goes with x and y, not with "action""#),
            (#"{"tap": {"x": 1, "y": 2, "hold": -1}}"#, "steps[0].tap.hold: expected a time in milliseconds ≥ 0, found -1"),
            (#"{"delete_backward": 0}"#, "steps[0].delete_backward: expected a whole number from 1 to 10000, found 0"),
            (#"{"hide_all": false}"#, "steps[0].hide_all: expected true, found false"),
            (#"{"drag": {"touches": []}}"#, #"steps[0].drag.touches: touches needs at least one finger: {"path": [...]}"#),
            (
                #"{"drag": {"touches": [{"path": [{"x": 1, "y": 2, "t": 5}, {"x": 1, "y": 2, "t": 9}]}]}}"#,
                "steps[0].drag.touches: the first finger comes down at t 0, found 5"
            ),
            (
                #"{"drag": {"touches": [{"path": [{"x": 1, "y": 2, "t": 0}, {"x": 1, "y": 2, "t": 9}], "id": 3}]}}"#,
                #"steps[0].drag.touches[0]: unknown key "id"; a finger's keys are: path"#
            ),
        ])
    func malformed(step: String, error: String) {
        #expect(scenarioError(#"{"steps": [\#(step)]}"#) == "t.json: " + error)
    }
}

/// Several fingers at once (`drag` with `touches`), decided as the anchors' recognizers decide.
@Suite struct SeveralFingersScenarioTests {
    static let sheet = TouchPathScenarioTests.sheet

    /// The share sheet's height at `time` of a scenario whose second step is `drag` at 1000 ms.
    func sheetHeight(at time: Int64, drag: String) throws -> Double {
        let samples = try IsolatedSamples()
        let scenario = try Scenario.parse(
            json: #"{"steps": [\#(Self.sheet), {"at": 1000, "drag": \#(drag)}, {"wait": 1000}]}"#, file: "t.json", baseDirectory: nil)
        let runner = ScenarioRunner(scenario: scenario, catalog: samples.catalog)
        runner.advance(to: .milliseconds(time))
        let sheet = try #require(runner.labels["s"])
        return try #require(runner.engine.sheets.height(of: sheet))
    }

    @Test("a second finger on the dragged sheet joins its pan: the sheet follows the fingers' centroid, without a jump when one lifts")
    func joinsTheSheet() throws {
        let rest = try sheetHeight(at: 990, drag: #"{"path": [{"x": 195, "y": 470, "t": 0}, {"x": 195, "y": 470, "t": 10}]}"#)
        let one = try sheetHeight(
            at: 1150, drag: #"{"path": [{"x": 195, "y": 470, "t": 0}, {"x": 195, "y": 370, "t": 100}, {"x": 195, "y": 370, "t": 600}]}"#)
        let twoFingers = #"""
            {"touches": [{"path": [{"x": 195, "y": 470, "t": 0}, {"x": 195, "y": 370, "t": 100}, {"x": 195, "y": 370, "t": 600}]},
                         {"path": [{"x": 100, "y": 500, "t": 20}, {"x": 100, "y": 500, "t": 300}]}]}
            """#
        let two = try sheetHeight(at: 1150, drag: twoFingers)
        let afterLift = try sheetHeight(at: 1350, drag: twoFingers)
        #expect(abs(one - rest - 100) < 0.5, "one finger moves it 100 pt: \(rest) → \(one)")
        #expect(abs(two - rest - 50) < 0.5, "the centroid of a still finger and one that moved 100 pt moved 50: \(rest) → \(two)")
        #expect(abs(afterLift - two) < 0.5, "the still finger lifting does not move it")
    }

    @Test("a second finger during an interactive pop is ignored: the pop goes as with one finger (FD's maximumNumberOfTouches = 1)")
    func ignoredDuringPop() throws {
        let pages = #"{"push": {"page": "a"}}, {"push": {"page": "b", "animated": false}}"#
        let one =
            #"{"path": [{"x": 5, "y": 400, "t": 0}, {"x": 60, "y": 400, "t": 50}, {"x": 140, "y": 400, "t": 100}, {"x": 150, "y": 400, "t": 400}]}"#
        let two = #"""
            {"touches": [{"path": [{"x": 5, "y": 400, "t": 0}, {"x": 60, "y": 400, "t": 50}, {"x": 140, "y": 400, "t": 100}, {"x": 150, "y": 400, "t": 400}]},
                         {"path": [{"x": 300, "y": 500, "t": 120}, {"x": 380, "y": 500, "t": 200}, {"x": 380, "y": 500, "t": 300}]}]}
            """#
        let (single, a) = try IsolatedSamples.play(#"{"steps": [\#(pages), {"at": 500, "drag": \#(one)}, {"wait": 1000}]}"#)
        let (double, b) = try IsolatedSamples.play(#"{"steps": [\#(pages), {"at": 500, "drag": \#(two)}, {"wait": 1000}]}"#)
        defer { withExtendedLifetime((a, b)) {} }
        #expect(single.recorder.events.contains { $0.kind == .pagePopBegan })
        #expect(double.recorder.jsonLines == single.recorder.jsonLines)
    }

    @Test("a finger elsewhere while the sheet is dragged only taps: on the dimming it dismisses the sheet; a moving one does nothing")
    func othersOnlyTap() throws {
        let (runner, samples) = try IsolatedSamples.play(
            #"""
            {"steps": [\#(Self.sheet), {"at": 1000, "drag": {"touches": [
                {"path": [{"x": 195, "y": 470, "t": 0}, {"x": 195, "y": 420, "t": 100}, {"x": 195, "y": 420, "t": 600}]},
                {"path": [{"x": 40, "y": 200, "t": 150}, {"x": 40, "y": 200, "t": 200}]},
                {"path": [{"x": 40, "y": 250, "t": 250}, {"x": 90, "y": 400, "t": 350}, {"x": 90, "y": 400, "t": 400}]}]}},
             {"wait": 1000}]}
            """#)
        defer { withExtendedLifetime(samples) {} }
        #expect(runner.problems.isEmpty, "\(runner.problems)")
        let dismissed = runner.recorder.events.filter { $0.kind == .willDismiss }
        #expect(
            dismissed.map(\.time) == [.milliseconds(1200)] && dismissed.first?.reason == .backgroundTap,
            "the still finger tapped when it lifted")
        #expect(!runner.recorder.events.contains { $0.kind == .appTap }, "the moving one did not tap")
    }

    @Test("the decisions: join what the gesture holds, ignore during a pop, else only tap")
    func decisions() {
        #expect(TouchArbitration.secondTouch(on: .sheet(3), during: .sheet(3), popping: false) == .join)
        #expect(TouchArbitration.secondTouch(on: .bubble(1), during: .bubble(1), popping: false) == .join)
        #expect(TouchArbitration.secondTouch(on: .bubble(2), during: .bubble(1), popping: false) == .tapOnly)
        #expect(TouchArbitration.secondTouch(on: .app, during: .bubble(1), popping: false) == .tapOnly, "no edge pan during a bubble drag")
        #expect(
            TouchArbitration.secondTouch(on: .bubble(1), during: .app, popping: false) == .tapOnly, "no bubble drag during the edge pan")
        #expect(TouchArbitration.secondTouch(on: .sheet(3), during: .app, popping: true) == .ignore)
        #expect(TouchArbitration.secondTouch(on: .app, during: .app, popping: false) == .tapOnly)
    }
}
