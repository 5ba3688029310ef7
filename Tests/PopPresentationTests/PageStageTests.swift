import Testing

@testable import PopChef
@testable import PopModel
@testable import PopPresentation

/// Pages on a stage: the frames during push, pop and cancelled pop (each page's own bar on its own
/// view, the real bar's background hidden), the pan from the left edge and the back button, and the
/// failure modes the spec lists.
@Suite struct PageStageTests {
    let chef = Chef()
    let stage: Stage
    let trace = TraceRecorder()

    init() {
        chef.trace = trace
        stage = Stage(chef: chef)
    }

    var navigation: NavigationStack { chef.navigation }

    func page(_ kind: String, _ bar: BarStyle = BarStyle(), gesture: Bool = true) -> Page {
        navigation.makePage(
            kind: kind, preferences: PagePreferences(title: kind.capitalized, bar: bar, popGestureEnabled: gesture),
            content: ContentNode(.text(kind, size: 17, weight: .regular, color: 0x0000_00FF, alignment: .leading, maxLines: 1)))
    }

    func node(_ id: String, in frame: Frame) -> FrameNode? { frame.nodes.first { $0.id == id } }

    /// A list page with a detail page pushed on it, settled.
    func listAndDetail(detailBar: BarStyle = .transparent) -> (Page, Page) {
        let list = page("list"), detail = page("detail", detailBar)
        stage.engine.pages.push(list, animated: false)
        stage.engine.pages.push(detail, animated: false)
        return (list, detail)
    }

    @Test func atRestTheRealBarCarriesTheTopPageStyle() {
        stage.engine.pages.push(page("list"), animated: false)
        let frame = stage.frame()
        #expect(node("bar.background", in: frame)?.fill == PageTransitionBehaviour.backgroundFill(BarStyle()))
        #expect(node("bar.title.list#1", in: frame)?.text?.lines == ["List"])
        #expect(node("bar.back", in: frame) == nil)
        #expect(node("app.row.0", in: frame) == nil)  // the fixed app is gone
    }

    /// Push at 0, ¼, ½ and the end: the arriving page at W(1−p), the covered one at −0.3 W p, each
    /// with its own fake bar; no real bar background until the end.
    @Test func pushFrames() {
        let list = page("list")
        stage.engine.pages.push(list, animated: false)
        let detail = page("detail", .transparent)
        stage.engine.pages.push(detail, animated: true)
        let start = chef.clock.now
        for fraction in [0.0, 0.5] {
            chef.advance(to: start + .seconds(0.35 * fraction))
            let frame = stage.frame()
            let p = TimingCurve.easeInOut.progress(at: fraction)
            #expect(node("page.detail#2", in: frame)?.rect.x == 390 * (1 - p))
            #expect(node("page.list#1", in: frame)?.rect.x == -0.3 * 390 * p)
            #expect(node("page.list#1.bar", in: frame)?.fill == PageTransitionBehaviour.backgroundFill(BarStyle()))
            #expect(node("page.detail#2.bar", in: frame)?.fill?.alpha == 0)
            #expect(node("bar.background", in: frame) == nil)
        }
        chef.runUntilIdle()
        let end = stage.frame()
        #expect(node("bar.background", in: end)?.fill?.alpha == 0)
        #expect(node("page.list#1", in: end) == nil)
        #expect(node("bar.back", in: end) != nil)
        #expect(navigation.transition == nil)
    }

    /// On pop the arriving page's style is on the real bar from the start.
    @Test func popAppliesTheArrivingStyleAtTheStart() {
        _ = listAndDetail()
        stage.engine.pages.pop(animated: true)
        #expect(navigation.barStyle == BarStyle())
        chef.advance(by: .milliseconds(175))
        let frame = stage.frame()
        let p = TimingCurve.easeInOut.progress(at: 0.5)
        #expect(node("page.detail#2", in: frame)?.rect.x == 390 * p)
        #expect(node("page.list#1", in: frame)?.rect.x == -0.3 * 390 * (1 - p))
        chef.runUntilIdle()
        #expect(navigation.pages.map(\.name) == ["list#1"])
        #expect(trace.events.last?.kind == .pageReleased)
    }

    /// The back button pops; a drag from the left edge pops interactively, following the finger.
    @Test func backButtonAndEdgePan() {
        _ = listAndDetail()
        let back = node("bar.back", in: stage.frame())!
        #expect(stage.tap(at: back.rect.center) == .back)
        chef.runUntilIdle()
        #expect(navigation.pages.count == 1)
        stage.engine.pages.push(page("third"), animated: false)
        stage.pointerDown(at: Point(x: 5, y: 400))
        chef.advance(by: .milliseconds(100))
        stage.pointerMoved(to: Point(x: 100, y: 405))
        #expect(stage.engine.pages.interactivePop?.progress == 95.0 / 390)
        #expect(node("page.third#3", in: stage.frame())?.rect.x == 95)
        chef.advance(by: .milliseconds(100))
        stage.pointerMoved(to: Point(x: 300, y: 405))
        stage.pointerUp(at: Point(x: 300, y: 405))
        chef.runUntilIdle()
        #expect(navigation.pages.count == 1)
    }

    /// A slow release short of half the width goes back: the cancelled order, the leaving page's
    /// style back on the real bar, and the frames step back by 1/24 of the width per frame.
    @Test func cancelledSwipe() {
        _ = listAndDetail()
        #expect(stage.engine.pages.beginInteractivePop(.fullScreen, start: Point(x: 150, y: 400), translation: Point(x: 10, y: 0)) == nil)
        stage.engine.pages.moveInteractivePop(translation: 117)  // 0.3
        #expect(stage.engine.pages.endInteractivePop(velocity: 100) == false)
        let start = chef.clock.now
        chef.advance(to: start + VirtualTime(microseconds: 16_667 * 2))
        #expect(abs(stage.engine.pages.transitionProgress! - (0.3 - 2.0 / 24)) < 1e-12)
        chef.runUntilIdle()
        #expect(chef.clock.now == start + VirtualTime(microseconds: 133_334))
        let order = trace.events.filter { $0.kind.rawValue.hasPrefix("page-") }.suffix(8).map { "\($0.kind.rawValue) \($0.detail!)" }
        #expect(
            order == [
                "page-pop-began detail#2", "page-will-disappear detail#2", "page-will-appear list#1", "page-pop-cancelled detail#2",
                "page-will-disappear list#1", "page-will-appear detail#2", "page-did-disappear list#1", "page-did-appear detail#2",
            ])
        #expect(navigation.barStyle == .transparent)
        #expect(node("bar.background", in: stage.frame())?.fill?.alpha == 0)
    }

    /// KM #42: after a cancelled swipe, a second swipe pops the same way.
    @Test func cancelThenSwipeAgain() {
        _ = listAndDetail()
        stage.engine.pages.beginInteractivePop(.edge, start: Point(x: 5, y: 400), translation: Point(x: 10, y: 0))
        stage.engine.pages.endInteractivePop(velocity: -900)
        chef.runUntilIdle()
        #expect(navigation.pages.count == 2)
        #expect(stage.engine.pages.beginInteractivePop(.edge, start: Point(x: 5, y: 400), translation: Point(x: 10, y: 0)) == nil)
        stage.engine.pages.endInteractivePop(velocity: 900)
        chef.runUntilIdle()
        #expect(navigation.pages.map(\.name) == ["list#1"])
    }

    /// FD #163: a swipe during the settle of the previous one is refused; the stack stays whole.
    @Test func fastRepeatedSwipes() {
        _ = listAndDetail()
        stage.engine.pages.push(page("third"), animated: false)
        stage.engine.pages.beginInteractivePop(.fullScreen, start: Point(x: 100, y: 400), translation: Point(x: 30, y: 0))
        stage.engine.pages.endInteractivePop(velocity: 2000)
        let again = stage.engine.pages.beginInteractivePop(.fullScreen, start: Point(x: 100, y: 400), translation: Point(x: 30, y: 0))
        #expect(again == .inTransition)
        chef.runUntilIdle()
        #expect(navigation.pages.map(\.kind) == ["list", "detail"])
    }

    /// Seed 003 §4.3.1: both pages hide the bar; a pop draws no bar at any instant (no flash).
    @Test func bothPagesHidden() {
        let hidden = BarStyle(hidden: true)
        stage.engine.pages.push(page("a", hidden), animated: false)
        stage.engine.pages.push(page("b", hidden), animated: false)
        stage.engine.pages.beginInteractivePop(.edge, start: Point(x: 5, y: 400), translation: Point(x: 10, y: 0))
        stage.engine.pages.moveInteractivePop(translation: 200)
        stage.engine.pages.endInteractivePop(velocity: 0)
        var instants = 0
        while navigation.transition != nil {
            let frame = stage.frame()
            #expect(!frame.nodes.contains { $0.id.hasPrefix("bar.") || $0.id.hasSuffix(".bar") || $0.id.hasSuffix(".bar.shadow") })
            chef.advance(by: VirtualTime(microseconds: 16_667))
            instants += 1
        }
        #expect(instants == 12)  // (1 − 200/390) / (1/24) = 11.7 → 12 frames
        #expect(!stage.frame().nodes.contains { $0.id.hasPrefix("bar.") })
    }

    /// A frame mid-pop does not depend on the frames drawn before it: each page's content is drawn
    /// once per page and size and then moved (`FrameCache.pageContent`), giving the nodes drawn in
    /// place — a page taller than the screen (clipped) and one that fits, through a rotation.
    @Test func midPopFramesDoNotDependOnEarlierFrames() {
        func rows(_ count: Int) -> ContentNode {
            ContentNode(
                .vstack(
                    spacing: 1, alignment: .fill,
                    children: (1...count).map {
                        ContentNode(.text("Row \($0)", size: 17, weight: .regular, color: 0x0000_00FF, alignment: .leading, maxLines: 1))
                    }))
        }
        func frameMidPop(drawingOnTheWay: Bool) -> Frame {
            let stage = Stage(chef: Chef())
            let navigation = stage.chef.navigation
            stage.engine.pages.push(
                navigation.makePage(kind: "list", preferences: PagePreferences(title: "List"), content: rows(80)), animated: false)
            stage.engine.pages.push(
                navigation.makePage(kind: "detail", preferences: PagePreferences(title: "Detail", bar: .transparent), content: rows(3)),
                animated: false)
            if drawingOnTheWay { _ = stage.frame() }
            stage.engine.pages.beginInteractivePop(.edge, start: Point(x: 5, y: 300), translation: Point(x: 10, y: 0))
            for translation in [40.0, 170.5, 90.25] {
                stage.engine.pages.moveInteractivePop(translation: translation)
                if drawingOnTheWay { _ = stage.frame() }
            }
            stage.engine.rotate(to: .landscape)
            if drawingOnTheWay { _ = stage.frame() }
            stage.engine.pages.moveInteractivePop(translation: 333.3)
            return stage.frame()
        }
        let frame = frameMidPop(drawingOnTheWay: true)
        #expect(frame.nodes.contains { $0.id.hasPrefix("page.list#1.content.") && $0.clip != nil })
        #expect(frame.nodes.contains { $0.id.hasPrefix("page.detail#2.content.") && $0.clip == nil })
        #expect(frame == frameMidPop(drawingOnTheWay: false))
    }

    /// A page that disables the gesture, and a one-page stack, refuse the pan; the app still gets taps.
    @Test func refusedPans() {
        stage.engine.pages.push(page("list"), animated: false)
        stage.pointerDown(at: Point(x: 5, y: 400))
        stage.pointerMoved(to: Point(x: 100, y: 400))
        stage.pointerUp(at: Point(x: 100, y: 400))
        #expect(trace.events.last { $0.kind == .pageRefused }?.detail == "edge pan: one-page")
        stage.engine.pages.push(page("locked", gesture: false), animated: false)
        #expect(stage.engine.pages.beginInteractivePop(.edge, start: Point(x: 5, y: 400), translation: Point(x: 30, y: 0)) == .disabled)
        #expect(navigation.transition == nil)
    }
}
