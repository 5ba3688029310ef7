import Foundation
import PopChef
import PopTestSupport
import Testing

@testable import PopModel
@testable import PopScenario

/// The scenario format: the model a document parses into, its defaults, and the errors for
/// malformed documents (exact path and message).
@Suite struct ScenarioParserTests {
    func parse(_ json: String, file: String? = "s.json", base: String? = "/base") throws(ScenarioError) -> Scenario {
        try Scenario.parse(json: json, file: file, baseDirectory: base)
    }

    @Test("a scenario using every key parses into the expected model")
    func fullScenario() throws {
        let json = #"""
            {
              "format": 1, "name": "demo", "description": "everything",
              "screen": {"width": 400, "height": 900, "safe_area": {"top": 20, "left": 1, "bottom": 10, "right": 2}, "orientation": "portrait",
                         "scale": 2},
              "keyboard_height": 300,
              "plugins": ["plugins", "/abs/dir", "../more/./x/"],
              "arbitration": {"equal_priority": "newcomer-wins", "queue_order": "chronological"},
              "steps": [
                {"at": 0, "note": "first", "show": {"handler": "h", "view_loader": "v", "controller_loader": "c", "reformer": "r", "data": {"b": 1, "a": [true, null]}, "as": "pay"}},
                {"show": {}},
                {"at": 100.5, "tap": {"x": 10, "y": 20.25}},
                {"tap": {"action": "confirm", "on": "pay"}},
                {"tap": {"action": "close"}},
                {"drag": {"from": {"x": 1, "y": 2}, "to": {"x": 3, "y": 4}, "duration": 400}},
                {"drag": {"from": {"x": 1, "y": 2}, "to": {"x": 3, "y": 4}}},
                {"type": {"text": "123456", "field": "password", "on": "pay"}},
                {"type": {"text": ""}},
                {"focus": {"field": "password", "on": "pay"}},
                {"focus": {"field": "name"}},
                {"keyboard": "show"}, {"keyboard": "hide"},
                {"rotate": "landscape"},
                {"resize": {"width": 800, "height": 600.5}},
                {"open_url": "app://orders"},
                {"dismiss": "pay"}, {"dismiss": {"all": true}}, {"dismiss": {"dedupe_key": "payment"}}, {"dismiss": {"priority_at_most": 500}},
                {"wait": 250}, {"wait": 0.0015}, {"wait": "idle"},
                {"at": 2000, "wait": "idle"},
                {"show": {"priority": 750, "policy": "override", "when_preempted": "requeue", "time_to_live": 1500, "dedupe_key": "k", "as": "opts"}},
                {"show": {"priority": "low", "policy": "enqueue", "when_preempted": "drop"}},
                {"end_editing": true},
                {"reshow": "opts"}
              ],
              "expect": {
                "trace": [{"event": "did-present", "request": "pay"}, {"event": "dismissed", "request": "pay", "reason": "background-tap"}, {"event": "typed"}],
                "frames": [
                  {"at": 500, "request": "pay", "node": "content.0.1", "role": "button", "rect": {"x": 1, "y": 2.5, "width": 3, "height": 4},
                   "opacity": 1, "visible": true, "text": "Pay", "tolerance": 0.25},
                  {"at": 600.0005, "rect": {"width": 3}, "text_contains": "Pa"}
                ]
              }
            }
            """#
        let scenario = try parse(json)
        let ms = VirtualTime.milliseconds
        #expect(scenario.file == "s.json")
        #expect(scenario.name == "demo")
        #expect(scenario.description == "everything")
        #expect(
            scenario.screen
                == ScenarioScreen(
                    width: 400, height: 900, safeArea: EdgeInsets(top: 20, leading: 1, bottom: 10, trailing: 2),
                    orientation: .portrait, keyboardHeight: 300, scale: 2))
        #expect(scenario.plugins == ["/base/plugins", "/abs/dir", "/more/x"])
        #expect(scenario.configuration.equalPriorityRule == .newcomerWins && scenario.configuration.queueOrder == .chronological)
        #expect(scenario.labels == ["pay", "opts"])
        #expect(scenario.step(labelled: "pay")?.path == "steps[0]")
        let expected: [ScenarioStep] = [
            ScenarioStep(
                path: "steps[0]", at: .zero, note: "first",
                action: .show(
                    .init(
                        handler: "h", viewLoader: "v", controllerLoader: "c", reformer: "r",
                        data: ["b": 1, "a": [true, nil]], label: "pay"))),
            ScenarioStep(path: "steps[1]", action: .show(.init())),
            ScenarioStep(path: "steps[2]", at: VirtualTime(microseconds: 100_500), action: .tap(.point(Point(x: 10, y: 20.25)))),
            ScenarioStep(path: "steps[3]", action: .tap(.action("confirm", on: "pay"))),
            ScenarioStep(path: "steps[4]", action: .tap(.action("close", on: nil))),
            ScenarioStep(path: "steps[5]", action: .drag(from: Point(x: 1, y: 2), to: Point(x: 3, y: 4), duration: ms(400))),
            ScenarioStep(path: "steps[6]", action: .drag(from: Point(x: 1, y: 2), to: Point(x: 3, y: 4), duration: ms(250))),
            ScenarioStep(path: "steps[7]", action: .type(text: "123456", field: "password", on: "pay")),
            ScenarioStep(path: "steps[8]", action: .type(text: "", field: nil, on: nil)),
            ScenarioStep(path: "steps[9]", action: .focus(field: "password", on: "pay")),
            ScenarioStep(path: "steps[10]", action: .focus(field: "name", on: nil)),
            ScenarioStep(path: "steps[11]", action: .keyboard(visible: true)),
            ScenarioStep(path: "steps[12]", action: .keyboard(visible: false)),
            ScenarioStep(path: "steps[13]", action: .rotate(.landscape)),
            ScenarioStep(path: "steps[14]", action: .resize(Size(width: 800, height: 600.5))),
            ScenarioStep(path: "steps[15]", action: .openURL("app://orders")),
            ScenarioStep(path: "steps[16]", action: .dismiss(.label("pay"))),
            ScenarioStep(path: "steps[17]", action: .dismiss(.all)),
            ScenarioStep(path: "steps[18]", action: .dismiss(.dedupeKey("payment"))),
            ScenarioStep(path: "steps[19]", action: .dismiss(.priorityAtMost(.normal))),
            ScenarioStep(path: "steps[20]", action: .wait(.duration(ms(250)))),
            ScenarioStep(path: "steps[21]", action: .wait(.duration(VirtualTime(microseconds: 2)))),  // 1.5 µs rounds to 2
            ScenarioStep(path: "steps[22]", action: .wait(.idle)),
            ScenarioStep(path: "steps[23]", at: ms(2000), action: .wait(.idle)),
            ScenarioStep(
                path: "steps[24]",
                action: .show(
                    .init(
                        label: "opts", priority: .high, policy: .override, whenPreempted: .requeue,
                        timeToLive: ms(1500), dedupeKey: "k"))),
            ScenarioStep(path: "steps[25]", action: .show(.init(priority: .low, policy: .enqueue, whenPreempted: .drop))),
            ScenarioStep(path: "steps[26]", action: .endEditing),
            ScenarioStep(path: "steps[27]", action: .reshow("opts")),
        ]
        #expect(scenario.steps.count == expected.count)
        for (step, expected) in zip(scenario.steps, expected) { #expect(step == expected) }
        #expect(
            scenario.steps.map(\.action.name) == [
                "show", "show", "tap", "tap", "tap", "drag", "drag", "type", "type", "focus", "focus",
                "keyboard", "keyboard", "rotate", "resize", "open_url", "dismiss", "dismiss",
                "dismiss", "dismiss", "wait", "wait", "wait", "wait", "show", "show", "end_editing", "reshow",
            ])
        #expect(
            scenario.expectations.trace == [
                .init(path: "expect.trace[0]", event: .didPresent, request: "pay"),
                .init(path: "expect.trace[1]", event: .dismissed, request: "pay", reason: .backgroundTap),
                .init(path: "expect.trace[2]", event: .typed),
            ])
        #expect(
            scenario.expectations.frames == [
                .init(
                    path: "expect.frames[0]", at: ms(500), request: "pay", node: "content.0.1", role: .button,
                    rect: .init(x: 1, y: 2.5, width: 3, height: 4), opacity: 1, visible: true, text: "Pay", tolerance: 0.25),
                .init(
                    path: "expect.frames[1]", at: VirtualTime(microseconds: 600_001), rect: .init(width: 3), textContains: "Pa",
                    tolerance: 0.5),
            ])
        #expect(ScenarioAction.Show(handler: "h", data: [1]).request.handler == "h")
        let request = ScenarioAction.Show(priority: .high, policy: .override, whenPreempted: .requeue, timeToLive: ms(1500), dedupeKey: "k")
            .request
        #expect(
            request.priority == .high && request.policy == .override && request.whenPreempted == .requeue
                && request.timeToLive == ms(1500) && request.dedupeKey == "k")
    }

    @Test("defaults: portrait phone, keyboard 336, no plugins, no expectations")
    func defaults() throws {
        let scenario = try parse(#"{"steps": []}"#, file: nil, base: nil)
        #expect(scenario == Scenario(file: nil, screen: .portrait, plugins: [], steps: []))
        #expect(
            scenario.screen
                == ScenarioScreen(
                    width: 390, height: 844, safeArea: EdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0),
                    orientation: .portrait, keyboardHeight: 336, scale: 3))
        #expect(scenario.configuration == ChefConfiguration())
        #expect(scenario.expectations.isEmpty)
        #expect(scenario.name == nil && scenario.description == nil)
        // A partial safe area keeps the default's other members; format 1.0 is format 1.
        let partial = try parse(#"{"format": 1.0, "screen": {"safe_area": {"top": 20}}, "steps": []}"#)
        #expect(partial.screen.safeArea == EdgeInsets(top: 20, leading: 0, bottom: 34, trailing: 0))
    }

    @Test("landscape swaps width and height and turns the safe area; keyboard default 209")
    func landscape() throws {
        let turned = try parse(#"{"screen": {"orientation": "landscape"}, "steps": []}"#).screen
        #expect(
            turned
                == ScenarioScreen(
                    width: 844, height: 390, safeArea: EdgeInsets(top: 0, leading: 47, bottom: 21, trailing: 47),
                    orientation: .landscape, keyboardHeight: 209))
        #expect(turned == .landscape)
        let custom = try parse(
            #"""
            {"screen": {"width": 400, "height": 900, "safe_area": {"top": 30, "bottom": 0}, "orientation": "landscape"},
             "keyboard_height": 250, "steps": []}
            """#
        ).screen
        #expect(
            custom
                == ScenarioScreen(
                    width: 900, height: 400, safeArea: EdgeInsets(top: 0, leading: 30, bottom: 0, trailing: 30),
                    orientation: .landscape, keyboardHeight: 250))
    }

    @Test("plugin directories are resolved against the base directory, or the current one")
    func pluginDirectories() throws {
        let json = #"{"plugins": ["plugins", "./a/../b", "/opt/p/", "../../../up"], "steps": []}"#
        #expect(try parse(json, base: "/work/scenarios").plugins == ["/work/scenarios/plugins", "/work/scenarios/b", "/opt/p", "/up"])
        let cwd = FileManager.default.currentDirectoryPath
        #expect(try parse(#"{"plugins": ["p"], "steps": []}"#, base: nil).plugins == [cwd + "/p"])
        #expect(try parse(#"{"plugins": ["p"], "steps": []}"#, base: "rel").plugins == [cwd + "/rel/p"])
    }

    @Test("load reads a file and resolves plugins against its directory")
    func load() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("s.json")
        try #"{"plugins": ["plugins", ".."], "steps": [{"wait": "idle"}]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let scenario = try Scenario.load(path: path)
        #expect(scenario.file == path)
        #expect(scenario.plugins == [directory.path + "/plugins", "/tmp"])
        #expect(scenario.steps == [ScenarioStep(path: "steps[0]", action: .wait(.idle))])
    }

    @Test("an unreadable file names the file and the OS's reason")
    func unreadable() {
        let directory = TemporaryDirectory()
        #expect(
            throws: ScenarioError(
                .unreadable, file: directory.file("missing.json"), path: "",
                message: "cannot read the scenario: No such file or directory")
        ) {
            try Scenario.load(path: directory.file("missing.json"))
        }
        let error = #expect(throws: ScenarioError.self) { try Scenario.load(path: directory.path) }
        #expect(error?.description == directory.path + ": cannot read the scenario: Is a directory")
        // A FIFO would block the read until a writer came; /dev/zero would never end.
        let fifo = directory.file("fifo.json")
        #expect(mkfifo(fifo, 0o600) == 0)
        let blocked = #expect(throws: ScenarioError.self) { try Scenario.load(path: fifo) }
        #expect(blocked?.description == fifo + ": cannot read the scenario: it is a FIFO, not a regular file")
        let device = #expect(throws: ScenarioError.self) { try Scenario.load(path: "/dev/zero") }
        #expect(device?.description == "/dev/zero: cannot read the scenario: it is not a regular file")
        let broken = directory.file("broken.json")
        try? #"{"steps": [}"#.write(toFile: broken, atomically: true, encoding: .utf8)
        let syntax = #expect(throws: ScenarioError.self) { try Scenario.load(path: broken) }
        #expect(syntax?.description == broken + ": line 1, column 12: expected a value or ']', found '}'")
    }

    @Test("Scenarios/example.json: the payment dialog")
    func example() throws {
        let path = Repository.root + "/Scenarios/example.json"
        let scenario = try Scenario.load(path: path)
        #expect(scenario.name == "payment-dialog")
        #expect(scenario.labels == ["pay"])
        guard case .show(let show) = scenario.steps.first?.action else { Issue.record("the first step is not a show"); return }
        #expect(
            show
                == ScenarioAction.Show(
                    handler: "com.pophost.samples.c.payment-handler", viewLoader: "com.pophost.samples.c.payment-view",
                    controllerLoader: "com.pophost.samples.c.pop-controller",
                    data: ["amount": 42.5, "order": "A-1001"], label: "pay"))
        #expect(scenario.steps.map(\.action).contains(.focus(field: "password", on: "pay")))
        #expect(scenario.steps.map(\.action).contains(.type(text: "123456", field: "password", on: "pay")))
        #expect(scenario.steps.map(\.action).contains(.tap(.action("confirm", on: "pay"))))
        #expect(scenario.steps.last?.action == .wait(.idle))
        let trace = scenario.expectations.trace
        #expect(trace.first { $0.event == .didPresent }?.request == "pay")
        #expect(trace.last == .init(path: "expect.trace[6]", event: .dismissed, request: "pay", reason: .action))
    }

    @Test("the annotated example in docs/scenarios.md parses")
    func documentedExample() throws {
        let doc = try String(contentsOfFile: Repository.root + "/docs/scenarios.md", encoding: .utf8)
        guard let start = doc.range(of: "```json\n"), let end = doc.range(of: "\n```", range: start.upperBound..<doc.endIndex) else {
            Issue.record("no JSON example in docs/scenarios.md")
            return
        }
        let scenario = try Scenario.parse(
            json: String(doc[start.upperBound..<end.lowerBound]), file: "scenarios.md",
            baseDirectory: Repository.root + "/Scenarios")
        #expect(scenario.labels == ["pay", "promo"])
        #expect(scenario.plugins == [Repository.root + "/.build/debug"])
        #expect(scenario.steps.count == 10)
        #expect(scenario.expectations.trace.count == 4 && scenario.expectations.frames.count == 2)
    }

    @Test("steps' times: at may not go back before the previous step's time or a fixed wait's end")
    func timeline() throws {
        let fine = try parse(
            #"{"steps": [{"at": 100, "wait": 50}, {"at": 150, "wait": "idle"}, {"at": 150, "keyboard": "show"}, {"wait": 10}, {"at": 160.0004, "keyboard": "hide"}]}"#
        )
        #expect(
            fine.steps.compactMap(\.at) == [.milliseconds(100), .milliseconds(150), .milliseconds(150), VirtualTime(microseconds: 160_000)])
    }

    /// Malformed documents and the exact error each gives.
    static let malformed: [(json: String, error: String)] = [
        // Syntax (line and column from the JSON parser).
        ("{\n  \"steps\": [\n    {\"wait\": 10,}\n  ]\n}", #"s.json: line 3, column 17: expected a string key, found '}'"#),
        ("", #"s.json: line 1, column 1: expected a value, found end of input"#),
        // The root.
        (#"[]"#, #"s.json: expected an object, found an array"#),
        (#"{}"#, #"s.json: missing required key "steps""#),
        (#"{"steps": {}}"#, #"s.json: steps: expected an array, found an object"#),
        (
            #"{"steps": [{"show": {"view": "v", "view_loader": "v"}}]}"#,
            #"s.json: steps[0].show: both "view" and "view_loader" are given; they are the same key (its format 1 name and today's): keep "view_loader""#
        ),
        (#"{"format": 3, "steps": []}"#, #"s.json: format: unsupported format 3; this version reads format 1 or 2"#),
        (#"{"format": "1", "steps": []}"#, #"s.json: format: expected the number 1 or 2, found the string "1""#),
        (
            #"{"step": []}"#,
            #"s.json: unknown key "step" (did you mean "steps"?); scenario keys are: format, name, description, screen, keyboard_height, plugins, arbitration, steps, expect"#
        ),
        (
            #"{"arbitration": {"equal-priority": "newcomer-wins"}, "steps": []}"#,
            #"s.json: arbitration: unknown key "equal-priority" (did you mean "equal_priority"?); arbitration keys are: equal_priority, queue_order"#
        ),
        (
            #"{"arbitration": {"equal_priority": "newcomer"}, "steps": []}"#,
            #"s.json: arbitration.equal_priority: expected "incumbent-wins" or "newcomer-wins", found the string "newcomer""#
        ),
        (
            #"{"arbitration": {"queue_order": "chronologic"}, "steps": []}"#,
            #"s.json: arbitration.queue_order: expected "priority" or "chronological", found the string "chronologic" (did you mean "chronological"?)"#
        ),
        (#"{"name": 5, "steps": []}"#, #"s.json: name: expected a string, found 5"#),
        // The screen.
        (
            #"{"screen": {"widht": 300}, "steps": []}"#,
            #"s.json: screen: unknown key "widht" (did you mean "width"?); screen keys are: width, height, safe_area, orientation, scale, appearance, content_size, layout_direction, reduce_motion, voice_over"#
        ),
        (#"{"screen": {"scale": 2.5}, "steps": []}"#, #"s.json: screen.scale: expected a whole number from 1 to 3, found 2.5"#),
        (#"{"screen": {"scale": 4}, "steps": []}"#, #"s.json: screen.scale: expected a whole number from 1 to 3, found 4"#),
        (#"{"screen": {"width": "wide"}, "steps": []}"#, #"s.json: screen.width: expected a number, found the string "wide""#),
        (#"{"screen": {"height": 0}, "steps": []}"#, #"s.json: screen.height: expected a number > 0, found 0"#),
        (
            #"{"screen": {"orientation": "landscap"}, "steps": []}"#,
            #"s.json: screen.orientation: expected "portrait" or "landscape", found the string "landscap" (did you mean "landscape"?)"#
        ),
        (
            #"{"screen": {"orientation": "sideways"}, "steps": []}"#,
            #"s.json: screen.orientation: expected "portrait" or "landscape", found the string "sideways""#
        ),
        (#"{"screen": {"safe_area": {"top": -1}}, "steps": []}"#, #"s.json: screen.safe_area.top: expected a number ≥ 0, found -1"#),
        (
            #"{"screen": {"safe_area": {"top": 500, "bottom": 400}}, "steps": []}"#,
            #"s.json: screen.safe_area: top + bottom (900) leave no room in the screen's height 844"#
        ),
        (#"{"keyboard_height": -5, "steps": []}"#, #"s.json: keyboard_height: expected a number ≥ 0, found -5"#),
        (#"{"plugins": "plugins", "steps": []}"#, #"s.json: plugins: expected an array, found the string "plugins""#),
        (#"{"plugins": ["a", ""], "steps": []}"#, #"s.json: plugins[1]: expected a non-empty string, found the empty string"#),
        // Steps: shape.
        (#"{"steps": [5]}"#, #"s.json: steps[0]: expected an object, found 5"#),
        (
            #"{"steps": [{"wait": "idle"}, {"tapp": {"x": 1, "y": 2}}]}"#,
            #"s.json: steps[1]: unknown key "tapp" (did you mean "tap"?); a step has one of: show, tap, drag, type, focus, end_editing, keyboard, rotate, traits, resize, open_url, dismiss, reshow, select_detent, scroll, invalidate_detents, wait, push, pop, swipe_back, float, activate, accessibility_focus, escape, delete_backward, hide_all, and optionally at and note"#
        ),
        (
            #"{"steps": [{"tap": {"action": "ok"}, "wait": 10}]}"#,
            #"s.json: steps[0]: a step must have exactly one action, found "tap" and "wait""#
        ),
        (
            #"{"steps": [{"at": 10, "note": "nothing"}]}"#,
            #"s.json: steps[0]: a step must have exactly one action, found none; actions are: show, tap, drag, type, focus, end_editing, keyboard, rotate, traits, resize, open_url, dismiss, reshow, select_detent, scroll, invalidate_detents, wait, push, pop, swipe_back, float, activate, accessibility_focus, escape, delete_backward, hide_all"#
        ),
        // Steps: time.
        (
            #"{"steps": [{"at": 800, "wait": "idle"}, {"at": 500, "keyboard": "show"}]}"#,
            #"s.json: steps[1].at: "at" 500 is before the previous step's time 800 ms"#
        ),
        (
            #"{"steps": [{"at": 100, "wait": 400}, {"at": 499.5, "keyboard": "show"}]}"#,
            #"s.json: steps[1].at: "at" 499.5 is before 500 ms, when the previous step's wait ends"#
        ),
        (#"{"steps": [{"at": -1, "wait": "idle"}]}"#, #"s.json: steps[0].at: expected a time in milliseconds ≥ 0, found -1"#),
        (#"{"steps": [{"at": "soon", "wait": "idle"}]}"#, #"s.json: steps[0].at: expected a number, found the string "soon""#),
        // Steps: actions.
        (
            #"{"format": 2, "steps": [{"show": {"view": "v"}}]}"#,
            #"s.json: steps[0].show: unknown key "view" (did you mean "view_loader"?); show keys are: handler, view_loader, controller_loader, reformer, data, as, priority, policy, when_preempted, time_to_live, dedupe_key"#
        ),
        (
            #"{"steps": [{"show": {"priority": 1001}}]}"#,
            #"s.json: steps[0].show.priority: expected a whole number from 0 to 1000, found 1001"#
        ),
        (
            #"{"steps": [{"show": {"priority": "hihg"}}]}"#,
            #"s.json: steps[0].show.priority: expected "low", "normal", "high" or "max", found the string "hihg" (did you mean "high"?)"#
        ),
        (
            #"{"steps": [{"show": {"priority": true}}]}"#,
            #"s.json: steps[0].show.priority: expected a whole number from 0 to 1000 or "low", "normal", "high" or "max", found true"#
        ),
        (
            #"{"steps": [{"show": {"policy": "overide"}}]}"#,
            #"s.json: steps[0].show.policy: expected "override" or "enqueue", found the string "overide" (did you mean "override"?)"#
        ),
        (
            #"{"steps": [{"show": {"when_preempted": "requeued"}}]}"#,
            #"s.json: steps[0].show.when_preempted: expected "drop" or "requeue", found the string "requeued" (did you mean "requeue"?)"#
        ),
        (
            #"{"steps": [{"show": {"time_to_live": 0}}]}"#,
            #"s.json: steps[0].show.time_to_live: expected a duration in milliseconds > 0, found 0"#
        ),
        (
            #"{"steps": [{"show": {"dedupe_key": ""}}]}"#,
            #"s.json: steps[0].show.dedupe_key: expected a non-empty string, found the empty string"#
        ),
        (#"{"steps": [{"end_editing": false}]}"#, #"s.json: steps[0].end_editing: expected true, found false"#),
        (
            #"{"steps": [{"reshow": "pay"}]}"#,
            #"s.json: steps[0].reshow: no request is labelled "pay" (no request is labelled before this step)"#
        ),
        (#"{"steps": [{"show": {"handler": 7}}]}"#, #"s.json: steps[0].show.handler: expected a string, found 7"#),
        (
            #"{"steps": [{"show": {"as": "pay"}}, {"show": {"as": "pay"}}]}"#,
            #"s.json: steps[1].show.as: the label "pay" is already used by steps[0]"#
        ),
        (
            #"{"steps": [{"show": {"as": "promo"}}, {"show": {"as": "banner"}}, {"tap": {"action": "ok", "on": "pay"}}]}"#,
            #"s.json: steps[2].tap.on: no request is labelled "pay" (labels so far: promo, banner)"#
        ),
        (
            #"{"steps": [{"dismiss": "pay"}, {"show": {"as": "pay"}}]}"#,
            #"s.json: steps[0].dismiss: no request is labelled "pay" (no request is labelled before this step)"#
        ),
        (#"{"steps": [{"tap": {"x": "a", "y": 2}}]}"#, #"s.json: steps[0].tap.x: expected a number, found the string "a""#),
        (
            #"{"steps": [{"tap": {"x": 1, "y": 2, "action": "ok"}}]}"#,
            #"s.json: steps[0].tap: tap needs either x and y, or action, not both"#
        ),
        (#"{"steps": [{"tap": {}}]}"#, #"s.json: steps[0].tap: tap needs either x and y, or action"#),
        (#"{"steps": [{"tap": {"x": 1}}]}"#, #"s.json: steps[0].tap: missing required key "y""#),
        (
            #"{"steps": [{"show": {"as": "a"}}, {"tap": {"x": 1, "y": 1, "on": "a"}}]}"#,
            #"s.json: steps[1].tap.on: "on" goes with "action", not with x and y"#
        ),
        (
            #"{"steps": [{"drag": {"from": {"x": 0, "y": 0}, "to": {"x": 0, "y": 9}, "duration": -5}}]}"#,
            #"s.json: steps[0].drag.duration: expected a duration in milliseconds > 0, found -5"#
        ),
        (
            #"{"steps": [{"drag": {"from": {"x": 0, "y": 0, "z": 1}, "to": {"x": 0, "y": 9}}}]}"#,
            #"s.json: steps[0].drag.from: unknown key "z"; point keys are: x, y"#
        ),
        (#"{"steps": [{"drag": {"from": {"x": 0, "y": 0}}}]}"#, #"s.json: steps[0].drag: missing required key "to""#),
        (#"{"steps": [{"type": {"field": "password"}}]}"#, #"s.json: steps[0].type: missing required key "text""#),
        (#"{"steps": [{"focus": {"field": ""}}]}"#, #"s.json: steps[0].focus.field: expected a non-empty string, found the empty string"#),
        (#"{"steps": [{"keyboard": true}]}"#, #"s.json: steps[0].keyboard: expected "show" or "hide", found true"#),
        (
            #"{"steps": [{"rotate": "upside-down"}]}"#,
            #"s.json: steps[0].rotate: expected "portrait" or "landscape", found the string "upside-down""#
        ),
        (#"{"steps": [{"resize": {"width": 0, "height": 100}}]}"#, #"s.json: steps[0].resize.width: expected a number > 0, found 0"#),
        (
            #"{"steps": [{"drag": {"from": {"x": 0, "y": 0}, "to": {"x": 0, "y": 9}, "duration": 1e12}}]}"#,
            #"s.json: steps[0].drag.duration: a drag lasts at most 60000 ms, found 1000000000000"#
        ),
        (#"{"steps": [{"open_url": null}]}"#, #"s.json: steps[0].open_url: expected a string, found null"#),
        (#"{"steps": [{"dismiss": {}}]}"#, #"s.json: steps[0].dismiss: dismiss needs one of: all, dedupe_key, priority_at_most"#),
        (
            #"{"steps": [{"dismiss": {"all": true, "dedupe_key": "k"}}]}"#,
            #"s.json: steps[0].dismiss: dismiss takes one of all, dedupe_key, priority_at_most, found "all" and "dedupe_key""#
        ),
        (#"{"steps": [{"dismiss": {"all": false}}]}"#, #"s.json: steps[0].dismiss.all: expected true, found false"#),
        (
            #"{"steps": [{"dismiss": {"priority_at_most": 500.5}}]}"#,
            #"s.json: steps[0].dismiss.priority_at_most: expected a whole number from 0 to 1000, found 500.5"#
        ),
        (#"{"steps": [{"dismiss": 3}]}"#, #"s.json: steps[0].dismiss: expected a label or an object, found 3"#),
        (#"{"steps": [{"wait": 0}]}"#, #"s.json: steps[0].wait: expected a duration in milliseconds > 0, found 0"#),
        (
            #"{"steps": [{"wait": 0.0004}]}"#,
            #"s.json: steps[0].wait: expected a duration of at least 0.001 ms (the clock counts whole microseconds), found 0.0004"#
        ),
        (
            #"{"steps": [{"wait": "idel"}]}"#,
            #"s.json: steps[0].wait: expected a duration in milliseconds or "idle", found the string "idel" (did you mean "idle"?)"#
        ),
        (#"{"steps": [{"wait": 1e13}]}"#, #"s.json: steps[0].wait: expected at most 1000000000000 ms, found 10000000000000"#),
        // Expectations.
        (
            #"{"steps": [], "expect": {"traces": []}}"#,
            #"s.json: expect: unknown key "traces" (did you mean "trace"?); expect keys are: trace, frames, pages, bar, bubbles, accessibility"#
        ),
        (#"{"steps": [], "expect": {"trace": [{"request": "x"}]}}"#, #"s.json: expect.trace[0]: missing required key "event""#),
        (
            #"{"steps": [], "expect": {"trace": [{"event": "did_present"}]}}"#,
            #"s.json: expect.trace[0].event: unknown event "did_present" (did you mean "did-present"?); events are: "#
                + TraceEvent.Kind.allCases.map(\.rawValue).joined(separator: ", ")
        ),
        (
            #"{"steps": [{"show": {"as": "pay"}}], "expect": {"trace": [{"event": "dismissed", "reason": "background_tap"}]}}"#,
            #"s.json: expect.trace[0].reason: unknown reason "background_tap" (did you mean "background-tap"?); reasons are: action, background-tap, swipe, timeout, preempted, hide-all, vetoed, duplicate, expired, lower-priority, plugin-error, requested, plugin-crashed, plugin-timeout, accessibility-escape"#
        ),
        (
            #"{"steps": [{"show": {"as": "pay"}}], "expect": {"trace": [{"event": "did-present", "request": "promo"}]}}"#,
            #"s.json: expect.trace[0].request: no request is labelled "promo" (labels: pay)"#
        ),
        (#"{"steps": [], "expect": {"frames": [{"node": "content"}]}}"#, #"s.json: expect.frames[0]: missing required key "at""#),
        (
            #"{"steps": [], "expect": {"frames": [{"at": 0, "rect": {"x": 1, "width": "w"}}]}}"#,
            #"s.json: expect.frames[0].rect.width: expected a number, found the string "w""#
        ),
        (
            #"{"steps": [], "expect": {"frames": [{"at": 0, "rect": {"widht": 3}}]}}"#,
            #"s.json: expect.frames[0].rect: unknown key "widht" (did you mean "width"?); rect keys are: x, y, width, height"#
        ),
        (
            #"{"steps": [], "expect": {"frames": [{"at": 0, "opacity": 1.5}]}}"#,
            #"s.json: expect.frames[0].opacity: expected a number from 0 to 1, found 1.5"#
        ),
        (
            #"{"steps": [], "expect": {"frames": [{"at": 0, "role": "buton"}]}}"#,
            #"s.json: expect.frames[0].role: unknown role "buton" (did you mean "button"?); roles are: app, dimming, popup, stack, overlay, text, button, textField, image, spacer, divider, keyboard, key, grabber, arrow, bubble, floating-circle"#
        ),
        (
            #"{"steps": [], "expect": {"frames": [{"at": 0, "request": "pay"}]}}"#,
            #"s.json: expect.frames[0].request: no request is labelled "pay" (no step labels a request)"#
        ),
        (
            #"{"steps": [], "expect": {"frames": [{"at": 0, "visible": "yes"}]}}"#,
            #"s.json: expect.frames[0].visible: expected true or false, found the string "yes""#
        ),
    ]

    @Test("malformed scenarios give the exact path and message", arguments: malformed)
    func malformedScenario(json: String, error: String) {
        let thrown = #expect(throws: ScenarioError.self) { try parse(json) }
        #expect(thrown?.description == error)
    }

    @Test("an embedded scenario's errors have no file part; syntax errors carry line and column")
    func embeddedErrors() {
        let thrown = #expect(throws: ScenarioError.self) { try parse(#"{"steps": [{"wait": -1}]}"#, file: nil) }
        #expect(
            thrown
                == ScenarioError(.invalid, file: nil, path: "steps[0].wait", message: "expected a duration in milliseconds > 0, found -1"))
        #expect(thrown?.description == "steps[0].wait: expected a duration in milliseconds > 0, found -1")
        let root = #expect(throws: ScenarioError.self) { try parse("null", file: nil) }
        #expect(root?.description == "expected an object, found null")
        let syntax = #expect(throws: ScenarioError.self) { try parse("{\"steps\": [] x", file: nil) }
        #expect(syntax?.line == 1 && syntax?.column == 14)
        #expect(syntax?.description == "line 1, column 14: expected ',' or '}', found 'x'")
    }

    @Test(
        "suggestions: nearest key within an edit distance of 2, none for distant words",
        arguments: [
            ("tapp", ["show", "tap", "wait"], #" (did you mean "tap"?)"#),
            ("Wiat", ["show", "tap", "wait"], #" (did you mean "wait"?)"#),
            ("open-url", ["open_url", "wait"], #" (did you mean "open_url"?)"#),
            ("zzz", ["show", "tap", "wait"], ""),
            ("q", ["x", "y"], ""),
        ])
    func suggestions(word: String, candidates: [String], expected: String) {
        #expect(ScenarioRead.suggestion(for: word, among: candidates) == expected)
    }
}
