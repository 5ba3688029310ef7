import Testing

@testable import PopChef
@testable import PopModel
@testable import PopPresentation

/// The floating window on a stage (390 × 844: scale 1.04, r = 166.4, bubble 52): the corner circle
/// following a pop, a pop released in it becoming a bubble (also at exactly half the width, and
/// from the page's on-screen frame), bubbles dragged, snapped, deleted, hidden by the keyboard,
/// opened and closed back, several bubbles and the limit, and the gestures excluding each other.
@Suite struct FloatingStageTests {
    let chef = Chef()
    let stage: Stage
    let trace = TraceRecorder()
    static let corner = Point(x: 390, y: 844)
    static let inCircle = Point(x: 380, y: 830)

    init() {
        chef.trace = trace
        stage = Stage(chef: chef)
    }

    var engine: PresentationEngine { stage.engine }
    var navigation: NavigationStack { chef.navigation }

    func page(_ kind: String, keep: String? = nil, logo: String = "文") -> Page {
        navigation.makePage(
            kind: kind, preferences: PagePreferences(title: kind, floating: keep.map { FloatingDeclaration(keep: $0, logo: logo) }),
            content: ContentNode(.text(kind, size: 17, weight: .regular, color: 0x0000_00FF, alignment: .leading, maxLines: 1)))
    }

    /// A list with a floatable article pushed on it, at rest.
    func listAndArticle(keep: String = "https://example.com/a") {
        engine.pages.push(page("list"), animated: false)
        engine.pages.push(page("article", keep: keep), animated: false)
    }

    /// Pushes a floatable page and pops it into the circle by an edge pan of `distance` points.
    @discardableResult
    func float(keep: String, distance: Double = 300) -> Bool? {
        engine.pages.push(page("article", keep: keep), animated: false)
        engine.pages.beginInteractivePop(.edge, start: Point(x: 5, y: 800), translation: Point(x: distance, y: 0))
        let completes = engine.pages.endInteractivePop(velocity: 0, finger: Self.inCircle)
        chef.runUntilIdle()
        return completes
    }

    func events(_ kind: TraceEvent.Kind) -> [String] { trace.events.filter { $0.kind == kind }.map { $0.detail ?? "" } }

    // MARK: The corner circle

    @Test("create mode: the circle follows twice the pop's progress and is armed only all in")
    func createCircleFollowsThePop() throws {
        listAndArticle()
        engine.pages.beginInteractivePop(.edge, start: Point(x: 5, y: 600), translation: Point(x: 39, y: 0))
        var circle = try #require(engine.floating.circle)
        let away = 166.4 / 2.0.squareRoot() * (1 - 0.2)
        #expect(circle.mode == .create && !circle.armed)
        #expect(abs(circle.centre.x - (390 + away)) < 1e-9 && abs(circle.centre.y - (844 + away)) < 1e-9)
        let frame = stage.frame()
        let node = try #require(frame.node("floating.circle"))
        #expect(node.role == .floatingCircle && abs(node.cornerRadius - 166.4) < 1e-9)
        #expect(frame.node("floating.circle.label")?.text?.lines == ["浮窗"])
        engine.pages.moveInteractivePop(translation: 195, finger: Point(x: 200, y: 600))
        circle = try #require(engine.floating.circle)
        #expect(circle.armed && circle.centre == Self.corner && !circle.touched)
        engine.pages.moveInteractivePop(translation: 250, finger: Self.inCircle)
        #expect(engine.floating.circle?.touched == true)
        chef.advance(to: chef.now + .milliseconds(250))
        #expect(abs((engine.floating.circle?.scale ?? 0) - 1.1) < 1e-9)
        #expect(stage.frame().node("floating.circle")?.fill == FloatingDrawing.createTouchedFill)
    }

    @Test("no circle for a page that cannot float, nor with one page (the pop is refused)")
    func noCircle() {
        engine.pages.push(page("list"), animated: false)
        #expect(engine.pages.beginInteractivePop(.edge, start: Point(x: 5, y: 600), translation: Point(x: 300, y: 0)) == .onePage)
        #expect(engine.floating.circle == nil)
        engine.pages.push(page("plain"), animated: false)
        engine.pages.beginInteractivePop(.edge, start: Point(x: 5, y: 600), translation: Point(x: 300, y: 0))
        #expect(engine.floating.circle == nil)
        #expect(engine.pages.endInteractivePop(velocity: 0, finger: Self.inCircle) == true)
        chef.runUntilIdle()
        #expect(engine.floating.bubbles.isEmpty)
    }

    /// At exactly half the width the navigation's rule alone cancels (progress > 0.5 completes); in
    /// the armed circle the pop completes into a bubble instead.
    @Test("the race at exactly half progress: in the circle it completes into a bubble; outside it goes back")
    func halfProgress() {
        listAndArticle()
        engine.pages.beginInteractivePop(.edge, start: Point(x: 5, y: 800), translation: Point(x: 195, y: 0))
        #expect(engine.pages.interactivePop?.progress == 0.5)
        #expect(engine.floating.circle?.armed == true)
        #expect(engine.pages.endInteractivePop(velocity: 0, finger: Self.inCircle) == true)
        chef.runUntilIdle()
        #expect(navigation.pages.map(\.kind) == ["list"])
        #expect(engine.floating.bubbles.map(\.declaration.keep) == ["https://example.com/a"])
        #expect(engine.floating.bubbles.first?.origin == Point(x: 15, y: 47))
        #expect(events(.bubbleCreated) == ["article#2 bubble#1 https://example.com/a"])

        engine.pages.push(page("article", keep: "b"), animated: false)
        engine.pages.beginInteractivePop(.edge, start: Point(x: 5, y: 800), translation: Point(x: 195, y: 0))
        #expect(engine.pages.endInteractivePop(velocity: 0, finger: Point(x: 200, y: 800)) == false)
        chef.runUntilIdle()
        #expect(navigation.pages.map(\.kind) == ["list", "article"])
        #expect(engine.floating.bubbles.count == 1)
    }

    @Test("the page shrinks into the bubble from where it is on screen, rect to circle, over 0.375 s")
    func shrinkFromTheCurrentFrame() throws {
        listAndArticle()
        engine.pages.beginInteractivePop(.edge, start: Point(x: 5, y: 800), translation: Point(x: 234, y: 0))
        engine.pages.endInteractivePop(velocity: 0, finger: Self.inCircle)
        let start = chef.now
        var frame = stage.frame()
        var card = try #require(frame.node("floating.transition"))
        #expect(card.rect == Rect(x: 234, y: 0, width: 390, height: 844) && card.cornerRadius == 0)
        #expect(frame.node("page.article#2") == nil)  // the card stands for it
        #expect(frame.node("floating.bubble.1") == nil)
        chef.advance(to: start + VirtualTime(microseconds: 187_500))
        frame = stage.frame()
        card = try #require(frame.node("floating.transition"))
        let p = TimingCurve.easeInOut.progress(at: 0.5)
        #expect(abs(card.rect.x - (234 + (15 - 234) * p)) < 1e-9 && abs(card.rect.width - (390 + (52 - 390) * p)) < 1e-9)
        #expect(abs(card.cornerRadius - 26 * p) < 1e-9)
        chef.advance(to: start + .milliseconds(375))
        frame = stage.frame()
        #expect(frame.node("floating.transition") == nil)
        let bubble = try #require(frame.node("floating.bubble.1"))
        #expect(bubble.role == .bubble && bubble.rect == Rect(x: 15, y: 47, width: 52, height: 52) && bubble.cornerRadius == 26)
        #expect(bubble.text?.lines == ["文"] && bubble.text?.color == FloatingDeclaration(keep: "", logo: "").logoColor)
    }

    @Test("floating the top page without the gesture: popped, shrinking from the full screen; refused when it cannot float")
    func floatByButton() throws {
        engine.pages.push(page("list"), animated: false)
        #expect(!engine.floating.floatTopPage())  // one page
        engine.pages.push(page("plain"), animated: false)
        #expect(!engine.floating.floatTopPage())  // cannot float
        engine.pages.pop(animated: false)
        engine.pages.push(page("article", keep: "a"), animated: false)
        #expect(engine.floating.floatTopPage())
        #expect(stage.frame().node("floating.transition")?.rect == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(stage.frame().node("page.list#1")?.rect.x == 0)
        chef.runUntilIdle()
        #expect(navigation.pages.map(\.kind) == ["list"])
        #expect(engine.floating.bubbleFrame(1) == Rect(x: 15, y: 47, width: 52, height: 52))
        #expect(events(.pageReleased) == ["plain#2", "article#3"])
    }

    // MARK: Several bubbles

    @Test("up to five bubbles down the left edge; a sixth replaces the oldest; the same keep replaces in place")
    func severalBubbles() {
        engine.pages.push(page("list"), animated: false)
        for index in 1...5 { float(keep: "k\(index)") }
        #expect(engine.floating.bubbles.map(\.origin.y) == [47, 109, 171, 233, 295])
        float(keep: "k6")
        #expect(engine.floating.bubbles.count == FloatingBehaviour.bubbleLimit)
        #expect(engine.floating.bubbles.map(\.declaration.keep) == ["k2", "k3", "k4", "k5", "k6"])
        #expect(engine.floating.bubbles.last?.origin == Point(x: 15, y: 47))  // the oldest's place is free
        #expect(events(.bubbleReplaced) == ["article#2 bubble#1 by article#7 (limit 5)"])
        float(keep: "k4")
        #expect(engine.floating.bubbles.map(\.declaration.keep) == ["k2", "k3", "k5", "k6", "k4"])
        #expect(engine.floating.bubbles.last?.origin == Point(x: 15, y: 233) && engine.floating.bubbles.last?.number == 7)
        #expect(events(.bubbleReplaced).last == "article#5 bubble#4 by article#8")
    }

    // MARK: Dragging

    /// Floats one bubble and returns its centre.
    func oneBubble() -> Point {
        engine.pages.push(page("list"), animated: false)
        float(keep: "a")
        return Point(x: 41, y: 73)
    }

    @Test("delete mode: the red circle comes in over 0.25 s while a bubble is dragged; a drop in it deletes the bubble")
    func deleteMode() throws {
        let centre = oneBubble()
        stage.pointerDown(at: centre)
        stage.pointerMoved(to: Point(x: 200, y: 400))
        let shown = chef.now
        var circle = try #require(engine.floating.circle)
        #expect(circle.mode == .delete && circle.armed && circle.centre != Self.corner)
        #expect(engine.floating.bubbleFrame(1) == Rect(x: 174, y: 374, width: 52, height: 52))
        chef.advance(to: shown + .milliseconds(250))
        circle = try #require(engine.floating.circle)
        #expect(circle.centre == Self.corner)
        let frame = stage.frame()
        #expect(frame.node("floating.circle")?.fill == FloatingDrawing.deleteFill)
        #expect(frame.node("floating.circle.label")?.text?.lines == ["取消浮窗"])
        stage.pointerMoved(to: Self.inCircle)
        #expect(engine.floating.circle?.touched == true)
        stage.pointerUp(at: Self.inCircle)
        #expect(events(.bubbleDeleted) == ["article#2 bubble#1 a"])
        chef.runUntilIdle()
        #expect(engine.floating.bubbles.isEmpty && engine.floating.circle == nil)
        #expect(stage.frame().node("floating.bubble.1") == nil)
    }

    @Test("a drop outside the circle snaps with the spring; the bubble can be grabbed again during it")
    func snapAndRegrab() throws {
        let centre = oneBubble()
        stage.pointerDown(at: centre)
        stage.pointerMoved(to: Point(x: 230, y: 300))
        stage.pointerUp(at: Point(x: 230, y: 300))
        #expect(engine.floating.bubbles.first?.origin == Point(x: 323, y: 274))
        #expect(events(.bubbleMoved) == ["article#2 bubble#1 323.0,274.0"])
        let released = chef.now
        chef.advance(to: released + .milliseconds(100))
        let during = try #require(engine.floating.bubbleFrame(1))
        #expect(during.x > 204 && during.x < 323)
        stage.pointerDown(at: during.center)
        stage.pointerMoved(to: Point(x: during.center.x - 150, y: during.center.y))
        #expect(engine.floating.draggedBubble == 1)
        stage.pointerUp(at: Point(x: during.center.x - 150, y: during.center.y))
        chef.runUntilIdle()
        #expect(engine.floating.bubbleFrame(1) == Rect(x: 15, y: 274, width: 52, height: 52))
    }

    @Test("a rotation keeps each bubble on its side, inside the new insets, at the new scale")
    func rotation() {
        let centre = oneBubble()
        stage.pointerDown(at: centre)
        stage.pointerMoved(to: Point(x: 300, y: 600))
        stage.pointerUp(at: Point(x: 300, y: 600))
        chef.runUntilIdle()
        #expect(engine.floating.bubbleFrame(1) == Rect(x: 323, y: 574, width: 52, height: 52))
        engine.rotate(to: .landscape)
        let scene = engine.scene, side = 50 * scene.width / 375
        let frame = engine.floating.bubbleFrame(1)
        #expect(frame?.x == scene.width - 15 - side && frame?.width == side)
        #expect(frame?.y == scene.height - scene.safeArea.bottom - side)
    }

    @Test("the bubble hides while the keyboard covers it")
    func keyboardHides() {
        let centre = oneBubble()
        stage.pointerDown(at: centre)
        stage.pointerMoved(to: Point(x: 100, y: 700))
        stage.pointerUp(at: Point(x: 100, y: 700))
        chef.runUntilIdle()
        #expect(engine.floating.bubbleFrame(1) == Rect(x: 15, y: 674, width: 52, height: 52))
        engine.setAppKeyboard(up: true)
        chef.runUntilIdle()
        #expect(engine.floating.bubbleFrame(1) == nil && stage.frame().node("floating.bubble.1") == nil)
        engine.setAppKeyboard(up: false)
        chef.runUntilIdle()
        #expect(engine.floating.bubbleFrame(1) != nil)
    }

    @Test("the edge pan and the bubble's drag exclude each other")
    func gestureExclusion() {
        let centre = oneBubble()
        engine.pages.push(page("detail"), animated: false)
        #expect(engine.floating.beginBubbleDrag(1, finger: centre))
        #expect(engine.pages.beginInteractivePop(.edge, start: Point(x: 5, y: 400), translation: Point(x: 60, y: 0)) == .bubbleDragged)
        #expect(events(.pageRefused).last == "edge pan: bubble-dragged")
        engine.floating.endBubbleDrag(finger: centre)
        chef.runUntilIdle()
        #expect(engine.pages.beginInteractivePop(.edge, start: Point(x: 5, y: 400), translation: Point(x: 60, y: 0)) == nil)
        #expect(!engine.floating.beginBubbleDrag(1, finger: centre))
        #expect(events(.bubbleRefused) == ["bubble#1: a page is being popped"])
        // Through the stage: a touch on the bubble during the pop does not move it.
        stage.pointerDown(at: centre)
        stage.pointerMoved(to: Point(x: 200, y: 300))
        #expect(engine.floating.draggedBubble == nil && engine.floating.bubbleFrame(1) == Rect(x: 15, y: 47, width: 52, height: 52))
    }

    // MARK: Opening and closing

    @Test("a tap opens the page from its bubble (pushed: its lifecycle runs); popping it shrinks it back")
    func openAndCloseBack() throws {
        let centre = oneBubble()
        #expect(stage.tap(at: centre) == .bubble(1))
        #expect(navigation.pages.map(\.name) == ["list#1", "article#3"])
        #expect(events(.bubbleOpened) == ["article#3 bubble#1 a"])
        #expect(events(.pageDidLoad).last == "article#3")
        let opened = chef.now
        var frame = stage.frame()
        #expect(frame.node("floating.transition")?.rect == Rect(x: 15, y: 47, width: 52, height: 52))
        #expect(frame.node("floating.bubble.1") == nil)
        chef.runUntilIdle()
        #expect(chef.now == opened + .milliseconds(350))
        #expect(stage.frame().node("floating.bubble.1") == nil && engine.floating.bubbles.first?.openPage == "article#3")

        // An interactive pop of it: no circle; the bubble fades in with min(2p, 1); released back.
        engine.pages.beginInteractivePop(.edge, start: Point(x: 5, y: 400), translation: Point(x: 78, y: 0))
        #expect(engine.floating.circle == nil)
        #expect(stage.frame().node("floating.bubble.1")?.opacity == 0.4)
        engine.pages.endInteractivePop(velocity: 0, finger: Self.inCircle)
        chef.runUntilIdle()
        #expect(stage.frame().node("floating.bubble.1") == nil && navigation.pages.count == 2)

        // The back button: shrink 0.35 s, then the transition view fades 0.2 s over the bubble.
        #expect(engine.pages.pop(animated: true))
        let popped = chef.now
        #expect(events(.bubbleClosed) == ["article#3 bubble#1 a"])
        chef.advance(to: popped + .milliseconds(350))
        frame = stage.frame()
        #expect(frame.node("floating.transition")?.rect == Rect(x: 15, y: 47, width: 52, height: 52))
        #expect(frame.node("floating.transition")?.opacity == 1)
        #expect(frame.node("floating.bubble.1")?.opacity == 1)
        chef.advance(to: popped + .milliseconds(450))
        #expect(abs((stage.frame().node("floating.transition")?.opacity ?? 0) - 0.5) < 1e-9)
        chef.runUntilIdle()
        #expect(stage.frame().node("floating.transition") == nil)
        #expect(navigation.pages.map(\.name) == ["list#1"] && engine.floating.bubbles.first?.openPage == nil)
    }

    @Test("an unanimated pop of a page opened from its bubble puts it back at once")
    func closeWithoutAnimation() {
        let centre = oneBubble()
        stage.tap(at: centre)
        chef.runUntilIdle()
        #expect(engine.pages.pop(animated: false))
        #expect(events(.bubbleClosed) == ["article#3 bubble#1 a"])
        #expect(stage.frame().node("floating.transition") == nil)
        #expect(engine.floating.bubbleFrame(1) == Rect(x: 15, y: 47, width: 52, height: 52))
    }

    @Test("a page opened from its bubble and popped by a pan shrinks back into it from where it is")
    func closeByPan() throws {
        let centre = oneBubble()
        stage.tap(at: centre)
        chef.runUntilIdle()
        engine.pages.beginInteractivePop(.edge, start: Point(x: 5, y: 400), translation: Point(x: 273, y: 0))
        #expect(engine.pages.endInteractivePop(velocity: 0, finger: Point(x: 278, y: 400)) == true)
        #expect(stage.frame().node("floating.transition")?.rect == Rect(x: 273, y: 0, width: 390, height: 844))
        #expect(events(.bubbleClosed).count == 1 && events(.bubbleCreated).count == 1)
        chef.runUntilIdle()
        #expect(engine.floating.bubbles.count == 1 && engine.floating.bubbles.first?.openPage == nil)
    }
}
