import PopChef
import PopModel

/// The engine's side of the floating window (seed 002, JPSuspensionEntrance): it turns a page
/// popped into the corner circle into a bubble, runs the bubbles' drags, snaps and deletions, opens
/// a page from its bubble with the stack's own push and closes it back on pop. The geometry is
/// `FloatingLayout`'s, the motion `FloatingBehaviour`'s; the stack hears only pushes and pops, so
/// the pages' lifecycle is the navigation's.
extension PresentationEngine {
    var floatingLayout: FloatingLayout { FloatingLayout(scene: scene) }

    /// The bubbles, oldest first.
    public var bubbles: [FloatingBubble] { floating.bubbles }

    // MARK: The corner circle

    /// The corner circle now, if it shows.
    public var floatingCircle: FloatingCircle? {
        let layout = floatingLayout
        if case .dragging(let pop) = pageMotion, let top = navigation.top, top.preferences.floating != nil,
            floating.bubble(openAs: top.name) == nil
        {
            let progress = FloatingLayout.circleProgress(popProgress: pop.progress)
            let armed = progress >= 1
            return FloatingCircle(
                mode: .create, centre: layout.circleCentre(progress: progress), radius: layout.circleRadius, armed: armed,
                touched: armed && floating.touch.touched, scale: circleScale)
        }
        guard let circle = floating.deleteCircle else { return nil }
        let progress = FloatingBehaviour.circleProgress(showing: circle.showing, from: circle.from, elapsed: now - circle.start)
        guard circle.showing || progress > 0 else { return nil }
        return FloatingCircle(
            mode: .delete, centre: layout.circleCentre(progress: progress), radius: layout.circleRadius, armed: circle.showing,
            touched: circle.showing && floating.touch.touched, scale: circleScale)
    }

    private var circleScale: Double {
        FloatingBehaviour.circleScale(touched: floating.touch.touched, from: floating.touch.fromScale, elapsed: now - floating.touch.since)
    }

    /// The finger is at `point`: the circle hears whether it is in it (armed: create mode all in, or
    /// delete mode), and grows or shrinks back.
    func moveFloatingFinger(to point: Point) {
        floating.finger = point
        let armed = floatingCircle?.armed ?? false
        setTouched(armed && floatingLayout.isInCircle(point))
    }

    private func setTouched(_ touched: Bool) {
        guard touched != floating.touch.touched else { return }
        floating.touch = FloatingState.Touch(touched: touched, fromScale: circleScale, since: now)
        keepRunning(for: FloatingBehaviour.circle.duration)
    }

    // MARK: Pops

    /// An interactive pop is released (`completing` by the navigation's rule) with the finger at
    /// `finger`: a page opened from its bubble shrinks back into it when the pop completes; a
    /// floatable page released with the finger in the armed circle shrinks into a new bubble from
    /// where it is on screen, and the pop completes even at exactly half the width. Returns whether
    /// the pop completes.
    func releaseFloatingPop(_ pop: InteractivePop, completing: Bool, finger: Point?) -> Bool {
        defer { resetTouch() }
        guard let page = navigation.top else { return completing }
        let frame = NavigationLayout(scene: scene).page(pageX: navigationOffset(popProgress: pop.progress))
        if let index = floating.bubbles.firstIndex(where: { $0.openPage == page.name }) {
            if completing { closeIntoBubble(at: index, page: page, from: frame) }
            return completing
        }
        guard let circle = floatingCircle, circle.mode == .create, circle.armed, let finger, floatingLayout.isInCircle(finger) else {
            return completing
        }
        createBubble(from: page, frame: frame)
        return true
    }

    /// Why `floatTopPage()` would be refused now, said for a person; nil when it would float the top page.
    public var floatTopPageRefusal: String? {
        guard let page = navigation.top else { return "there is no page" }
        if page.preferences.floating == nil {
            return
                "the top page (\(page.kind)) cannot float: it declares no floating (a controller loader's pop.floating/1, or `floating` in a declared page)"
        }
        if floating.bubble(openAs: page.name) != nil {
            return "the top page (\(page.kind)) is open from its bubble: a pop closes it back into it"
        }
        if navigation.transition != nil { return "a page transition is under way" }
        if navigation.pages.count < 2 { return "the top page (\(page.kind)) is the only page, and the root page cannot be popped" }
        return nil
    }

    /// Floats the top page without the gesture (WeChat's other way: its menu's "浮窗" button): it is
    /// popped, shrinking into a new bubble from the full screen over 0.375 s. False when the top
    /// page cannot float, is open from its bubble (a pop closes it back), or the stack cannot pop now
    /// (`floatTopPageRefusal` says which).
    @discardableResult
    public func floatTopPage() -> Bool {
        guard let page = navigation.top, page.preferences.floating != nil, floating.bubble(openAs: page.name) == nil,
            navigation.pop(animated: true) != nil
        else { return false }
        runProgrammaticTransition()
        createBubble(from: page, frame: NavigationLayout(scene: scene).page(pageX: 0))
        return true
    }

    /// The x of the page being popped at `popProgress` (right-to-left mirrored by `InteractivePop`).
    private func navigationOffset(popProgress: Double) -> Double {
        NavigationLayout(scene: scene).pageOffsets(isPop: true, progress: popProgress).leaving
    }

    /// A programmatic pop of `page` has started: a page opened from its bubble shrinks back into it
    /// (animated), or is back in it at once.
    func floatingPopStarted(_ page: Page, animated: Bool) {
        guard let index = floating.bubbles.firstIndex(where: { $0.openPage == page.name }) else { return }
        if animated {
            closeIntoBubble(at: index, page: page, from: NavigationLayout(scene: scene).page(pageX: 0))
        } else {
            floating.bubbles[index].openPage = nil
            floating.bubbles[index].pageName = page.name
            floating.bubbles[index].appearsAt = now
            record(.bubbleClosed, floating.bubbles[index], floating.bubbles[index].declaration.keep)
        }
    }

    private func resetTouch() {
        floating.touch = FloatingState.Touch(touched: false, fromScale: 1, since: now)
        floating.finger = nil
    }

    /// `page` shrinks from `frame` into a new bubble at the top-left snapping position; the bubble
    /// with the same `keep`, or the oldest when `FloatingBehaviour.bubbleLimit` float already, goes.
    private func createBubble(from page: Page, frame: Rect) {
        guard let declaration = page.preferences.floating else { return }
        let layout = floatingLayout
        var origin: Point?
        if let same = floating.bubbles.firstIndex(where: { $0.declaration.keep == declaration.keep && $0.openPage == nil }) {
            let old = floating.bubbles.remove(at: same)
            origin = old.origin
            record(.bubbleReplaced, old, "by \(page.name)")
        } else if floating.bubbles.count >= FloatingBehaviour.bubbleLimit {
            let old = floating.bubbles.removeFirst()
            record(.bubbleReplaced, old, "by \(page.name) (limit \(FloatingBehaviour.bubbleLimit))")
        }
        let target = origin ?? layout.newBubbleOrigin(avoiding: floating.bubbles.map { layout.bubbleFrame(origin: $0.origin) })
        floating.sequence += 1
        let shrink = FloatingBehaviour.shrinkIntoNew
        let bubble = FloatingBubble(
            number: floating.sequence, kind: page.kind, preferences: page.preferences, content: page.content, request: page.request,
            declaration: declaration,
            origin: target, pageName: page.name, appearsAt: now + shrink.duration)
        floating.bubbles.append(bubble)
        record(.bubbleCreated, bubble, declaration.keep)
        showCard(
            for: page, declaration: declaration, from: frame, to: layout.bubbleFrame(origin: target), expanding: false,
            duration: shrink.duration, curve: shrink.curve, fadeOut: .zero)
    }

    private func closeIntoBubble(at index: Int, page: Page, from frame: Rect) {
        floating.bubbles[index].openPage = nil
        floating.bubbles[index].pageName = page.name
        floating.bubbles[index].appearsAt = now
        let bubble = floating.bubbles[index]
        record(.bubbleClosed, bubble, bubble.declaration.keep)
        showCard(
            for: page, declaration: bubble.declaration, from: frame, to: floatingLayout.bubbleFrame(origin: bubble.origin),
            expanding: false,
            duration: FloatingBehaviour.expand.duration, curve: FloatingBehaviour.expand.curve, fadeOut: FloatingBehaviour.fade)
    }

    private func showCard(
        for page: Page, declaration: FloatingDeclaration, from: Rect, to: Rect, expanding: Bool, duration: VirtualTime,
        curve: TimingCurve, fadeOut: VirtualTime
    ) {
        let bubbleRadius = floatingLayout.bubbleSide / 2
        let morph = FloatingMorph(
            from: from, to: to, fromRadius: expanding ? bubbleRadius : 0, toRadius: expanding ? 0 : bubbleRadius, start: now,
            duration: duration, curve: curve, fadeOut: fadeOut)
        floating.card = FloatingState.Card(
            morph: morph, page: page.name, fill: page.content.background ?? Palette.appBackground, declaration: declaration)
        keepRunning(for: duration + fadeOut)
    }

    /// The page the transition view stands for now (not drawn itself), if one shows.
    var pageHiddenByFloating: String? {
        guard let card = floating.card, card.morph.value(at: now) != nil else { return nil }
        return card.page
    }

    /// The progress the pages are drawn at: while the transition view stands for one of them, the
    /// other is drawn where it rests (JPSuspensionTransition takes the page out of the transition:
    /// the page underneath a pop at x = 0, the page left by a push where it was); else the
    /// transition's own progress.
    var pageDrawingProgress: Double? {
        guard let transition = navigation.transition, let hidden = pageHiddenByFloating,
            hidden == transition.leaving.name || hidden == transition.arriving.name
        else { return pageTransitionProgress }
        return transition.isPop ? 1 : 0
    }

    // MARK: Bubbles

    /// A tap on bubble `number`: its page is made again (`NavigationStack.makePage`; a page of
    /// components from new instances of them and the kept data) and pushed, expanding from the
    /// bubble over 0.35 s. False (traced `bubble-refused`) when the bubble is not floating at rest,
    /// the stack cannot push now, or the page's components cannot make it again.
    @discardableResult
    public func openBubble(_ number: Int) -> Bool {
        guard let index = floating.index(of: number), floating.bubbles[index].isGrabbable, floating.dragged == nil else {
            chef.record(.bubbleRefused, request: 0, detail: "bubble#\(number): not floating at rest")
            return false
        }
        guard !navigation.pages.isEmpty, navigation.transition == nil else {
            chef.record(.bubbleRefused, request: 0, detail: "bubble#\(number): a transition is under way")
            return false
        }
        let from = floatingLayout.bubbleFrame(origin: drawnBubbleOrigin(floating.bubbles[index]))
        let bubble = floating.bubbles[index]
        let page: Page
        if let request = bubble.request {
            // New instances of its components, from the kept data (WeChat reopens the article).
            do throws(ComponentFailure) {
                page = try navigation.makePage(request)
            } catch {
                chef.record(.bubbleRefused, request: 0, detail: "\(bubble.name): its page cannot be made again: \(error.description)")
                return false
            }
        } else {
            page = navigation.makePage(kind: bubble.kind, preferences: bubble.preferences, content: bubble.content)
        }
        floating.bubbles[index].motion = .resting
        floating.bubbles[index].openPage = page.name
        floating.bubbles[index].pageName = page.name
        record(.bubbleOpened, floating.bubbles[index], bubble.declaration.keep)
        guard push(page, animated: true) else { return false }
        let expand = FloatingBehaviour.expand
        showCard(
            for: page, declaration: bubble.declaration, from: from, to: NavigationLayout(scene: scene).page(pageX: 0), expanding: true,
            duration: expand.duration, curve: expand.curve, fadeOut: .zero)
        return true
    }

    /// A finger at `finger` starts dragging bubble `number`: refused (traced `bubble-refused`) while
    /// a page is popped by a pan (the two gestures exclude each other) or when the bubble is not
    /// floating; else the delete circle comes in.
    @discardableResult
    public func beginBubbleDrag(_ number: Int, finger: Point) -> Bool {
        guard let index = floating.index(of: number), floating.bubbles[index].isGrabbable, floating.dragged == nil else {
            chef.record(.bubbleRefused, request: 0, detail: "bubble#\(number): not floating at rest")
            return false
        }
        if case .dragging = pageMotion {
            chef.record(.bubbleRefused, request: 0, detail: "bubble#\(number): a page is being popped")
            return false
        }
        let origin = drawnBubbleOrigin(floating.bubbles[index])
        floating.bubbles[index].motion = .dragging(at: origin)
        floating.dragged = number
        floating.dragStartOrigin = origin
        let shown = floatingCircle?.mode == .delete ? circleShowProgress : 0
        floating.deleteCircle = FloatingState.DeleteCircle(showing: true, from: shown, start: now)
        keepRunning(for: FloatingBehaviour.circle.duration)
        moveFloatingFinger(to: finger)
        return true
    }

    /// The dragged bubble follows the finger, `translation` from where it was grabbed, kept on the screen.
    public func dragBubble(translation: Point, finger: Point) {
        guard let number = floating.dragged, let index = floating.index(of: number) else { return }
        let start = floating.dragStartOrigin
        let origin = floatingLayout.clampedOrigin(Point(x: start.x + translation.x, y: start.y + translation.y))
        floating.bubbles[index].motion = .dragging(at: origin)
        moveFloatingFinger(to: finger)
    }

    /// The finger lifts at `finger`: in the delete circle the bubble is deleted (it leaves with the
    /// circle); elsewhere it springs to its snapping position. The circle goes out over 0.25 s.
    public func endBubbleDrag(finger: Point) {
        guard let number = floating.dragged, let index = floating.index(of: number) else { return }
        floating.dragged = nil
        guard case .dragging(let at) = floating.bubbles[index].motion else { return }
        let shown = circleShowProgress
        let bubble = floating.bubbles[index]
        if floatingLayout.isInCircle(finger) {
            floating.bubbles[index].motion = .deleting(at: at)
            record(.bubbleDeleted, bubble, bubble.declaration.keep)
            clock.schedule(after: FloatingBehaviour.circle.duration) { [weak self] in
                self?.floating.bubbles.removeAll { $0.number == number }
            }
        } else {
            let target = floatingLayout.snappedOrigin(at)
            floating.bubbles[index].origin = target
            floating.bubbles[index].motion = .snapping(from: at, start: now)
            record(.bubbleMoved, bubble, "\(target.x),\(target.y)")
            keepRunning(for: FloatingBehaviour.snap.duration)
        }
        floating.deleteCircle = FloatingState.DeleteCircle(showing: false, from: shown, start: now)
        keepRunning(for: FloatingBehaviour.circle.duration)
        resetTouch()
    }

    private var circleShowProgress: Double {
        guard let circle = floating.deleteCircle else { return 0 }
        return FloatingBehaviour.circleProgress(showing: circle.showing, from: circle.from, elapsed: now - circle.start)
    }

    /// The screen was `old` and has changed size: each bubble keeps its side (left or right) and its
    /// height within the new insets, at the new scale, at once.
    func refloatBubbles(from old: Scene) {
        let before = FloatingLayout(scene: old), after = floatingLayout
        for index in floating.bubbles.indices {
            let origin = floating.bubbles[index].origin
            let right = origin.x + before.bubbleSide / 2 >= old.width / 2
            let x = right ? scene.width - FloatingLayout.sideMargin - after.bubbleSide : FloatingLayout.sideMargin
            floating.bubbles[index].origin = after.snappedOrigin(Point(x: x, y: origin.y))
            if case .snapping = floating.bubbles[index].motion { floating.bubbles[index].motion = .resting }
        }
    }

    /// Whether bubble `number` is being dragged.
    public var draggedBubble: Int? { floating.dragged }

    // MARK: Where bubbles are drawn

    /// The top-left corner of `bubble` now: resting, under the finger, springing (UIKit's damped
    /// spring), or leaving with the delete circle.
    func drawnBubbleOrigin(_ bubble: FloatingBubble) -> Point {
        switch bubble.motion {
        case .resting:
            return bubble.origin
        case .dragging(let at):
            return at
        case .snapping(let from, let start):
            let snap = FloatingBehaviour.snap
            let fraction = min(max((now - start).seconds / snap.duration.seconds, 0), 1)
            let p = fraction >= 1 ? 1 : snap.curve.progress(at: fraction)
            return Point(x: from.x + (bubble.origin.x - from.x) * p, y: from.y + (bubble.origin.y - from.y) * p)
        case .deleting(let at):
            let away = floatingLayout.circleCentre(progress: circleShowProgress)
            return Point(x: at.x + away.x - floatingLayout.corner.x, y: at.y + away.y - floatingLayout.corner.y)
        }
    }

    /// The frame `bubble` is drawn at now, and its opacity; nil when it is not drawn: its page is
    /// still shrinking into it, its page is open (except while that page is popped by a pan: then
    /// it fades in with min(2p, 1)), or the keyboard covers it.
    func drawnBubble(_ bubble: FloatingBubble) -> (frame: Rect, alpha: Double)? {
        guard now >= bubble.appearsAt else { return nil }
        var alpha = 1.0
        if let open = bubble.openPage {
            guard let transition = navigation.transition, transition.kind == .interactivePop, transition.leaving.name == open,
                let progress = pageTransitionProgress
            else { return nil }
            alpha = FloatingBehaviour.bubbleAlpha(popProgress: progress)
        }
        let frame = floatingLayout.bubbleFrame(origin: drawnBubbleOrigin(bubble))
        if floatingLayout.keyboardCovers(frame, keyboardHeight: keyboard.visibleHeight(at: now)) { return nil }
        return (frame, alpha)
    }

    /// Where bubble `number` is drawn now; nil when it is not drawn.
    public func bubbleFrame(_ number: Int) -> Rect? {
        floating.index(of: number).flatMap { drawnBubble(floating.bubbles[$0])?.frame }
    }

    private func record(_ kind: TraceEvent.Kind, _ bubble: FloatingBubble, _ detail: String) {
        chef.record(kind, request: 0, detail: "\(bubble.pageName) \(bubble.name) \(detail)")
    }
}
