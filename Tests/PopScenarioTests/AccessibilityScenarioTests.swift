import PopRender
import PopRuntimeTestSupport
import Testing

@testable import PopModel
@testable import PopPresentation
@testable import PopScenario

/// A screen reader in scenarios: VoiceOver as a screen key and a trait, focus into a modal popup and
/// back, `activate`, `accessibility_focus` and `escape` steps, and expectations on the tree — against
/// the bundled samples.
@Suite struct AccessibilityScenarioTests {
    static let payment = #"""
        {"show": {"handler": "com.pophost.samples.c.payment-handler", "view_loader": "com.pophost.samples.c.payment-view",
                  "data": {"amount": 12.5}, "as": "pay"}}
        """#
    static let alert = #"""
        {"show": {"controller_loader": "pop.theme", "data": {"title": "Hi", "message": "There", "theme": {"base": "cspop-guide"}}, "as": "a"}}
        """#

    @Test("the payment dialog confirmed by VoiceOver alone: focus on its title, the page hidden, the field typed into, Confirm activated")
    func payment() throws {
        let (runner, samples) = try IsolatedSamples.play(
            #"""
            {"screen": {"voice_over": true}, "steps": [\#(Self.payment), {"wait": "idle"},
              {"at": 300, "accessibility_focus": "next"}, {"at": 350, "activate": "6-digit password"}, {"type": {"text": "123456"}},
              {"at": 400, "activate": {"label": "Confirm", "on": "pay"}}, {"wait": "idle"}],
             "expect": {
               "accessibility": [
                 {"at": 250, "focus": "Payment", "reachable": ["Payment", "6-digit password", "Cancel", "Confirm"],
                  "unreachable": ["Orders"], "modal": "pay"},
                 {"at": 300, "focus": "$12.50"},
                 {"at": 1000, "focus": "Orders", "modal": false}],
               "trace": [{"event": "a11y-focus", "request": "pay"}, {"event": "action", "request": "pay"},
                         {"event": "dismissed", "request": "pay", "reason": "action"}]}}
            """#)
        #expect(runner.problems.isEmpty, "\(runner.problems)")
        #expect(runner.verify().isEmpty, "\(runner.verify())")
        let focusDetails = runner.recorder.events.filter { $0.kind == .accessibilityFocus }.compactMap(\.detail)
        #expect(focusDetails.first == #"popup.1.content.0 "Payment": into popup 1"#)
        let screen = runner.recorder.events.first { $0.kind == .accessibilityScreenChanged }
        #expect(
            screen?.detail
                == #"header "Payment", text "$12.50", text-field "6-digit password", button "Cancel", button "Confirm", button "Forgot password?""#
        )
        #expect(focusDetails.last == #"app.navigation-bar "Orders": first on screen after popup 1"#)
        withExtendedLifetime(samples) {}
    }

    @Test("the field's typed text is its value, dots when secure; frames carry the tree and voice_over in JSON")
    func json() throws {
        let (runner, samples) = try IsolatedSamples.play(
            #"""
            {"screen": {"voice_over": true},
             "steps": [\#(Self.payment), {"wait": "idle"}, {"type": {"text": "12", "field": "password", "on": "pay"}}]}
            """#)
        #expect(runner.problems.isEmpty, "\(runner.problems)")
        let frame = runner.stage.frame()
        #expect(frame.accessibility.element("popup.1.content.2")?.value == "••")
        let json = FrameJSON.encode(frame)
        #expect(json.contains(#""traits":{"reduce_motion":false,"voice_over":true}"#))
        #expect(
            json.contains(
                #""accessibility":{"focus":"popup.1.content.0","hidden":["app"],"containers":[{"id":"popup.1","role":"alert-dialog","label":"Payment","modal":true"#
            ))
        #expect(try FrameJSON.decode(json).traits.voiceOver)
        withExtendedLifetime(samples) {}
    }

    @Test("VoiceOver off: no a11y events, no tree in the JSON — runs are as they were; the steps still work")
    func off() throws {
        let (runner, samples) = try IsolatedSamples.play(
            #"{"steps": [\#(Self.payment), {"wait": "idle"}, {"activate": "Cancel"}, {"wait": "idle"}]}"#)
        #expect(runner.problems.isEmpty, "\(runner.problems)")
        #expect(!runner.recorder.events.contains { $0.kind == .accessibilityFocus || $0.kind == .accessibilityAnnouncement })
        #expect(runner.recorder.events.contains { $0.kind == .action && $0.detail?.hasPrefix("cancel") == true })
        #expect(!FrameJSON.encode(runner.stage.frame()).contains("accessibility"))
        withExtendedLifetime(samples) {}
    }

    @Test("escape dismisses a popup whose handler agrees (reason accessibility-escape); the focus returns to its opener")
    func escape() throws {
        let (runner, samples) = try IsolatedSamples.play(
            #"""
            {"screen": {"voice_over": true}, "steps": [{"accessibility_focus": {"label": "Order A-1001, Wireless earbuds · $42.50"}},
              \#(Self.alert), {"wait": "idle"}, {"escape": true}, {"wait": "idle"}],
             "expect": {"trace": [{"event": "a11y-escape", "request": "a"}, {"event": "dismissed", "request": "a", "reason": "accessibility-escape"}],
                        "accessibility": [{"at": 2000, "focus": "Order A-1001, Wireless earbuds · $42.50"}]}}
            """#)
        #expect(runner.problems.isEmpty, "\(runner.problems)")
        #expect(runner.verify().isEmpty, "\(runner.verify())")
        #expect(runner.recorder.events.last { $0.kind == .accessibilityFocus }?.detail?.hasSuffix("back from popup 1") == true)
        withExtendedLifetime(samples) {}
    }

    @Test("escape on a popup modal in presentation is refused and it stays; with nothing up, there is nothing to escape")
    func refusedEscape() throws {
        let modal =
            #"{"show": {"controller_loader": "pop.theme", "data": {"title": "Hi", "theme": {"base": "cspop-guide", "modal": true}}}}"#
        let (runner, samples) = try IsolatedSamples.play(
            #"{"steps": [{"escape": true}, \#(modal), {"wait": "idle"}, {"escape": true}, {"wait": "idle"}]}"#)
        #expect(runner.problems.isEmpty, "\(runner.problems)")
        let escapes = runner.recorder.events.filter { $0.kind == .accessibilityEscape }.compactMap(\.detail)
        #expect(escapes == ["nothing to escape", "popup 1"])
        #expect(runner.recorder.events.contains { $0.kind == .dismissAttempted && $0.reason == .accessibilityEscape })
        #expect(runner.engine.isOnScreen(1))
        withExtendedLifetime(samples) {}
    }

    @Test("a banner is announced, never focused, and leaves the screen reachable")
    func banner() throws {
        let (runner, samples) = try IsolatedSamples.play(
            #"""
            {"screen": {"voice_over": true}, "steps": [{"accessibility_focus": "next"},
              {"show": {"controller_loader": "pop.theme", "data": {"title": "Saved", "message": "Your order is on its way.",
                        "theme": {"base": "top-banner"}}, "as": "b"}}, {"wait": 500}],
             "expect": {"accessibility": [{"at": 400, "focus": "Orders", "reachable": ["Orders", "Saved"], "modal": false}]}}
            """#)
        #expect(runner.problems.isEmpty, "\(runner.problems)")
        #expect(runner.verify().isEmpty, "\(runner.verify())")
        let announced = runner.recorder.events.filter { $0.kind == .accessibilityAnnouncement }
        #expect(announced.map(\.detail) == ["Saved, Your order is on its way., OK"])
        #expect(runner.stage.accessibilityTree().containers.last?.role == .status)
        withExtendedLifetime(samples) {}
    }

    @Test("a step that names no reachable element, or several, is reported with what is reachable")
    func problems() throws {
        let (runner, samples) = try IsolatedSamples.play(
            #"{"steps": [\#(Self.payment), {"wait": "idle"}, {"activate": "Orders"}, {"accessibility_focus": {"id": "app.row.0"}}]}"#)
        let messages = runner.problems.map(\.description)
        #expect(messages.count == 2)
        #expect(messages.first?.contains(#"steps[2].activate: no reachable element is labelled "Orders" (reachable: "Payment""#) == true)
        #expect(messages.last?.contains(#"no reachable element has id "app.row.0""#) == true)
        withExtendedLifetime(samples) {}
    }

    @Test("the steps and expectations are read strictly")
    func parsing() {
        let error = scenarioError
        #expect(error(#"{"steps": [{"escape": false}]}"#)?.contains("steps[0].escape: expected true, found false") == true)
        #expect(error(#"{"steps": [{"accessibility_focus": "up"}]}"#)?.contains(#"expected "next", "previous" or an element"#) == true)
        #expect(
            error(#"{"steps": [{"activate": {"label": "A", "id": "b"}}]}"#)?.contains("by label (with on, optionally) or by id") == true)
        #expect(error(#"{"steps": [{"activate": {"name": "A"}}]}"#)?.contains("element keys are: label, on, id") == true)
        #expect(error(#"{"steps": [], "expect": {"accessibility": [{"focus": "A"}]}}"#)?.contains("accessibility[0]") == true)
        #expect(error(#"{"steps": [], "expect": {"accessibility": [{"at": 0, "modal": true}]}}"#)?.contains("or false for none") == true)
        #expect(error(#"{"screen": {"voice_over": 1}, "steps": []}"#)?.contains("screen.voice_over") == true)
        #expect(error(#"{"steps": [{"activate": "Pay"}, {"accessibility_focus": "next"}, {"escape": true}]}"#) == nil)
    }
}
