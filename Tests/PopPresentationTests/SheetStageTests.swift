import PopRuntimeTestSupport
import Testing

@testable import PopChef
@testable import PopModel
@testable import PopPresentation

/// Sheets and popovers on a stage: drags between detents, the dismissal order for every path,
/// stacked sheets, the adaptive popover, the keyboard's expansion, the undimmed region. The
/// components are Swift ones (`SheetDelegate` is the Swift face of "pop.sheet/1"); the C bridge
/// has its own tests with the sample plugin.
@Suite struct SheetStageTests {
    /// What the handler and the sheet delegate heard, in order.
    final class Log { var lines: [String] = [] }

    final class Handler: HandlerComponent {
        let id = "test.sheet-handler"
        let log: Log
        var veto = false
        init(_ log: Log) { self.log = log }
        func adjust(_ options: inout RequestOptions, data: RequestData) { veto = data.value.lookup(path: "veto") == .bool(true) }
        func willPresent() { log.lines.append("will-present") }
        func didPresent() { log.lines.append("did-present") }
        func shouldDismiss(_ reason: Reason) -> Bool { log.lines.append("should-dismiss(\(reason))"); return !veto }
        func willDismiss(_ reason: Reason) { log.lines.append("will-dismiss") }
        func didDismiss(_ reason: Reason) { log.lines.append("did-dismiss") }
        func finished(_ event: FinalEvent) { log.lines.append("finished \(event)") }
    }

    final class Controller: ControllerLoaderComponent, SheetDelegate {
        let id = "test.sheet-controller"
        let log: Log
        var progress: [SheetDragProgress] = []
        var small = 0.25
        init(_ log: Log) { self.log = log }
        func configure(data: RequestData) throws(ComponentFailure) -> Presentation {
            try ThemeDescription.presentation(from: data.value.lookup(path: "theme") ?? [:])
        }
        func resolveDetent(_ id: Detent.ID, maximum: Double) -> Double? { id == "small" ? maximum * small : nil }
        func detentChanged(to id: Detent.ID) { log.lines.append("delegate detent \(id)") }
        func dragProgress(_ progress: SheetDragProgress) { self.progress.append(progress) }
        func didAttemptToDismiss() { log.lines.append("delegate did-attempt") }
        func willDismiss() { log.lines.append("delegate will-dismiss") }
        func didDismiss() { log.lines.append("delegate did-dismiss") }
    }

    final class Form: ViewLoaderComponent {
        let id = "test.sheet-form"
        func build(data: RequestData) throws(ComponentFailure) -> ContentNode {
            ContentNode(
                .vstack(
                    spacing: 8, alignment: .fill,
                    children: [
                        ContentNode(.text("Share", size: 17, weight: .semibold, color: 0x0000_00FF, alignment: .center, maxLines: 1)),
                        ContentNode(.textField(id: "note", placeholder: "Add a note", secure: false)),
                    ]), padding: EdgeInsets(top: 20, leading: 16, bottom: 20, trailing: 16))
        }
    }

    struct Fixture {
        let traced: TracedHost
        let log = Log()
        let controller: Controller
        var stage: Stage { traced.stage! }
        var chef: Chef { traced.chef }
        var engine: PresentationEngine { traced.engine }

        init(scene: Scene = Scene()) {
            let catalog = ComponentCatalog()
            let log = log, controller = Controller(log)
            self.controller = controller
            catalog.register(handler: "test.sheet-handler") { Handler(log) }
            catalog.register(controllerLoader: "test.sheet-controller") { controller }
            catalog.register(viewLoader: "test.sheet-form") { Form() }
            traced = TracedHost(catalog: catalog, staged: true)
            if scene != Scene() { engine.resize(to: scene) }
        }

        @discardableResult
        func sheet(_ sheet: Value = [:], style: String = "sheet", theme: [(String, Value)] = [], veto: Bool = false) -> RequestID {
            let members = ([("style", Value.string(style)), ("sheet", sheet)] + theme).map { Value.Member(key: $0.0, value: $0.1) }
            let id = chef.show(
                PopupRequest(
                    handler: "test.sheet-handler", viewLoader: "test.sheet-form", controllerLoader: "test.sheet-controller",
                    data: ["theme": .object(Value.Object(members)!), "veto": .bool(veto)]))
            chef.runUntilIdle()
            return id
        }

        /// A finger from `from` to `to` (x 195) in `steps` moves `stepMilliseconds` apart; `hold`
        /// milliseconds still before lifting.
        func drag(from: Double, to: Double, steps: Int = 10, stepMilliseconds: Int64 = 20, hold: Int64 = 0) {
            stage.pointerDown(at: Point(x: 195, y: from))
            for step in 1...steps {
                chef.advance(by: .milliseconds(stepMilliseconds))
                stage.pointerMoved(to: Point(x: 195, y: from + (to - from) * Double(step) / Double(steps)))
            }
            if hold > 0 {
                chef.advance(by: .milliseconds(hold))
                stage.pointerMoved(to: Point(x: 195, y: to))
            }
            stage.pointerUp(at: Point(x: 195, y: to))
            chef.runUntilIdle()
        }
    }

    static let mediumLarge: Value = ["detents": ["medium", "large"]]

    @Test("the release point counts: a sheet let go 10 pt past the finger's last move is at the release point when it is let go")
    func releasePointCounts() {
        let t = Fixture()
        let id = t.sheet(Self.mediumLarge)
        t.stage.pointerDown(at: Point(x: 195, y: 500))
        t.chef.advance(by: .milliseconds(100))
        t.stage.pointerMoved(to: Point(x: 195, y: 311))  // 189 up
        t.chef.advance(by: .milliseconds(100))
        t.stage.pointerUp(at: Point(x: 195, y: 301), velocity: 0)  // released 199 up
        #expect(t.controller.progress.last?.height == 592.5)  // 393.5 + 199, not 582.5
        t.chef.runUntilIdle()
        #expect(t.engine.sheets.selectedDetent(of: id) == "large")  // 592.5 is past the midpoint of 393.5 and 787
    }

    @Test("a drag from medium to large reports the change and its progress; a programmatic change animates and reports nothing")
    func dragBetweenDetents() {
        let t = Fixture()
        let id = t.sheet(Self.mediumLarge)
        #expect(t.engine.sheets.selectedDetent(of: id) == "medium")
        #expect(t.engine.sheets.height(of: id) == 393.5)
        t.drag(from: 500, to: 300)  // 200 up, released at 1000 pt/s upward: 593.5 + 499 projected, nearest large
        #expect(t.engine.sheets.selectedDetent(of: id) == "large")
        #expect(t.engine.sheets.height(of: id) == 787)
        #expect(t.log.lines.suffix(1) == ["delegate detent large"])
        #expect(t.controller.progress.count == 10)
        let last = t.controller.progress.last!
        #expect(last.height == 593.5 && last.lower == "medium" && last.upper == "large")
        #expect(abs(last.fraction - 200 / 393.5) < 1e-9)

        let before = t.log.lines
        #expect(t.engine.sheets.selectDetent("medium", on: id))
        t.chef.advance(by: .milliseconds(100))
        let midway = t.engine.sheets.height(of: id)!
        #expect(midway < 787 && midway > 393.5)  // animates
        t.chef.runUntilIdle()
        #expect(t.engine.sheets.height(of: id) == 393.5)
        #expect(t.log.lines == before)  // not reported
        #expect(t.traced.timeline(["detent-changed"]).count == 2)
        #expect(!t.engine.sheets.selectDetent("nope", on: id))
    }

    @Test("completed: should-dismiss, delegate will-dismiss, the content's will-disappear, did-disappear, then delegate did-dismiss")
    func completedDismissal() {
        let t = Fixture()
        let id = t.sheet(Self.mediumLarge)
        t.drag(from: 500, to: 700)  // down 200 at 1000 pt/s: 193.5 − 499 < 0
        #expect(
            t.log.lines == [
                "will-present", "did-present", "should-dismiss(swipe)", "delegate will-dismiss", "will-dismiss",
                "did-dismiss", "delegate did-dismiss", "finished dismissed(swipe)",
            ])
        #expect(t.traced.finals[id] == [.dismissed(.swipe)])
    }

    @Test("modal in presentation: did-attempt, and it snaps back, rubber-banded while dragged")
    func modalDismissal() {
        let t = Fixture()
        let id = t.sheet(Self.mediumLarge, theme: [("modal", true)])
        t.stage.pointerDown(at: Point(x: 195, y: 500))
        t.chef.advance(by: .milliseconds(50))
        t.stage.pointerMoved(to: Point(x: 195, y: 600))
        // 100 below medium, rubber-banded: 100 · (1 − 1 / 1.55) short of it.
        #expect(abs(t.engine.sheets.height(of: id)! - (393.5 - 100 * (1 - 1 / 1.55))) < 1e-9)
        t.stage.pointerUp(at: Point(x: 195, y: 600))
        t.chef.runUntilIdle()
        t.drag(from: 500, to: 700)
        #expect(t.log.lines == ["will-present", "did-present", "delegate did-attempt", "delegate did-attempt"])
        #expect(t.chef.state(of: id) == .shown)
        #expect(t.engine.sheets.height(of: id) == 393.5)
        #expect(t.traced.timeline(["dismiss-attempted"]).count == 2)
    }

    @Test("vetoed: should-dismiss says no, did-attempt, it snaps back")
    func vetoedDismissal() {
        let t = Fixture()
        let id = t.sheet(Self.mediumLarge, veto: true)
        t.drag(from: 500, to: 700)
        #expect(t.log.lines == ["will-present", "did-present", "should-dismiss(swipe)", "delegate did-attempt"])
        #expect(t.chef.state(of: id) == .shown)
        #expect(t.engine.sheets.height(of: id) == 393.5)
    }

    @Test("cancelled: below the smallest detent and back, or released short: will-appear and did-appear again, no did-dismiss")
    func cancelledDismissal() {
        let t = Fixture()
        let id = t.sheet(Self.mediumLarge)
        t.drag(from: 500, to: 530, steps: 3, hold: 300)  // 30 below medium, then still: released at 0 pt/s
        #expect(
            t.log.lines == [
                "will-present", "did-present", "should-dismiss(swipe)", "delegate will-dismiss", "will-dismiss",
                "will-present", "did-present",
            ])
        #expect(t.chef.state(of: id) == .shown)
        #expect(t.engine.sheets.height(of: id) == 393.5)

        t.log.lines = []
        t.stage.pointerDown(at: Point(x: 195, y: 500))
        for y in [520.0, 560, 520, 480] {
            t.chef.advance(by: .milliseconds(50))
            t.stage.pointerMoved(to: Point(x: 195, y: y))
        }
        // Back above the smallest detent while still held: cancelled already.
        #expect(t.log.lines == ["should-dismiss(swipe)", "delegate will-dismiss", "will-dismiss", "will-present"])
        t.chef.advance(by: .milliseconds(300))
        t.stage.pointerMoved(to: Point(x: 195, y: 480))
        t.stage.pointerUp(at: Point(x: 195, y: 480))
        t.chef.runUntilIdle()
        #expect(t.log.lines == ["should-dismiss(swipe)", "delegate will-dismiss", "will-dismiss", "will-present", "did-present"])
        #expect(t.chef.state(of: id) == .shown)
        #expect(t.traced.finals[id] == nil)
    }

    @Test("a tap on the dimming: the same order, reason background tap; a modal sheet only hears did-attempt")
    func backgroundTapDismissal() {
        let t = Fixture()
        let id = t.sheet(Self.mediumLarge, theme: [("dismiss_on_background_tap", true)])
        #expect(t.stage.tap(at: Point(x: 195, y: 100)) == .dismissed(id))
        t.chef.runUntilIdle()
        #expect(
            t.log.lines == [
                "will-present", "did-present", "should-dismiss(background-tap)", "delegate will-dismiss", "will-dismiss",
                "did-dismiss", "delegate did-dismiss", "finished dismissed(background-tap)",
            ])
        t.log.lines = []
        let modal = t.sheet(Self.mediumLarge, theme: [("dismiss_on_background_tap", true), ("modal", true)])
        #expect(t.stage.tap(at: Point(x: 195, y: 100)) == .absorbed(modal))
        #expect(t.log.lines == ["will-present", "did-present", "delegate did-attempt"])
        #expect(t.chef.state(of: modal) == .shown)
    }

    @Test("programmatic: neither will- nor did-dismiss to the delegate; exactly one final event")
    func programmaticDismissal() {
        let t = Fixture()
        let id = t.sheet(Self.mediumLarge)
        t.chef.dismiss(id)
        t.chef.runUntilIdle()
        #expect(t.log.lines == ["will-present", "did-present", "will-dismiss", "did-dismiss", "finished dismissed(requested)"])
        #expect(t.traced.finals[id] == [.dismissed(.requested)])
    }

    @Test("the app dismisses a sheet the user is dragging away: it leaves, the delegate hears no did-dismiss")
    func programmaticDuringDrag() {
        let t = Fixture()
        let id = t.sheet(Self.mediumLarge)
        t.stage.pointerDown(at: Point(x: 195, y: 500))
        t.chef.advance(by: .milliseconds(50))
        t.stage.pointerMoved(to: Point(x: 195, y: 600))
        t.chef.dismiss(id)
        t.chef.advance(by: .milliseconds(100))
        let leaving = t.engine.visualState(of: id)!.frame.y
        t.stage.pointerMoved(to: Point(x: 195, y: 300))  // the finger goes on: the sheet does not follow it
        #expect(t.engine.visualState(of: id)!.frame.y == leaving)
        t.chef.runUntilIdle()
        t.stage.pointerUp(at: Point(x: 195, y: 600))
        #expect(
            t.log.lines == [
                "will-present", "did-present", "should-dismiss(swipe)", "delegate will-dismiss", "will-dismiss",
                "did-dismiss", "finished dismissed(requested)",
            ])
        #expect(t.traced.finals[id] == [.dismissed(.requested)])
    }

    @Test("stacked sheets: the one below is pushed back without its grabber and comes forward again; alerts show above sheets")
    func stacked() throws {
        let t = Fixture()
        let grabbed: Value = ["detents": ["medium", "large"], "selected_detent": "large", "grabber": true, "corner_radius": 24]
        let first = t.sheet(grabbed)
        #expect(t.stage.frame().node("popup.\(first).grabber") != nil)
        let second = t.sheet(grabbed)
        #expect(t.chef.state(of: first) == .shown && t.chef.state(of: second) == .shown)
        let frame = t.stage.frame()
        let back = try #require(frame.node("popup.\(first)"))
        #expect(abs(back.transform.a - 358.0 / 390) < 1e-9)
        #expect(back.cornerRadius == SheetOptions.defaultCornerRadius)
        #expect(frame.node("popup.\(first).grabber") == nil)
        #expect(frame.node("popup.\(second)")?.cornerRadius == 24)
        #expect(frame.node("popup.\(second).grabber") != nil)

        let alert = t.chef.show(PopupRequest(controllerLoader: "pop.theme", data: ["title": "Alert", "message": "Above"]))
        t.chef.runUntilIdle()
        let ids = t.stage.frame().nodes.map(\.id)
        #expect(ids.firstIndex(of: "popup.\(alert)")! > ids.firstIndex(of: "popup.\(second)")!)
        t.chef.dismiss(alert)

        t.chef.dismiss(second)
        t.chef.runUntilIdle()
        let front = try #require(t.stage.frame().node("popup.\(first)"))
        #expect(front.transform == .identity && front.cornerRadius == 24)
        #expect(t.stage.frame().node("popup.\(first).grabber") != nil)
    }

    @Test("dismissing the sheet below takes the one above: both slide away together, the top one's events first, none left")
    func lowerTakesTheOneAbove() {
        let t = Fixture()
        let lower = t.sheet(Self.mediumLarge), upper = t.sheet(Self.mediumLarge)
        t.log.lines = []
        t.chef.dismiss(lower)
        t.chef.advance(by: .milliseconds(100))
        let bottom = Scene().height
        #expect([lower, upper].allSatisfy { t.engine.isOnScreen($0) && t.engine.visualState(of: $0)!.frame.y < bottom })
        t.chef.runUntilIdle()
        #expect(
            t.log.lines == [
                "will-dismiss", "will-dismiss", "did-dismiss", "finished dismissed(requested)", "did-dismiss",
                "finished dismissed(requested)",
            ])
        #expect(
            t.traced.timeline(["will-dismiss", "dismissed"]) == [
                "will-dismiss#\(upper)", "will-dismiss#\(lower)", "dismissed#\(upper)", "dismissed#\(lower)",
            ])
        #expect(!t.engine.isOnScreen(lower) && !t.engine.isOnScreen(upper))
        #expect(!t.stage.frame().nodes.contains { $0.request == lower || $0.request == upper })
    }

    @Test("the adaptive popover: a popover with its arrow in regular width, a sheet in compact width, and back, mid-presentation")
    func adaptivePopover() throws {
        let tablet = Scene(
            width: 1024, height: 768, safeArea: EdgeInsets(top: 24, leading: 0, bottom: 20, trailing: 0), keyboardHeight: 400, scale: 2)
        let t = Fixture(scene: tablet)
        let id = t.sheet(
            [
                "detents": ["medium", "large"], "grabber": true, "preferred_content_size": ["width": 320, "height": 200],
                "source_rect": ["x": 500, "y": 100, "width": 40, "height": 40],
            ], style: "popover")
        #expect(t.engine.sheets.isPopover(id))
        #expect(t.engine.sheets.selectedDetent(of: id) == nil)
        #expect(t.stage.frame().node("popup.\(id)")?.rect == Rect(x: 360, y: 153, width: 320, height: 200))
        #expect(t.stage.frame().node("popup.\(id).arrow") != nil)

        t.engine.resize(to: Scene())  // a phone-sized scene: compact width
        #expect(!t.engine.sheets.isPopover(id))
        #expect(t.engine.sheets.selectedDetent(of: id) == "medium")
        #expect(t.stage.frame().node("popup.\(id)")?.rect == Rect(x: 0, y: 450.5, width: 390, height: 393.5))
        #expect(t.stage.frame().node("popup.\(id).grabber") != nil)
        #expect(t.stage.frame().node("popup.\(id).arrow") == nil)

        t.engine.resize(to: tablet)
        #expect(t.engine.sheets.isPopover(id))
        #expect(t.stage.frame().node("popup.\(id)")?.rect == Rect(x: 360, y: 153, width: 320, height: 200))
    }

    @Test("a popover: a tap outside dismisses it, one in a passthrough rect reaches the app")
    func popoverTaps() {
        let tablet = Scene(
            width: 1024, height: 768, safeArea: EdgeInsets(top: 24, leading: 0, bottom: 20, trailing: 0), keyboardHeight: 400, scale: 2)
        let t = Fixture(scene: tablet)
        let id = t.sheet(
            [
                "preferred_content_size": ["width": 320, "height": 200], "source_rect": ["x": 500, "y": 100, "width": 40, "height": 40],
                "passthrough": [["x": 0, "y": 600, "width": 1024, "height": 168]],
            ], style: "popover")
        #expect(t.stage.tap(at: Point(x: 100, y: 700)) == .app)
        #expect(t.stage.tap(at: Point(x: 100, y: 300)) == .dismissed(id))
    }

    @Test("focusing a field expands the sheet to its largest detent (reported); it sits on the keyboard")
    func keyboardExpansion() throws {
        let t = Fixture()
        let id = t.sheet(Self.mediumLarge)
        let field = try #require(t.stage.frame().nodes.first { $0.role == .textField && $0.request == id })
        #expect(t.stage.tap(at: field.bounds.center) == .focus(id, "note"))
        t.chef.runUntilIdle()
        #expect(t.engine.sheets.selectedDetent(of: id) == "large")
        #expect(t.log.lines.last == "delegate detent large")
        // 787 − 336 high, its bottom on the keyboard's top.
        #expect(t.stage.frame().node("popup.\(id)")?.rect == Rect(x: 0, y: 57, width: 390, height: 451))
        #expect(t.engine.sheets.height(of: id) == 451)
    }

    @Test("undimmed at the largest undimmed detent: the app behind takes taps; dimmed above it")
    func undimmed() {
        let t = Fixture()
        let id = t.sheet(
            ["detents": ["medium", "large"], "largest_undimmed_detent": "medium"], theme: [("dismiss_on_background_tap", true)])
        #expect(t.stage.frame().node("popup.\(id).dimming") == nil)
        #expect(t.stage.tap(at: Point(x: 195, y: 300)) == .app)
        t.engine.sheets.selectDetent("large", on: id)
        t.chef.runUntilIdle()
        #expect(t.stage.frame().node("popup.\(id).dimming")?.opacity == Double(0x59) / 255)
        #expect(t.stage.tap(at: Point(x: 195, y: 30)) == .dismissed(id))
    }

    @Test("scrolling up at the edge grows the sheet to its next detent first, unless it prefers not to")
    func scrolling() {
        let t = Fixture()
        let id = t.sheet(Self.mediumLarge)
        #expect(t.engine.sheets.scroll(id, by: 40) == .content)
        #expect(t.engine.sheets.scroll(id, by: -40) == .expanded("large"))
        t.chef.runUntilIdle()
        #expect(t.engine.sheets.scroll(id, by: -40) == .content)
        #expect(t.log.lines.last == "delegate detent large")
        let other = t.sheet(["detents": ["medium", "large"], "scrolling_expands": false])
        #expect(t.engine.sheets.scroll(other, by: -40) == .content)
    }

    @Test("a sheet whose only detent is medium presents full screen in compact height, and at medium once turned to portrait")
    func onlyMediumInLandscape() {
        let t = Fixture(scene: Scene().rotated(to: .landscape))
        let id = t.sheet(["detents": ["medium"], "grabber": true])
        #expect(t.stage.frame().node("popup.\(id)")?.rect == Rect(x: 0, y: 0, width: 844, height: 390))
        #expect(t.stage.frame().node("popup.\(id).grabber") == nil)
        t.engine.rotate(to: .portrait)
        #expect(t.engine.sheets.height(of: id) == 393.5)
        #expect(t.stage.frame().node("popup.\(id).grabber") != nil)
    }

    @Test("custom detents resolve through the delegate, again on invalidateDetents")
    func customDetents() {
        let t = Fixture()
        let id = t.sheet(["detents": ["small", "large"]])
        #expect(t.engine.sheets.detents(of: id) == [ResolvedDetent(id: "small", height: 196.75), ResolvedDetent(id: "large", height: 787)])
        t.controller.small = 0.5
        t.engine.sheets.invalidateDetents(of: id)
        t.chef.runUntilIdle()
        #expect(t.engine.sheets.height(of: id) == 393.5)
    }
}
