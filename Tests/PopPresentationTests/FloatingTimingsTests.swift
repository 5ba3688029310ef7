import Testing

@testable import PopChef
@testable import PopModel
@testable import PopPresentation

/// The floating window's timings where the spec is silent, each following Rogue24/JPSuspensionEntrance's
/// code (docs/floating.md, "Timings from JPSuspensionEntrance's code"), on a 390 × 844 stage (bubble 52 at
/// (15, 47)): the pop of a page that does not float, the expand from a bubble, the swipe back of a page
/// opened from its bubble.
@Suite struct FloatingTimingsTests {
    let chef = Chef()
    let stage: Stage
    let trace = TraceRecorder()
    static let bubble = Rect(x: 15, y: 47, width: 52, height: 52)
    static let screen = Rect(x: 0, y: 0, width: 390, height: 844)

    init() {
        chef.trace = trace
        stage = Stage(chef: chef)
    }

    var engine: PresentationEngine { stage.engine }
    var navigation: NavigationStack { chef.navigation }

    func page(_ kind: String, keep: String? = nil) -> Page {
        navigation.makePage(
            kind: kind, preferences: PagePreferences(title: kind, floating: keep.map { FloatingDeclaration(keep: $0, logo: "文") }),
            content: ContentNode(.text(kind, size: 17, weight: .regular, color: 0x0000_00FF, alignment: .leading, maxLines: 1)))
    }

    func events(_ kind: TraceEvent.Kind) -> [String] { trace.events.filter { $0.kind == kind }.map { $0.detail ?? "" } }

    /// A list, and an article popped into the corner circle: bubble#1 rests at (15, 47).
    func listAndBubble() {
        engine.pages.push(page("list"), animated: false)
        engine.pages.push(page("article", keep: "a"), animated: false)
        engine.pages.beginInteractivePop(.edge, start: Point(x: 5, y: 800), translation: Point(x: 300, y: 0))
        engine.pages.endInteractivePop(velocity: 0, finger: Point(x: 380, y: 830))
        chef.runUntilIdle()
    }

    /// The bubble's article opened by a tap and at rest on top of the list.
    func openArticle() {
        #expect(stage.tap(at: Point(x: 41, y: 73)) == .bubble(1))
        chef.runUntilIdle()
    }

    static func close(_ a: Rect?, _ b: Rect, within tolerance: Double = 1e-6) -> Bool {
        guard let a else { return false }
        return abs(a.x - b.x) < tolerance && abs(a.y - b.y) < tolerance && abs(a.width - b.width) < tolerance
            && abs(a.height - b.height) < tolerance
    }

    static func mix(_ a: Rect, _ b: Rect, _ p: Double) -> Rect {
        Rect(
            x: a.x + (b.x - a.x) * p, y: a.y + (b.y - a.y) * p, width: a.width + (b.width - a.width) * p,
            height: a.height + (b.height - a.height) * p)
    }

    /// A page that does not float is popped by UIKit's own transition: JPSuspensionEntrance returns no
    /// animator for it (JPSuspensionEntrance.m:397, `return nil`) and leaves UIKit's swipe back alone
    /// (JPSuspensionEntrance.m:439-441 refuses it only for floatable pages). pophost's stand-in for UIKit's
    /// default is its navigation transition (0.35 s ease-in-out, `PageTransitionBehaviour`); the floating
    /// window adds nothing: no transition view, no dimming, no circle, the bubble at rest and opaque.
    @Test("the pop of a page that does not float: the navigation's own transition, the bubble untouched (JPSuspensionEntrance.m:397)")
    func popOfAPageThatDoesNotFloat() throws {
        listAndBubble()
        engine.pages.push(page("settings"), animated: false)
        #expect(engine.pages.pop(animated: true))
        let popped = chef.now
        chef.advance(to: popped + .milliseconds(175))
        let progress = try #require(engine.pages.transitionProgress)
        #expect(abs(progress - PageTransitionBehaviour.curve.progress(at: 0.5)) < 1e-9)
        let frame = stage.frame()
        #expect(frame.node("floating.transition") == nil && frame.node("floating.dim") == nil && frame.node("floating.circle") == nil)
        #expect(frame.node("floating.bubble.1")?.rect == Self.bubble && frame.node("floating.bubble.1")?.opacity == 1)
        chef.runUntilIdle()
        #expect(chef.now == popped + PageTransitionBehaviour.duration)
        #expect(navigation.pages.count == 1 && events(.pageDidAppear).last == "list#1")

        // Its swipe back: UIKit's interactive pop, no corner circle, the bubble stays opaque.
        engine.pages.push(page("settings"), animated: false)
        engine.pages.beginInteractivePop(.edge, start: Point(x: 5, y: 400), translation: Point(x: 300, y: 0))
        #expect(engine.floating.circle == nil)
        #expect(stage.frame().node("floating.bubble.1")?.opacity == 1)
        #expect(engine.pages.endInteractivePop(velocity: 0, finger: Point(x: 380, y: 830)) == true)
        chef.runUntilIdle()
        #expect(engine.floating.bubbles.count == 1 && events(.bubbleCreated).count == 1)
    }

    /// The expand follows JPSuspensionTransition's spread: 0.35 s (JPSuspensionTransition.m:81); the mask
    /// grows from the bubble to the page's rect on ease-out in the first 4/5, its corners still the
    /// bubble's, then the corners square off linearly (JPSuspensionTransition.m:263, keyTimes 0, 4/5, 1;
    /// :265, ease-out then linear); the page underneath darkens to black on ease-out over the 0.35 s
    /// (JPSuspensionTransition.m:226-233, 270-271); the bubble hides at once (JPSuspensionTransition.m:218);
    /// the push completes with the 0.35 s (JPSuspensionTransition.m:273-274, 398).
    @Test(
        "the expand: the card reaches the page's rect at 4/5 of 0.35 s, then its corners square off; the push completes at 0.35 s (JPSuspensionTransition.m:263)"
    )
    func expandFromTheBubble() throws {
        listAndBubble()
        #expect(stage.tap(at: Point(x: 41, y: 73)) == .bubble(1))
        let opened = chef.now

        chef.advance(to: opened + .milliseconds(140))  // 2/5: half of the frame's move
        var frame = stage.frame()
        var card = try #require(frame.node("floating.transition"))
        #expect(Self.close(card.rect, Self.mix(Self.bubble, Self.screen, TimingCurve.easeOut.progress(at: 0.5))))
        #expect(card.cornerRadius == 26)
        let dim = try #require(frame.node("floating.dim"))
        #expect(dim.role == .dimming && dim.rect == Self.screen && dim.fill == 0x0000_00FF)
        #expect(abs(dim.opacity - TimingCurve.easeOut.progress(at: 0.4)) < 1e-9)
        #expect(frame.node("floating.bubble.1") == nil)

        chef.advance(to: opened + .milliseconds(280))  // 4/5: the page's rect, the bubble's corners
        card = try #require(stage.frame().node("floating.transition"))
        #expect(Self.close(card.rect, Self.screen) && abs(card.cornerRadius - 26) < 1e-6)

        chef.advance(to: opened + .milliseconds(315))  // 9/10: the corners half squared, linearly
        card = try #require(stage.frame().node("floating.transition"))
        #expect(Self.close(card.rect, Self.screen) && abs(card.cornerRadius - 13) < 1e-6)
        #expect(!events(.pageDidAppear).contains("article#3"))

        chef.runUntilIdle()
        #expect(chef.now == opened + .milliseconds(350))
        #expect(events(.pageDidAppear).last == "article#3")
        frame = stage.frame()
        #expect(frame.node("floating.transition") == nil && frame.node("floating.dim") == nil)
    }

    /// A swipe back of a page opened from its bubble is JP's interactive pop: the page follows the finger
    /// (JPSuspensionEntrance.m:409-411, the basic pop) while the bubble fades in with min(2p, 1)
    /// (JPSuspensionEntrance.m:127-130); a release that completes shrinks the page from where it is into
    /// the bubble (JPSuspensionEntrance.m:143-148 → JPSuspensionView.m:111, its on-screen frame) over
    /// 0.375 s on ease-in-out (JPSuspensionView.m:137, 158), the bubble fading out meanwhile
    /// (JPSuspensionView.m:159) until the card becomes it (JPSuspensionView.m:164): no 0.2 s fade, which
    /// is the programmatic pop's (JPSuspensionTransition.m:403). pophost's deliberate difference: the pop's
    /// "did" events come at the settle's end, as for a new bubble, not when the shrink ends.
    @Test("a swipe back of a page opened from its bubble shrinks into it from where it is over 0.375 s, no fade (JPSuspensionView.m:137)")
    func swipeBackIntoTheBubble() throws {
        listAndBubble()
        openArticle()
        engine.pages.beginInteractivePop(.edge, start: Point(x: 5, y: 400), translation: Point(x: 273, y: 0))
        #expect(stage.frame().node("floating.bubble.1")?.opacity == 1)  // min(2 · 0.7, 1)
        #expect(engine.pages.endInteractivePop(velocity: 0, finger: Point(x: 278, y: 400)) == true)
        let released = chef.now
        let from = Rect(x: 273, y: 0, width: 390, height: 844)
        #expect(stage.frame().node("floating.transition")?.rect == from)

        chef.advance(to: released + .milliseconds(140))  // the settle (8 frames) is over: the list did appear
        #expect(navigation.pages.count == 1 && events(.pageDidAppear).last == "list#1")
        #expect(stage.frame().node("floating.transition") != nil)
        // The bubble takes no touch until the card has become it (JPSuspensionView.m:109).
        #expect(!engine.floating.openBubble(1) && events(.bubbleRefused) == ["bubble#1: not floating at rest"])

        chef.advance(to: released + VirtualTime(microseconds: 187_500))  // half the shrink
        let frame = stage.frame()
        let card = try #require(frame.node("floating.transition"))
        let p = FloatingBehaviour.shrinkIntoNew.curve.progress(at: 0.5)
        #expect(Self.close(card.rect, Self.mix(from, Self.bubble, p)) && card.opacity == 1)
        #expect(abs((frame.node("floating.bubble.1")?.opacity ?? -1) - (1 - p)) < 1e-9)

        chef.advance(to: released + .milliseconds(375))  // the card has become the bubble: no fade
        #expect(stage.frame().node("floating.transition") == nil)
        #expect(stage.frame().node("floating.bubble.1")?.rect == Self.bubble && stage.frame().node("floating.bubble.1")?.opacity == 1)
        #expect(events(.bubbleClosed) == ["article#3 bubble#1 a"] && events(.bubbleCreated).count == 1)
        chef.runUntilIdle()
        #expect(chef.now == released + .milliseconds(375) && engine.floating.bubbles.first?.openPage == nil)
    }
}
