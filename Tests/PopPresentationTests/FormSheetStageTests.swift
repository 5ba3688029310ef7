import Testing

@testable import PopChef
@testable import PopModel
@testable import PopPresentation

/// A form sheet on a stage (an iPad: regular width and height): it slides up from the bottom of the
/// screen to its centred place, is always dimmed, and a drag down dismisses it or brings it back —
/// no detent stepping, no growing by scrolling.
@Suite struct FormSheetStageTests {
    typealias Fixture = SheetStageTests.Fixture
    static let tablet = FormSheetLayoutTests.tablet
    /// Where a 540 × 620 form sheet rests on the tablet (`FormSheetLayoutTests` derives it).
    static let rest = Rect(x: (1024 - 540) / 2, y: (768 - 620) / 2, width: 540, height: 620)
    static let sheet: Value = ["detents": ["medium", "large"], "largest_undimmed_detent": "medium"]

    /// A finger on the form sheet's middle from `y` to `y + down`, in 10 moves 20 ms apart, lifted at `velocity`.
    func drag(_ t: Fixture, from y: Double, down: Double, velocity: Double) {
        t.stage.pointerDown(at: Point(x: 512, y: y))
        for step in 1...10 {
            t.chef.advance(by: .milliseconds(20))
            t.stage.pointerMoved(to: Point(x: 512, y: y + down * Double(step) / 10))
        }
        t.stage.pointerUp(at: Point(x: 512, y: y + down), velocity: velocity)
        t.chef.runUntilIdle()
    }

    @Test("it slides up from the bottom of the screen to its centred place, dimmed, its one detent the largest")
    func entrance() throws {
        let t = Fixture(scene: Self.tablet)
        let id = t.chef.show(
            PopupRequest(
                handler: "test.sheet-handler", viewLoader: "test.sheet-form", controllerLoader: "test.sheet-controller",
                data: ["theme": ["style": "sheet", "sheet": Self.sheet]]))
        t.chef.advance(by: .milliseconds(100))
        let moving = try #require(t.stage.frame().node("popup.\(id)"))
        #expect(moving.rect.x == Self.rest.x && moving.rect.width == 540 && moving.rect.height == 620)
        #expect(moving.rect.y > Self.rest.y && moving.rect.y < 768)
        t.chef.runUntilIdle()
        let frame = t.stage.frame()
        #expect(frame.node("popup.\(id)")?.rect == Self.rest)
        #expect(t.engine.sheets.selectedDetent(of: id) == "large")
        #expect(t.engine.sheets.height(of: id) == 768 - Self.rest.y)
        // Dimmed although medium is the largest undimmed detent: a form sheet dims what is behind it.
        #expect(frame.node("popup.\(id).dimming")?.opacity == Double(0x59) / 255)
    }

    @Test("a drag down: released slowly it comes back (no detent stepping), flung it is dismissed in the user's order")
    func drag() {
        let t = Fixture(scene: Self.tablet)
        let id = t.sheet(Self.sheet)
        drag(t, from: 300, down: 150, velocity: 0)
        // Below its one detent at once: the dismissal begins, and the release back cancels it.
        #expect(
            t.log.lines == [
                "will-present", "did-present", "should-dismiss(swipe)", "delegate will-dismiss", "will-dismiss", "will-present",
                "did-present",
            ])
        #expect(t.chef.state(of: id) == .shown)
        #expect(t.engine.sheets.height(of: id) == 768 - Self.rest.y)
        #expect(t.stage.frame().node("popup.\(id)")?.rect == Self.rest)
        #expect(t.traced.timeline(["detent-changed"]).isEmpty)
        #expect(!t.engine.sheets.selectDetent("medium", on: id))  // its detents do not apply
        #expect(t.engine.sheets.scroll(id, by: -40) == .content)  // nothing to grow to
        t.log.lines = []
        drag(t, from: 300, down: 150, velocity: 1500)
        #expect(
            t.log.lines == [
                "should-dismiss(swipe)", "delegate will-dismiss", "will-dismiss", "did-dismiss", "delegate did-dismiss",
                "finished dismissed(swipe)",
            ])
        #expect(!t.engine.isOnScreen(id))
    }

    @Test("a sheet shown on a phone becomes a form sheet on a tablet-sized scene and goes back to its detent")
    func resize() {
        let t = Fixture()
        let id = t.sheet(Self.sheet)
        #expect(t.engine.sheets.selectedDetent(of: id) == "medium")
        t.engine.resize(to: Self.tablet)
        #expect(t.stage.frame().node("popup.\(id)")?.rect == Self.rest)
        #expect(t.engine.sheets.selectedDetent(of: id) == "large")
        t.engine.resize(to: Scene())
        #expect(t.engine.sheets.selectedDetent(of: id) == "medium")
        #expect(t.stage.frame().node("popup.\(id)")?.rect == Rect(x: 0, y: 844 - 393.5, width: 390, height: 393.5))
    }
}
