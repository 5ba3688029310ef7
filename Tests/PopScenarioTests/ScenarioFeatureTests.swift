import Foundation
import PopChef
import PopRuntimeTestSupport
import Testing

@testable import PopModel
@testable import PopScenario

/// What a scenario can say beyond showing and tapping: the app's request options and the chef's
/// arbitration rules (CSPopKit's and SwiftEntryKit's), ending editing, showing again, content of a
/// given size on a screen of a given scale, per-side margins, when a frame is taken, and text checks.
@Suite struct ScenarioFeatureTests {
    /// Plays `json` to its end over this test's copies of the samples.
    func play(
        _ json: String, configuration: ((inout Scenario) -> Void)? = nil, sampleTimes: [Int64] = []
    )
        throws -> (runner: ScenarioRunner, samples: [Frame], keep: IsolatedSamples)
    {
        var scenario = try Scenario.parse(json: json, file: "t.json", baseDirectory: nil)
        configuration?(&scenario)
        let samples = try IsolatedSamples()
        let runner = ScenarioRunner(scenario: scenario, catalog: samples.catalog)
        var frames: [Frame] = []
        runner.sampleTimes = sampleTimes.map { .milliseconds($0) }
        runner.onSample = { frames.append($0) }
        runner.runToEnd()
        return (runner, frames, samples)
    }

    func events(_ runner: ScenarioRunner, _ label: String) -> [String] {
        runner.recorder.events.filter { $0.request == runner.labels[label] }.map(\.kind.rawValue)
    }

    /// Two overrides at the same priority, the second 500 ms after the first; three enqueued requests
    /// of different priorities waiting behind them.
    static let rules = #"""
        {"steps": [
          {"show": {"policy": "override", "priority": 500, "as": "first"}},
          {"at": 500, "show": {"policy": "override", "priority": "normal", "as": "second"}},
          {"at": 600, "show": {"policy": "enqueue", "priority": "low", "as": "low"}},
          {"show": {"policy": "enqueue", "priority": 750, "as": "high"}},
          {"show": {"policy": "enqueue", "priority": 250, "time_to_live": 100, "as": "expiring"}},
          {"wait": 400},
          {"dismiss": {"all": true}},
          {"wait": "idle"}
        ]}
        """#

    // CSPopViewManager.m addPop: only a strictly higher priority dismisses the shown pop; equal or
    // lower cancels the newcomer. EKAttributes+Precedence.swift: an override at equal priority wins.
    @Test("equal priority: CSPopKit's incumbent wins by default, SwiftEntryKit's newcomer wins when the scenario says so")
    func equalPriorityRule() throws {
        let incumbent = try play(Self.rules)
        #expect(incumbent.runner.problems.isEmpty)
        #expect(events(incumbent.runner, "second").suffix(2) == ["lost", "cancelled"])
        #expect(incumbent.runner.recorder.events.last { $0.request == incumbent.runner.labels["second"] }?.reason == .lowerPriority)
        let newcomer = try play(
            Self.rules.replacingOccurrences(of: #"{"steps""#, with: #"{"arbitration": {"equal_priority": "newcomer-wins"}, "steps""#))
        #expect(
            newcomer.runner.recorder.events.contains {
                $0.kind == .willDismiss && $0.request == newcomer.runner.labels["first"] && $0.reason == .preempted
            })
        #expect(events(newcomer.runner, "second").contains("did-present"))
        // The same as an override of the configuration (what pophost's --equal-priority does).
        let overridden = try play(Self.rules) { $0.configuration.equalPriorityRule = .newcomerWins }
        #expect(overridden.runner.recorder.jsonLines == newcomer.runner.recorder.jsonLines)
    }

    @Test("request options from the show step: the time-to-live expires a queued request; queue order by priority or by arrival")
    func queueOrder() throws {
        func order(_ runner: ScenarioRunner) -> [String] {
            runner.recorder.events.filter { $0.kind == .willPresent }.compactMap { runner.label(of: $0.request) }
        }
        let byPriority = try play(Self.rules)
        #expect(
            byPriority.runner.recorder.events.contains {
                $0.kind == .cancelled && $0.request == byPriority.runner.labels["expiring"] && $0.reason == .expired
            })
        #expect(
            byPriority.runner.recorder.events.first { $0.kind == .cancelled && $0.request == byPriority.runner.labels["expiring"] }?.time
                == .milliseconds(700))
        // dismiss all at 1000 ends the queued ones first: nothing else ever shows.
        #expect(order(byPriority.runner) == ["first"])
        let json = #"""
            {"arbitration": {"queue_order": "ORDER"}, "steps": [
              {"show": {"as": "first"}},
              {"show": {"priority": "low", "as": "low"}},
              {"show": {"priority": "high", "as": "high"}},
              {"wait": 300}, {"dismiss": "first"}, {"wait": 600}, {"dismiss": "low"}, {"dismiss": "high"}, {"wait": "idle"}
            ]}
            """#
        #expect(order(try play(json.replacingOccurrences(of: "ORDER", with: "priority")).runner) == ["first", "high"])
        #expect(order(try play(json.replacingOccurrences(of: "ORDER", with: "chronological")).runner) == ["first", "low"])
    }

    @Test("a frame sampled at exactly a step's time shows the step done, for sample times and expectations alike")
    func frameAtStepTime() throws {
        let json = #"""
            {"steps": [
              {"at": 500, "show": {"controller_loader": "pop.theme", "data": {"title": "Now", "theme": {"show": "none", "hide": "none"}}, "as": "a"}},
              {"at": 800, "dismiss": "a"}
            ],
             "expect": {"frames": [
               {"at": 499, "request": "a", "visible": false},
               {"at": 500, "request": "a", "visible": true, "opacity": 1},
               {"at": 800, "request": "a", "visible": false}
             ]}}
            """#
        let played = try play(json, sampleTimes: [499, 500, 800])
        #expect(played.runner.verify().isEmpty, "\(played.runner.verify())")
        let id = try #require(played.runner.labels["a"])
        #expect(played.samples.map { $0.node("popup.\(id)") != nil } == [false, true, false])
        #expect(played.samples[1] == played.runner.expectedFrames[.milliseconds(500)])
    }

    @Test("end_editing: the keyboard goes down and the dialog moves back; without a focused field it is a problem")
    func endEditing() throws {
        let json = #"""
            {"steps": [
              {"show": {"handler": "com.pophost.samples.c.payment-handler", "view_loader": "com.pophost.samples.c.payment-view",
                        "controller_loader": "com.pophost.samples.c.pop-controller", "data": {"amount": 1}, "as": "pay"}},
              {"wait": "idle"},
              {"focus": {"field": "password", "on": "pay"}},
              {"wait": "idle"},
              {"at": 2000, "end_editing": true},
              {"wait": "idle"},
              {"at": 3000, "end_editing": true}
            ],
             "expect": {"frames": [{"at": 1500, "node": "keyboard", "visible": true}, {"at": 2500, "node": "keyboard", "visible": false}]}}
            """#
        let played = try play(json)
        #expect(played.runner.verify().isEmpty, "\(played.runner.verify())")
        #expect(played.runner.problems.map(\.description) == ["t.json: steps[6].end_editing: no text field has the focus"])
        #expect(events(played.runner, "pay").contains("unfocus"))
    }

    @Test("reshow: a popup on its way out comes back; a shown one, or one that has ended, is a traced no-op")
    func reshow() throws {
        let json = #"""
            {"steps": [
              {"show": {"as": "a"}},
              {"wait": "idle"},
              {"reshow": "a"},
              {"dismiss": "a"},
              {"wait": 100},
              {"reshow": "a"},
              {"wait": "idle"},
              {"dismiss": "a"},
              {"wait": "idle"},
              {"reshow": "a"}
            ]}
            """#
        let played = try play(json)
        #expect(played.runner.problems.isEmpty)
        let a = events(played.runner, "a")
        #expect(a.filter { $0 == "show-ignored" }.count == 2)
        #expect(a.contains("reversed") && a.filter { $0 == "did-present" }.count == 2)
        #expect(a.last == "show-ignored" && a.dropLast().last == "dismissed")
    }

    // QMUIModalPresentationViewController.m contentViewFrameForShowing with contentViewMargins
    // (top 60, left 30, bottom 20, right 10): container (390 − 40, 844 − 80) = (350, 764);
    // x = flat((350 − 201) / 2) + 30, y = flat((764 − 101) / 2) + 60, flat = ceil(v × scale) / scale
    // (QMUICommonDefines.h). CSPopController.m: a fixed width is exactly that wide.
    static let boxOrigins: [(scale: Double, x: Double, y: Double)] = [
        (2, 104.5, 391.5), (3, 224.0 / 3 + 30, 995.0 / 3 + 60), (1, 105, 392),
    ]

    @Test(
        "pop.box content with per-side margins at 1×, 2×, 3×: QMUI's frame rounded up to the pixel; a fixed width wider than the screen",
        arguments: boxOrigins)
    func boxLayout(scale: Double, x: Double, y: Double) throws {
        let json = #"""
            {"screen": {"scale": SCALE}, "steps": [
              {"show": {"view_loader": "pop.box", "controller_loader": "pop.theme",
                        "data": {"box": {"width": 201, "height": 101},
                                 "theme": {"show": "none", "hide": "none", "margin_top": 60, "margin_left": 30, "margin_bottom": 20,
                                           "margin_right": 10}},
                        "as": "box"}},
              {"at": 100, "dismiss": "box"},
              {"show": {"view_loader": "pop.box", "controller_loader": "pop.theme",
                        "data": {"box": {"width": 100, "height": 50}, "theme": {"show": "none", "width_mode": "fixed", "width": 500}},
                        "as": "wide"}}
            ],
             "expect": {"frames": [
               {"at": 0, "request": "box", "rect": {"x": X, "y": Y, "width": 201, "height": 101}, "tolerance": 0.000001},
               {"at": 100, "request": "wide", "rect": {"x": -55, "y": 397, "width": 500, "height": 50}, "tolerance": 0}
             ]}}
            """#.replacingOccurrences(of: "SCALE", with: String(Int(scale)))
            .replacingOccurrences(of: "X", with: "\(x)").replacingOccurrences(of: "Y", with: "\(y)")
        let played = try play(json)
        #expect(played.runner.problems.isEmpty, "\(played.runner.problems)")
        #expect(played.runner.verify().isEmpty, "\(played.runner.verify())")
        #expect(played.runner.engine.scene.scale == scale)
    }

    @Test(
        "pop.box names what is wrong with its box",
        arguments: [
            (#"{"title": "no box"}"#, "box: expected an object with width and height"),
            (#"{"box": {"width": 10}}"#, "box.height: missing"),
            (#"{"box": {"width": -1, "height": 10}}"#, "box.width: must be a number ≥ 0"),
            (#"{"box": {"width": 10, "height": "tall"}}"#, "box.height: expected a number"),
            (#"{"box": {"width": 10, "height": 10, "depth": 1}}"#, "box.depth: unknown key; a box has width and height"),
        ])
    func boxErrors(data: String, message: String) throws {
        let played = try play(
            #"{"steps": [{"show": {"view_loader": "pop.box", "data": DATA, "as": "b"}}, {"wait": "idle"}]}"#
                .replacingOccurrences(of: "DATA", with: data))
        let id = try #require(played.runner.labels["b"])
        #expect(played.runner.chef.finalEvent(of: id) == .cancelled(.pluginError))
        #expect(
            played.runner.recorder.events.contains { $0.kind == .misbehaviour && $0.detail?.hasSuffix(message) == true },
            "\(played.runner.recorder.jsonLines)")
    }

    @Test("frame text: `text` is the whole text, `text_contains` a part of it")
    func text() throws {
        let json = #"""
            {"steps": [{"show": {"data": {"title": "Spring sale", "message": "20% off"}, "as": "promo"}}],
             "expect": {"frames": [
               {"at": 300, "request": "promo", "node": "content.0", "text": "Spring sale"},
               {"at": 300, "request": "promo", "node": "content.0", "text": "Spring"},
               {"at": 300, "request": "promo", "node": "content.0", "text_contains": "Spring"},
               {"at": 300, "request": "promo", "node": "content.0", "text_contains": "Autumn"}
             ]}}
            """#
        let failures = try play(json).runner.verify().map(\.description)
        #expect(
            failures == [
                #"t.json: expect.frames[1].text: popup.1.content.0 shows "Spring sale", not "Spring""#,
                #"t.json: expect.frames[3].text_contains: popup.1.content.0 shows "Spring sale", which does not contain "Autumn""#,
            ])
    }

    @Test("a missing node is reported with the nearest id, or the ids beside it")
    func missingNode() throws {
        let json = #"""
            {"steps": [{"show": {"data": {"title": "Spring sale", "message": "20% off"}, "as": "promo"}}],
             "expect": {"frames": [
               {"at": 300, "request": "promo", "node": "content.9.9.9", "text": "Spring sale"},
               {"at": 300, "request": "promo", "node": "conten.0", "text": "Spring sale"},
               {"at": 300, "request": "promo", "node": "content.zzzzzz", "text": "Spring sale"}
             ]}}
            """#
        let failures = try play(json).runner.verify().map(\.description)
        #expect(failures.count == 3)
        // No id near it, but its parent exists: the ids under the parent.
        #expect(failures.last?.contains("; under popup.1.content: popup.1.content.0") == true, "\(failures)")
        #expect(failures.first?.hasPrefix("t.json: expect.frames[0]: no node popup.1.content.9.9.9 at 300.0 ms") == true, "\(failures)")
        // Its parent does not exist either: the ids under the nearest ancestor that has children.
        #expect(failures.first?.contains("; under popup.1.content: popup.1.content.0") == true, "\(failures)")
        #expect(failures[1].contains("(did you mean \"popup.1.content.0\"?)"), "\(failures)")
    }

    @Test("a step that fails is reported once: typing into a field no popup has")
    func oneProblemPerStep() throws {
        let json = #"""
            {"steps": [{"show": {"data": {"title": "Spring sale", "message": "20% off"}, "as": "promo"}},
                       {"at": 300, "type": {"text": "x", "field": "nope"}}]}
            """#
        let problems = try play(json).runner.problems.map(\.description)
        #expect(problems == ["t.json: steps[1].type: no popup on screen has a text field \"nope\""], "\(problems)")
    }
}
