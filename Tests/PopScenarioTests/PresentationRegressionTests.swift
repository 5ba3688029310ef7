import Foundation
import PopRuntimeTestSupport
import Testing

@testable import PopChef
@testable import PopModel
@testable import PopPresentation
@testable import PopScenario

/// Regressions found by review of the presentation engine.
@Suite struct PresentationRegressionTests {
    func play(_ json: String) throws -> (ScenarioRunner, IsolatedSamples) { try IsolatedSamples.play(json) }

    @Test("a wait as the last step is played to its end")
    func trailingWait() throws {
        let (runner, _) = try play(
            #"""
            {"steps": [{"show": {"controller_loader": "pop.theme", "as": "a"}}, {"wait": 1000}],
             "expect": {"trace": [{"event": "did-present", "request": "a"}]}}
            """#)
        #expect(runner.chef.now == .milliseconds(1000))
        #expect(runner.verify().isEmpty && runner.problems.isEmpty)
    }

    @Test("wait idle waits at most 60 s when the next timer is later, then goes on")
    func idleLimit() throws {
        let (runner, _) = try play(
            #"""
            {"steps": [{"show": {"controller_loader": "pop.theme", "data": {"theme": {"base": "top-banner", "display_duration": 100}}}},
                       {"wait": "idle"}, {"dismiss": {"all": true}}]}
            """#)
        #expect(runner.problems.map(\.description) == ["test.json: steps[1].wait: still busy after 60.0 s; going on"])
        #expect(runner.chef.now == .seconds(60))  // the wait began at 0
    }

    @Test("a flick after a long hold is fast: the velocity counts only the last 100 ms")
    func holdThenFlick() {
        var tracker = PointerTracker(start: Point(x: 0, y: 100), at: .zero, banner: nil)
        tracker.move(to: Point(x: 0, y: 85), at: .milliseconds(2000))
        tracker.move(to: Point(x: 0, y: 60), at: .milliseconds(2030))
        #expect(tracker.velocity <= -250)
    }

    @Test("a banner with a mask still applies its behind rule")
    func maskedBanner() throws {
        let t = try TestStage()
        let id = t.alert(["style": "banner", "behind": "dismiss", "display_duration": 0])
        t.chef.runUntilIdle()
        #expect(t.stage.tap(at: Point(x: 200, y: 600)) == .dismissed(id))
    }

    @Test("a step's frontmost popup is the one drawn on top: a banner above an alert")
    func frontmostIsBanner() throws {
        let (runner, _) = try play(
            #"""
            {"steps": [{"show": {"controller_loader": "pop.theme", "data": {"title": "B", "theme": {"base": "top-banner", "display_duration": 0}}, "as": "banner"}},
                       {"at": 100, "show": {"controller_loader": "pop.theme", "as": "alert"}},
                       {"at": 1000, "tap": {"action": "pop.dismiss"}}, {"wait": "idle"}]}
            """#)
        #expect(runner.chef.finalEvent(of: runner.labels["banner"]!) == .dismissed(.action))
        #expect(runner.chef.state(of: runner.labels["alert"]!) == .shown)
    }

    @Test("a popup leaving with its keyboard up leaves from above the keyboard, half a screen")
    func exitAboveKeyboard() throws {
        let t = try TestStage()
        let id = t.chef.show(
            PopupRequest(
                handler: "com.pophost.samples.c.payment-handler", viewLoader: "com.pophost.samples.c.payment-view",
                controllerLoader: "pop.theme", data: ["amount": 1, "theme": ["hide": "slide-to-top"]]))
        t.chef.runUntilIdle()
        t.engine.focus(field: "password", on: id)
        t.chef.runUntilIdle()
        let above = try #require(t.engine.visualState(of: id)).frame
        t.chef.dismiss(id)
        let end = try #require(t.engine.popups[id]?.motion?.value(at: t.chef.now + .seconds(1))).frame
        #expect(end.y == above.y - 422)
        #expect(t.engine.keyboard.owner == nil)
    }

    @Test("taps on a popup that is leaving are absorbed, not reported as actions, focus or vetoes")
    func tapsOnLeavingPopup() throws {
        let t = try TestStage()
        let id = t.alert(["dismiss_on_background_tap": true, "hide_duration": 1])
        t.chef.runUntilIdle()
        let ok = try #require(t.stage.frame().nodes.first { $0.action == "pop.dismiss" }).bounds.center
        t.chef.dismiss(id)
        t.advance(10)
        #expect(t.stage.tap(at: ok) == .absorbed(id))
        #expect(t.stage.tap(at: Point(x: 5, y: 5)) == .absorbed(id))
    }

    @Test("turning there and back restores the safe area and keyboard height")
    func rotationRoundTrip() {
        let scene = Scene(safeArea: EdgeInsets(top: 59, leading: 0, bottom: 50, trailing: 0), keyboardHeight: 300)
        #expect(
            scene.rotated(to: .landscape).rotated(to: .portrait)
                == scene.rotated(to: .landscape).rotated(to: .portrait).rotated(to: .landscape).rotated(to: .portrait))
        let back = scene.rotated(to: .landscape).rotated(to: .portrait)
        #expect(back.safeArea == scene.safeArea && back.keyboardHeight == 300 && back.width == 390)
    }
}
