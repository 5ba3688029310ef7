import Testing

@testable import PopChef
@testable import PopModel
@testable import PopPresentation

/// Pages right to left (390 × 844): a pushed page arrives from the left and the covered one parallaxes to the
/// right, a popped page leaves to the left; the back button at the right end pointing right; the edge pop from
/// the right 20 pt (from the left refused); FDFullscreenPopGesture's full-screen pop leftward, its distance
/// limit measured from the right edge, its progress −tx / W and its release velocity mirrored.
@Suite struct RightToLeftPageTests {
    let chef = Chef()
    let stage: Stage
    let trace = TraceRecorder()

    init() {
        chef.trace = trace
        stage = Stage(chef: chef)
        stage.engine.setDisplayTraits(DisplayTraits(layoutDirection: .rightToLeft))
    }

    var navigation: NavigationStack { chef.navigation }
    var pages: PagePresenter { stage.engine.pages }

    func page(_ kind: String, maxInitialDistance: Double = 0) -> Page {
        navigation.makePage(
            kind: kind, preferences: PagePreferences(title: kind.capitalized, popGestureMaxInitialDistance: maxInitialDistance),
            content: ContentNode(.text(kind, size: 17, weight: .regular, color: 0x0000_00FF, alignment: .leading, maxLines: 1)))
    }

    func node(_ id: String, in frame: Frame) -> FrameNode? { frame.nodes.first { $0.id == id } }

    func listAndDetail(maxInitialDistance: Double = 0) {
        pages.push(page("list"), animated: false)
        pages.push(page("detail", maxInitialDistance: maxInitialDistance), animated: false)
    }

    func refusals() -> [String] { trace.events.filter { $0.kind == .pageRefused }.map { $0.detail ?? "" } }

    @Test("push: the arriving page from x = −W to 0, the covered one to +0.3 W; then the back button on the right")
    func pushFrames() {
        pages.push(page("list"), animated: false)
        pages.push(page("detail"), animated: true)
        let start = chef.clock.now
        for fraction in [0.0, 0.25, 0.5, 0.75] {
            chef.advance(to: start + .seconds(0.35 * fraction))
            let frame = stage.frame()
            let p = TimingCurve.easeInOut.progress(at: fraction)
            #expect(node("page.detail#2", in: frame)?.rect.x == -390 * (1 - p))
            #expect(node("page.list#1", in: frame)?.rect.x == -0.3 * -390 * p)
            #expect(node("page.detail#2.bar", in: frame)?.rect.x == -390 * (1 - p))
        }
        chef.runUntilIdle()
        let back = node("bar.back", in: stage.frame())
        #expect(back?.rect == Rect(x: 390 - 8 - 88, y: 47, width: 88, height: 44))
        #expect(back?.text?.lines == ["Back ›"] && back?.text?.alignment == .trailing)
    }

    @Test("pop: the leaving page to x = −W, the page underneath from +0.3 W")
    func popFrames() {
        listAndDetail()
        pages.pop(animated: true)
        let start = chef.clock.now
        for fraction in [0.25, 0.5] {
            chef.advance(to: start + .seconds(0.35 * fraction))
            let frame = stage.frame()
            let p = TimingCurve.easeInOut.progress(at: fraction)
            #expect(node("page.detail#2", in: frame)?.rect.x == -390 * p)
            #expect(node("page.list#1", in: frame)?.rect.x == -0.3 * -390 * (1 - p))
        }
        chef.runUntilIdle()
        #expect(navigation.pages.count == 1)
    }

    @Test("the edge pop starts in the right 20 pt and follows the finger leftward; it settles the same each time")
    func edgePanFromTheRight() throws {
        listAndDetail()
        stage.pointerDown(at: Point(x: 385, y: 400))
        stage.pointerMoved(to: Point(x: 290, y: 405))
        #expect(pages.interactivePop?.progress == 95.0 / 390)
        #expect(node("page.detail#2", in: stage.frame())?.rect.x == -390 * (95.0 / 390))
        stage.pointerMoved(to: Point(x: 120, y: 405))
        stage.pointerUp(at: Point(x: 120, y: 405))
        let pop = try #require(pages.interactivePop)
        #expect(pop.progress == 265.0 / 390 && pop.rightToLeft)
        chef.advance(by: .milliseconds(50))
        let settled = pop.settledProgress(completing: true, after: .milliseconds(50))
        #expect(settled > pop.progress)
        #expect(node("page.detail#2", in: stage.frame())?.rect.x == -390 * settled)
        chef.runUntilIdle()
        #expect(navigation.pages.count == 1 && refusals().isEmpty)
    }

    @Test("a pan from the left edge does not pop in right-to-left")
    func edgePanFromTheLeftRefused() {
        listAndDetail()
        stage.pointerDown(at: Point(x: 5, y: 400))
        stage.pointerMoved(to: Point(x: 100, y: 400))
        stage.pointerUp(at: Point(x: 100, y: 400))
        chef.runUntilIdle()
        #expect(navigation.pages.count == 2)
        #expect(refusals() == ["full-screen pan: not-toward-trailing"])
        #expect(pages.popGestureKind(startingAt: Point(x: 5, y: 400)) == .fullScreen)
        #expect(pages.popGestureKind(startingAt: Point(x: 371, y: 400)) == .edge)
        #expect(
            PopGestureRule.refusal(
                .edge, start: Point(x: 5, y: 400), translation: Point(x: -50, y: 0), screenWidth: 390, pageCount: 2,
                top: PagePreferences(), inTransition: false, rightToLeft: true) == .tooFarFromEdge)
    }

    @Test("FD's full-screen pop: leftward, the distance limit from the right edge (FD's bug fixed), progress −tx / W")
    func fullScreenPop() {
        listAndDetail(maxInitialDistance: 100)
        // 120 pt from the right edge: too far; FD would measure 270 from the left and refuse even at 300.
        #expect(pages.beginInteractivePop(.fullScreen, start: Point(x: 270, y: 400), translation: Point(x: -40, y: 0)) == .tooFarFromEdge)
        // Rightward: not toward the trailing side.
        #expect(pages.beginInteractivePop(.fullScreen, start: Point(x: 300, y: 400), translation: Point(x: 40, y: 0)) == .notTowardTrailing)
        // 90 pt from the right edge, leftward: it pops.
        #expect(pages.beginInteractivePop(.fullScreen, start: Point(x: 300, y: 400), translation: Point(x: -40, y: 0)) == nil)
        pages.moveInteractivePop(translation: -130)
        #expect(pages.interactivePop?.progress == 130.0 / 390)
        // A fast flick leftward (−600 pt/s) completes short of half the width.
        #expect(pages.endInteractivePop(velocity: -600) == true)
        chef.runUntilIdle()
        #expect(navigation.pages.count == 1)
        #expect(refusals() == ["full-screen pan: too-far-from-edge", "full-screen pan: not-toward-trailing"])
    }

    @Test("a fast flick rightward cancels a right-to-left pop past half the width")
    func releaseVelocityMirrored() {
        listAndDetail()
        #expect(pages.beginInteractivePop(.edge, start: Point(x: 385, y: 400), translation: Point(x: -250, y: 0)) == nil)
        #expect(pages.endInteractivePop(velocity: 600) == false)
        chef.runUntilIdle()
        #expect(navigation.pages.count == 2)
    }

    @Test("left to right is unchanged: the same push frames and back button as before")
    func leftToRightUnchanged() {
        stage.engine.setDisplayTraits(DisplayTraits())
        pages.push(page("list"), animated: false)
        pages.push(page("detail"), animated: true)
        chef.advance(by: .milliseconds(175))
        let p = TimingCurve.easeInOut.progress(at: 0.5)
        #expect(node("page.detail#2", in: stage.frame())?.rect.x == 390 * (1 - p))
        chef.runUntilIdle()
        let back = node("bar.back", in: stage.frame())
        #expect(back?.rect.x == 8 && back?.text?.lines == ["‹ Back"] && back?.text?.alignment == .leading)
    }
}
