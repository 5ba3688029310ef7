import Testing

@testable import PopModel
@testable import PopPresentation

/// The page transition's pure halves: every number derived from the rule that gives it.
@Suite struct PageTransitionTests {
    /// The default phone: 390 wide, safe area top 47.
    let layout = NavigationLayout(scene: Scene())

    // MARK: Layout

    /// Push: the arriving page slides in from x = W; the covered one goes to −0.3 W.
    @Test(arguments: [0.0, 0.25, 0.5, 1.0])
    func pushOffsets(progress: Double) {
        let offsets = layout.pageOffsets(isPop: false, progress: progress)
        #expect(offsets.arriving == 390 * (1 - progress))
        #expect(offsets.leaving == -0.3 * 390 * progress)
    }

    /// Pop: the top page slides out to x = W; the one under comes from −0.3 W (−117 pt) to 0.
    @Test func popOffsets() {
        #expect(layout.pageOffsets(isPop: true, progress: 0) == (leaving: 0, arriving: -117))
        #expect(layout.pageOffsets(isPop: true, progress: 0.5) == (leaving: 195, arriving: -58.5))
        #expect(layout.pageOffsets(isPop: true, progress: 1) == (leaving: 390, arriving: 0))
        #expect(layout.pageOffsets(isPop: true, progress: 2) == (leaving: 390, arriving: 0))
    }

    /// A page's bar background runs from the screen's top under the status bar (47) to the bar's
    /// bottom (44 more; 52 more for a large title); a hidden bar has none, and no shadow.
    @Test func barRects() {
        #expect(layout.barBackground(BarStyle(), pageX: 10) == Rect(x: 10, y: 0, width: 390, height: 91))
        #expect(layout.barBackground(BarStyle(largeTitle: true), pageX: 0) == Rect(x: 0, y: 0, width: 390, height: 143))
        #expect(layout.barBackground(BarStyle(hidden: true), pageX: 0) == nil)
        #expect(layout.barShadow(BarStyle(), pageX: 0) == Rect(x: 0, y: 91, width: 390, height: 0.5))
        #expect(layout.barShadow(.transparent, pageX: 0) == nil)
        #expect(layout.barShadow(BarStyle(hidden: true), pageX: 0) == nil)
    }

    /// Content starts under the bar (47 + 44) or under the status bar when the bar is hidden, and
    /// ends at the safe area's bottom (844 − 34).
    @Test func contentRects() {
        #expect(layout.content(BarStyle(), pageX: 0) == Rect(x: 0, y: 91, width: 390, height: 719))
        #expect(layout.content(BarStyle(hidden: true), pageX: 0) == Rect(x: 0, y: 47, width: 390, height: 763))
    }

    // MARK: The bars' drawing rules

    @Test func titlesCrossfade() {
        let shown = BarStyle(), hidden = BarStyle(hidden: true)
        #expect(PageTransitionBehaviour.titleOpacities(progress: 0.25, leaving: shown, arriving: shown) == (0.75, 0.25))
        #expect(PageTransitionBehaviour.titleOpacities(progress: 0.25, leaving: hidden, arriving: shown) == (0, 0.25))
        #expect(PageTransitionBehaviour.titleOpacities(progress: 0.25, leaving: hidden, arriving: hidden) == (0, 0))
    }

    /// The colour's own alpha is replaced by `backgroundAlpha` (× 0.94 when translucent).
    @Test func backgroundFill() {
        #expect(
            PageTransitionBehaviour.backgroundFill(BarStyle(background: 0x1122_33FF, backgroundAlpha: 1, translucent: false)).rawValue
                == 0x1122_33FF)
        #expect(
            PageTransitionBehaviour.backgroundFill(BarStyle(background: 0x1122_3300, backgroundAlpha: 1, translucent: true)).rawValue
                == 0x1122_33F0)
        #expect(PageTransitionBehaviour.backgroundFill(.transparent).alpha == 0)
    }

    /// Toggling translucency changes only the background's alpha, never the geometry (KM #62's flash
    /// came from the layout jumping).
    @Test func translucencyKeepsTheGeometry() {
        let opaque = BarStyle(translucent: false), translucent = BarStyle(translucent: true)
        #expect(layout.content(opaque, pageX: 0) == layout.content(translucent, pageX: 0))
        #expect(layout.barBackground(opaque, pageX: 0) == layout.barBackground(translucent, pageX: 0))
    }

    /// A programmatic transition eases in and out over 0.35 s.
    @Test func programmaticProgress() {
        let motion = PageTransitionBehaviour.Motion.animated(start: .milliseconds(1000))
        #expect(motion.progress(at: .milliseconds(1000)) == 0)
        #expect(motion.progress(at: .milliseconds(1175)) == TimingCurve.easeInOut.progress(at: 0.5))
        #expect(motion.progress(at: .milliseconds(1350)) == 1)
        #expect(motion.progress(at: .milliseconds(2000)) == 1)
    }

    // MARK: The interactive pop

    /// Progress is the rightward travel over the width, clamped.
    @Test func interactiveProgress() {
        var pop = InteractivePop(width: 400)
        pop.update(translation: 100)
        #expect(pop.progress == 0.25)
        pop.update(translation: -30)
        #expect(pop.progress == 0)
        pop.update(translation: 500)
        #expect(pop.progress == 1)
        var rtl = InteractivePop(width: 400, rightToLeft: true)
        rtl.update(translation: -100)
        #expect(rtl.progress == 0.25)
    }

    /// The release rule: > 500 pt/s completes, < −500 cancels, else progress > 0.5 completes.
    @Test(arguments: [
        (0.1, 501.0, true), (0.9, -501.0, false), (0.9, 500.0, true), (0.5, 500.0, false), (0.51, 0.0, true),
        (0.5, 0.0, false), (0.49, -500.0, false), (0.2, 1000.0, true),
    ])
    func releaseRule(progress: Double, velocity: Double, completes: Bool) {
        #expect(InteractivePop.completes(progress: progress, velocity: velocity) == completes)
    }

    /// In a right-to-left layout a leftward fling completes.
    @Test func releaseRuleMirrors() {
        var pop = InteractivePop(width: 400, rightToLeft: true)
        pop.update(translation: -40)
        #expect(pop.completes(velocity: -800))
        #expect(!pop.completes(velocity: 800))
    }

    /// The settle moves 1/24 of the width per 60 Hz frame: from 0.5 to 1 is 12 frames (200 ms); from
    /// 0.3 back to 0 is 7.2 → 8 frames (133.334 ms, rounded up to the microsecond).
    @Test func settle() {
        var pop = InteractivePop(width: 390)
        pop.update(translation: 195)
        #expect(pop.settleDuration(completing: true) == .milliseconds(200))
        #expect(pop.settledProgress(completing: true, after: .zero) == 0.5)
        #expect(pop.settledProgress(completing: true, after: .milliseconds(50)) == 0.5 + 3.0 / 24)
        #expect(pop.settledProgress(completing: true, after: .milliseconds(200)) == 1)
        pop.update(translation: 117)
        #expect(pop.settleDuration(completing: false) == VirtualTime(microseconds: 133_334))
        #expect(pop.settledProgress(completing: false, after: .seconds(1)) == 0)
    }

    // MARK: The gesture rules (FDFullscreenPopGesture's, with the spec's thresholds)

    static let page = PagePreferences(title: "B")
    static let disabled = PagePreferences(title: "B", popGestureEnabled: false)
    static let limited = PagePreferences(title: "B", popGestureMaxInitialDistance: 100)

    @Test(
        arguments: [
            // kind, start x, translation, pages, top, in transition → refusal
            (PopGestureRule.Kind.edge, 10.0, Point(x: 30, y: 0), 1, page, false, PopGestureRule.Refusal.onePage),
            (.edge, 10, Point(x: 30, y: 0), 2, disabled, false, .disabled),
            (.edge, 21, Point(x: 30, y: 0), 2, page, false, .tooFarFromEdge),
            (.edge, 20, Point(x: 30, y: 0), 2, page, false, nil),
            (.fullScreen, 300, Point(x: 30, y: 0), 2, page, false, nil),
            (.fullScreen, 101, Point(x: 30, y: 0), 2, limited, false, .tooFarFromEdge),
            (.fullScreen, 100, Point(x: 30, y: 0), 2, limited, false, nil),
            (.fullScreen, 50, Point(x: 30, y: 0), 2, page, true, .inTransition),
            (.fullScreen, 50, Point(x: -30, y: 0), 2, page, false, .notTowardTrailing),
            (.fullScreen, 50, Point(x: 30, y: 30), 2, page, false, .notTowardTrailing),
            (.fullScreen, 50, Point(x: 30, y: -29), 2, page, false, nil),
        ] as [(PopGestureRule.Kind, Double, Point, Int, PagePreferences, Bool, PopGestureRule.Refusal?)])
    func gestureRules(
        kind: PopGestureRule.Kind, startX: Double, translation: Point, pages: Int, top: PagePreferences, inTransition: Bool,
        refusal: PopGestureRule.Refusal?
    ) {
        let result = PopGestureRule.refusal(
            kind, start: Point(x: startX, y: 400), translation: translation, screenWidth: 390, pageCount: pages, top: top,
            inTransition: inTransition)
        #expect(result == refusal)
    }

    /// Mirrored in right-to-left layouts: the edge is the right one, the movement leftward.
    @Test func gestureRulesMirror() {
        let rule = { (x: Double, dx: Double) in
            PopGestureRule.refusal(
                .edge, start: Point(x: x, y: 400), translation: Point(x: dx, y: 0), screenWidth: 390, pageCount: 2,
                top: Self.page, inTransition: false, rightToLeft: true)
        }
        #expect(rule(380, -30) == nil)
        #expect(rule(380, 30) == .notTowardTrailing)
        #expect(rule(10, -30) == .tooFarFromEdge)
    }
}
