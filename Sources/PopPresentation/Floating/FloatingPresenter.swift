import PopChef
import PopModel

/// The floating window's presenter (seed 002, JPSuspensionEntrance): it turns a page popped into
/// the corner circle into a bubble, runs the bubbles' drags, snaps and deletions, opens a page from
/// its bubble with the stack's own push and closes it back on pop. The geometry is
/// `FloatingLayout`'s, the motion `FloatingBehaviour`'s, the drawing `FloatingDrawing`'s; the stack
/// hears only pushes and pops, so the pages' lifecycle is the navigation's.
public final class FloatingPresenter {
    private unowned let engine: PresentationEngine
    /// The bubbles, the circles, the transition view and the finger.
    private(set) var state = FloatingState()

    init(engine: PresentationEngine) { self.engine = engine }

    private var chef: Chef { engine.chef }
    private var now: VirtualTime { engine.now }
    private var scene: Scene { engine.scene }
    private var pages: PagePresenter { engine.pages }
    private var navigation: NavigationStack { engine.pages.navigation }

    var layout: FloatingLayout { FloatingLayout(scene: scene, direction: engine.traits.display.layoutDirection) }

    /// The bubbles, oldest first.
    public var bubbles: [FloatingBubble] { state.bubbles }

    // MARK: The corner circle

    /// The corner circle now, if it shows.
    public var circle: FloatingCircle? {
        let layout = layout
        if case .dragging(let pop) = pages.motion, let top = navigation.top, top.preferences.floating != nil,
            state.bubble(openAs: top.name) == nil
        {
            let progress = FloatingLayout.circleProgress(popProgress: pop.progress)
            let armed = progress >= 1
            return FloatingCircle(
                mode: .create, centre: layout.circleCentre(progress: progress), radius: layout.circleRadius, armed: armed,
                touched: armed && state.touch.touched, scale: circleScale)
        }
        guard let circle = state.deleteCircle else { return nil }
        let progress = FloatingBehaviour.circleProgress(showing: circle.showing, from: circle.from, elapsed: now - circle.start)
        guard circle.showing || progress > 0 else { return nil }
        return FloatingCircle(
            mode: .delete, centre: layout.circleCentre(progress: progress), radius: layout.circleRadius, armed: circle.showing,
            touched: circle.showing && state.touch.touched, scale: circleScale)
    }

    private var circleScale: Double {
        FloatingBehaviour.circleScale(touched: state.touch.touched, from: state.touch.fromScale, elapsed: now - state.touch.since)
    }

    /// The finger is at `point`: the circle hears whether it is in it (armed: create mode all in, or
    /// delete mode), and grows or shrinks back.
    func moveFinger(to point: Point) {
        state.finger = point
        let armed = circle?.armed ?? false
        setTouched(armed && layout.isInCircle(point))
    }

    private func setTouched(_ touched: Bool) {
        guard touched != state.touch.touched else { return }
        state.touch = FloatingState.Touch(touched: touched, fromScale: circleScale, since: now)
        engine.keepRunning(for: FloatingBehaviour.circle.duration)
    }

    // MARK: Pops

    /// An interactive pop is released (`completing` by the navigation's rule) with the finger where
    /// it was last: a page opened from its bubble shrinks back into it from where it is when the pop
    /// completes (JPSuspensionEntrance's interactive pop: 0.375 s, the bubble fading out); a
    /// floatable page released with the finger in the armed circle shrinks into a new bubble from
    /// where it is on screen, and the pop completes even at exactly half the width. Returns whether
    /// the pop completes.
    func release(_ pop: InteractivePop, completing: Bool) -> Bool {
        let finger = state.finger
        defer { resetTouch() }
        guard let page = navigation.top else { return completing }
        let frame = pages.navigationLayout.page(pageX: navigationOffset(popProgress: pop.progress))
        if let index = state.bubbles.firstIndex(where: { $0.openPage == page.name }) {
            if completing {
                closeIntoBubble(at: index, page: page, from: frame, bubbleAlpha: FloatingBehaviour.bubbleAlpha(popProgress: pop.progress))
            }
            return completing
        }
        guard let circle = circle, circle.mode == .create, circle.armed, let finger, layout.isInCircle(finger) else {
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
        if state.bubble(openAs: page.name) != nil {
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
        guard let page = navigation.top, page.preferences.floating != nil, state.bubble(openAs: page.name) == nil,
            navigation.pop(animated: true) != nil
        else { return false }
        pages.runProgrammaticTransition()
        createBubble(from: page, frame: pages.navigationLayout.page(pageX: 0))
        return true
    }

    /// The x of the page being popped at `popProgress` (leftward in right-to-left).
    private func navigationOffset(popProgress: Double) -> Double {
        pages.navigationLayout.pageOffsets(isPop: true, progress: popProgress).leaving
    }

    /// A programmatic pop of `page` has started: a page opened from its bubble shrinks back into it
    /// (animated), or is back in it at once.
    func popStarted(_ page: Page, animated: Bool) {
        guard let index = state.bubbles.firstIndex(where: { $0.openPage == page.name }) else { return }
        if animated {
            closeIntoBubble(at: index, page: page, from: pages.navigationLayout.page(pageX: 0))
        } else {
            state.bubbles[index].openPage = nil
            state.bubbles[index].pageName = page.name
            state.bubbles[index].appearsAt = now
            state.bubbles[index].fadeOut = nil
            record(.bubbleClosed, state.bubbles[index], state.bubbles[index].declaration.keep)
        }
    }

    private func resetTouch() {
        state.touch = FloatingState.Touch(touched: false, fromScale: 1, since: now)
        state.finger = nil
    }

    /// `page` shrinks from `frame` into a new bubble at the top-left snapping position; the bubble
    /// with the same `keep`, or the oldest when `FloatingBehaviour.bubbleLimit` float already, goes.
    private func createBubble(from page: Page, frame: Rect) {
        guard let declaration = page.preferences.floating else { return }
        let layout = layout
        var origin: Point?
        if let same = state.bubbles.firstIndex(where: { $0.declaration.keep == declaration.keep && $0.openPage == nil }) {
            let old = state.bubbles.remove(at: same)
            origin = old.origin
            record(.bubbleReplaced, old, "by \(page.name)")
        } else if state.bubbles.count >= FloatingBehaviour.bubbleLimit {
            let old = state.bubbles.removeFirst()
            record(.bubbleReplaced, old, "by \(page.name) (limit \(FloatingBehaviour.bubbleLimit))")
        }
        let target = origin ?? layout.newBubbleOrigin(avoiding: state.bubbles.map { layout.bubbleFrame(origin: $0.origin) })
        state.sequence += 1
        let shrink = FloatingBehaviour.shrinkIntoNew
        let bubble = FloatingBubble(
            number: state.sequence, kind: page.kind, preferences: page.preferences, content: page.content, request: page.request,
            declaration: declaration,
            origin: target, pageName: page.name, appearsAt: now + shrink.duration)
        state.bubbles.append(bubble)
        record(.bubbleCreated, bubble, declaration.keep)
        showCard(
            for: page, declaration: declaration, from: frame, to: layout.bubbleFrame(origin: target), expanding: false,
            duration: shrink.duration, curve: shrink.curve, fadeOut: .zero)
    }

    /// `page`, opened from bubble `index`, shrinks back into it from `frame`. Released by a pan (the
    /// bubble's opacity then given as `bubbleAlpha`): as into a new bubble, 0.375 s with no fade, the
    /// bubble fading out until the card becomes it (JPSuspensionEntrance.m:143-148, JPSuspensionView.m:137,
    /// 159, 164). Popped by the app: 0.35 s with the bubble shown, then the card fades over 0.2 s (the
    /// spec's Decisions).
    private func closeIntoBubble(at index: Int, page: Page, from frame: Rect, bubbleAlpha: Double? = nil) {
        let motion = bubbleAlpha == nil ? FloatingBehaviour.shrinkBack : FloatingBehaviour.shrinkIntoNew
        state.bubbles[index].openPage = nil
        state.bubbles[index].pageName = page.name
        state.bubbles[index].appearsAt = bubbleAlpha == nil ? now : now + motion.duration
        state.bubbles[index].fadeOut = bubbleAlpha.map { FloatingBubble.Fade(from: $0, start: now) }
        let bubble = state.bubbles[index]
        record(.bubbleClosed, bubble, bubble.declaration.keep)
        showCard(
            for: page, declaration: bubble.declaration, from: frame, to: layout.bubbleFrame(origin: bubble.origin),
            expanding: false, duration: motion.duration, curve: motion.curve, fadeOut: bubbleAlpha == nil ? FloatingBehaviour.fade : .zero)
    }

    /// The transition view for `page` from `from` to `to`; `timings` say when the frame and the
    /// corners change within the move, `dim` darkens the page underneath (both dropped under Reduce
    /// Motion, which fades the card in place).
    private func showCard(
        for page: Page, declaration: FloatingDeclaration, from: Rect, to: Rect, expanding: Bool, duration: VirtualTime,
        curve: TimingCurve, fadeOut: VirtualTime, timings: (frame: FloatingMorph.Timing, corners: FloatingMorph.Timing)? = nil,
        dim: TimingCurve? = nil
    ) {
        let bubbleRadius = layout.bubbleSide / 2
        var morph = FloatingMorph(
            from: from, to: to, fromRadius: expanding ? bubbleRadius : 0, toRadius: expanding ? 0 : bubbleRadius, start: now,
            duration: duration, curve: curve, fadeOut: fadeOut)
        if let timings {
            morph.frameTiming = timings.frame
            morph.cornerTiming = timings.corners
        }
        var dim = dim
        if engine.reducesMotion {
            dim = nil
            // A fade in place: the page's card fades out where the page is, or in where it will be.
            let page = expanding ? to : from
            morph = FloatingMorph(
                from: page, to: page, fromRadius: 0, toRadius: 0, start: now, duration: duration, curve: curve, fadeOut: fadeOut,
                fromOpacity: expanding ? 0 : 1, toOpacity: expanding ? 1 : 0)
        }
        state.card = FloatingState.Card(
            morph: morph, page: page.name, content: page.content, declaration: declaration, dim: dim)
        engine.keepRunning(for: duration + fadeOut)
    }

    /// The page the transition view stands for now (not drawn itself), if one shows.
    var hiddenPage: String? {
        guard let card = state.card, card.morph.value(at: now) != nil else { return nil }
        return card.page
    }

    /// The progress the pages are drawn at: while the transition view stands for one of them, the
    /// other is drawn where it rests (JPSuspensionTransition takes the page out of the transition:
    /// the page underneath a pop at x = 0, the page left by a push where it was); else the
    /// transition's own progress.
    var pageDrawingProgress: Double? {
        guard let transition = navigation.transition, let hidden = hiddenPage,
            hidden == transition.leaving.name || hidden == transition.arriving.name
        else { return pages.transitionProgress }
        return transition.isPop ? 1 : 0
    }

    // MARK: Bubbles

    /// A tap on bubble `number`: its page is made again (`NavigationStack.makePage`; a page of
    /// components from new instances of them and the kept data) and pushed, expanding from the
    /// bubble as JPSuspensionTransition's spread does (`FloatingBehaviour.expand`: the card reaches the
    /// page's rect at 4/5 of the 0.35 s, the push completes at 0.35 s). False (traced `bubble-refused`) when the bubble is not floating at rest,
    /// the stack cannot push now, or the page's components cannot make it again.
    @discardableResult
    public func openBubble(_ number: Int) -> Bool {
        guard let index = state.index(of: number), isTouchable(state.bubbles[index]), state.dragged == nil else {
            chef.record(.bubbleRefused, request: 0, detail: "bubble#\(number): not floating at rest")
            return false
        }
        guard !navigation.pages.isEmpty, navigation.transition == nil else {
            chef.record(.bubbleRefused, request: 0, detail: "bubble#\(number): a transition is under way")
            return false
        }
        let from = layout.bubbleFrame(origin: drawnBubbleOrigin(state.bubbles[index]))
        let bubble = state.bubbles[index]
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
        state.bubbles[index].motion = .resting
        state.bubbles[index].openPage = page.name
        state.bubbles[index].pageName = page.name
        record(.bubbleOpened, state.bubbles[index], bubble.declaration.keep)
        guard pages.push(page, animated: true) else { return false }
        let expand = FloatingBehaviour.expand
        showCard(
            for: page, declaration: bubble.declaration, from: from, to: pages.navigationLayout.page(pageX: 0), expanding: true,
            duration: expand.duration, curve: expand.curve, fadeOut: .zero, timings: (expand.frame, expand.corners), dim: expand.dim)
        return true
    }

    /// A finger at `finger` starts dragging bubble `number`: refused (traced `bubble-refused`) while
    /// a page is popped by a pan (the two gestures exclude each other) or when the bubble is not
    /// floating; else the delete circle comes in.
    @discardableResult
    public func beginBubbleDrag(_ number: Int, finger: Point) -> Bool {
        guard let index = state.index(of: number), isTouchable(state.bubbles[index]), state.dragged == nil else {
            chef.record(.bubbleRefused, request: 0, detail: "bubble#\(number): not floating at rest")
            return false
        }
        if case .dragging = pages.motion {
            chef.record(.bubbleRefused, request: 0, detail: "bubble#\(number): a page is being popped")
            return false
        }
        let origin = drawnBubbleOrigin(state.bubbles[index])
        state.bubbles[index].motion = .dragging(at: origin)
        state.dragged = number
        state.dragStartOrigin = origin
        let shown = circle?.mode == .delete ? circleShowProgress : 0
        state.deleteCircle = FloatingState.DeleteCircle(showing: true, from: shown, start: now)
        engine.keepRunning(for: FloatingBehaviour.circle.duration)
        moveFinger(to: finger)
        return true
    }

    /// The dragged bubble follows the finger, `translation` from where it was grabbed, kept on the screen.
    public func dragBubble(translation: Point, finger: Point) {
        guard let number = state.dragged, let index = state.index(of: number) else { return }
        let start = state.dragStartOrigin
        let origin = layout.clampedOrigin(Point(x: start.x + translation.x, y: start.y + translation.y))
        state.bubbles[index].motion = .dragging(at: origin)
        moveFinger(to: finger)
    }

    /// The finger lifts at `finger`: in the delete circle the bubble is deleted (it leaves with the
    /// circle); elsewhere it springs to its snapping position. The circle goes out over 0.25 s.
    public func endBubbleDrag(finger: Point) {
        guard let number = state.dragged, let index = state.index(of: number) else { return }
        state.dragged = nil
        guard case .dragging(let at) = state.bubbles[index].motion else { return }
        let shown = circleShowProgress
        let bubble = state.bubbles[index]
        if layout.isInCircle(finger) {
            state.bubbles[index].motion = .deleting(at: at)
            record(.bubbleDeleted, bubble, bubble.declaration.keep)
            engine.clock.schedule(after: FloatingBehaviour.circle.duration) { [weak self] in
                self?.state.bubbles.removeAll { $0.number == number }
            }
        } else {
            let target = layout.snappedOrigin(at)
            state.bubbles[index].origin = target
            state.bubbles[index].motion = .snapping(from: at, start: now)
            record(.bubbleMoved, bubble, "\(target.x),\(target.y)")
            engine.keepRunning(for: FloatingBehaviour.snap.duration)
        }
        state.deleteCircle = FloatingState.DeleteCircle(showing: false, from: shown, start: now)
        engine.keepRunning(for: FloatingBehaviour.circle.duration)
        resetTouch()
    }

    private var circleShowProgress: Double {
        guard let circle = state.deleteCircle else { return 0 }
        return FloatingBehaviour.circleProgress(showing: circle.showing, from: circle.from, elapsed: now - circle.start)
    }

    /// The screen was `old` and has changed size: each bubble keeps its side (left or right) and its
    /// height within the new insets, at the new scale, at once.
    func traitsDidChange(from old: TraitEnvironment) {
        let before = FloatingLayout(scene: old.scene, direction: old.display.layoutDirection), after = layout
        for index in state.bubbles.indices {
            let origin = state.bubbles[index].origin
            let right = origin.x + before.bubbleSide / 2 >= old.size.width / 2
            let x = right ? scene.width - FloatingLayout.sideMargin - after.bubbleSide : FloatingLayout.sideMargin
            state.bubbles[index].origin = after.snappedOrigin(Point(x: x, y: origin.y))
            if case .snapping = state.bubbles[index].motion { state.bubbles[index].motion = .resting }
        }
    }

    /// Whether a finger may tap or grab `bubble` now: floating at rest or springing, and not while its
    /// page still shrinks into it (JPSuspensionView.m:109 turns touches off until the shrink ends, :184).
    private func isTouchable(_ bubble: FloatingBubble) -> Bool { bubble.isGrabbable && now >= bubble.appearsAt }

    /// Whether bubble `number` is being dragged.
    public var draggedBubble: Int? { state.dragged }

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
            let p = fraction >= 1 ? 1 : engine.motionCurve(snap.curve).progress(at: fraction)
            return Point(x: from.x + (bubble.origin.x - from.x) * p, y: from.y + (bubble.origin.y - from.y) * p)
        case .deleting(let at):
            let away = layout.circleCentre(progress: circleShowProgress)
            return Point(x: at.x + away.x - layout.corner.x, y: at.y + away.y - layout.corner.y)
        }
    }

    /// The frame `bubble` is drawn at now, and its opacity; nil when it is not drawn: its page is
    /// still shrinking into it (unless swiped back: then it fades out until the card becomes it), its
    /// page is open (except while that page is popped by a pan: then it fades in with min(2p, 1)), or
    /// the keyboard covers it.
    func drawnBubble(_ bubble: FloatingBubble) -> (frame: Rect, alpha: Double)? {
        var alpha = 1.0
        if now < bubble.appearsAt {
            guard let fade = bubble.fadeOut else { return nil }
            alpha = FloatingBehaviour.bubbleFadingOut(from: fade.from, elapsed: now - fade.start)
        } else if let open = bubble.openPage {
            guard let transition = navigation.transition, transition.kind == .interactivePop, transition.leaving.name == open,
                let progress = pages.transitionProgress
            else { return nil }
            alpha = FloatingBehaviour.bubbleAlpha(popProgress: progress)
        }
        let frame = layout.bubbleFrame(origin: drawnBubbleOrigin(bubble))
        if layout.keyboardCovers(frame, keyboardHeight: engine.keyboard.visibleHeight(at: now)) { return nil }
        return (frame, alpha)
    }

    /// Where bubble `number` is drawn now; nil when it is not drawn.
    public func bubbleFrame(_ number: Int) -> Rect? {
        state.index(of: number).flatMap { drawnBubble(state.bubbles[$0])?.frame }
    }

    private func record(_ kind: TraceEvent.Kind, _ bubble: FloatingBubble, _ detail: String) {
        chef.record(kind, request: 0, detail: "\(bubble.pageName) \(bubble.name) \(detail)")
    }
}
