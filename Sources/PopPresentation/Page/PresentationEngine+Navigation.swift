import PopChef
import PopModel

/// The engine's side of the navigation stack: it runs each transition's motion on the virtual clock
/// and tells the stack when it ends, so the pages hear their "did" events when the motion is over.
/// The interactive pop is the seam other gestures reuse: `beginInteractivePop`,
/// `moveInteractivePop`, `endInteractivePop`, and `interactivePop` for the progress.
extension PresentationEngine {
    /// The app's pages.
    public var navigation: NavigationStack { chef.navigation }

    /// The transition's progress now (0: the leaving page fills the screen; 1: the arriving one);
    /// nil when no transition runs.
    public var pageTransitionProgress: Double? { pageMotion?.progress(at: now) }

    /// The interactive pop the finger drives or that is settling, if any.
    public var interactivePop: InteractivePop? {
        switch pageMotion {
        case .dragging(let pop), .settling(let pop, _, _): pop
        default: nil
        }
    }

    /// Pushes `page`: animated over `PageTransitionBehaviour.duration`, or at once; the first page
    /// becomes the root, without animation. False when the stack refused it.
    @discardableResult
    public func push(_ page: Page, animated: Bool) -> Bool {
        if navigation.pages.isEmpty { return navigation.setRoot(page) }
        guard navigation.push(page, animated: animated) != nil else { return false }
        if navigation.transition != nil { runProgrammaticTransition() }
        return true
    }

    /// Pops the top page (Backspace, the back button, a scenario's `pop`); a page opened from its
    /// bubble shrinks back into it.
    @discardableResult
    public func pop(animated: Bool) -> Bool {
        guard let page = navigation.top, navigation.pop(animated: animated) != nil else { return false }
        if navigation.transition != nil { runProgrammaticTransition() }
        floatingPopStarted(page, animated: animated)
        return true
    }

    /// A pan of `kind` that began at `start` and has moved by `translation` asks to pop the top
    /// page: refused by `PopGestureRule` (traced `page-refused` with the rule) or while a bubble is
    /// dragged (the floating window's gestures exclude each other), else the pop begins and follows
    /// the finger.
    @discardableResult
    public func beginInteractivePop(_ kind: PopGestureRule.Kind, start: Point, translation: Point) -> PopGestureRule.Refusal? {
        if let refusal = PopGestureRule.refusal(
            kind, start: start, translation: translation, screenWidth: scene.width, pageCount: navigation.pages.count,
            top: navigation.top?.preferences, inTransition: navigation.transition != nil)
        {
            chef.record(.pageRefused, request: 0, detail: "\(kind.rawValue) pan: \(refusal.rawValue)")
            return refusal
        }
        if floating.dragged != nil {
            chef.record(.pageRefused, request: 0, detail: "\(kind.rawValue) pan: \(PopGestureRule.Refusal.bubbleDragged.rawValue)")
            return .bubbleDragged
        }
        guard navigation.beginInteractivePop() != nil else { return .inTransition }
        var pop = InteractivePop(width: scene.width)
        pop.update(translation: translation.x)
        pageMotion = .dragging(pop)
        moveFloatingFinger(to: Point(x: start.x + translation.x, y: start.y + translation.y))
        return nil
    }

    /// The finger of an interactive pop has moved `translation` points along x since the pan began;
    /// `finger` is where it is (the floating window's corner circle follows it).
    public func moveInteractivePop(translation: Double, finger: Point? = nil) {
        guard case .dragging(var pop) = pageMotion else { return }
        pop.update(translation: translation)
        pageMotion = .dragging(pop)
        if let finger { moveFloatingFinger(to: finger) }
    }

    /// The finger lifts at `velocity` (points per second along x), at `finger` if known: the pop
    /// completes or goes back (`InteractivePop.completes`; a floatable page released in the armed
    /// corner circle always completes, into a bubble) and settles; the stack hears the outcome when
    /// the settle ends. Returns whether it completes; nil when no pop is being dragged.
    @discardableResult
    public func endInteractivePop(velocity: Double, finger: Point? = nil) -> Bool? {
        guard case .dragging(let pop) = pageMotion else { return nil }
        if let finger { moveFloatingFinger(to: finger) }
        let completing = releaseFloatingPop(pop, completing: pop.completes(velocity: velocity), finger: floating.finger)
        pageMotion = .settling(pop, completing: completing, start: now)
        clock.schedule(after: pop.settleDuration(completing: completing)) { [weak self] in
            guard let self else { return }
            pageMotion = nil
            if completing { navigation.finishTransition() } else { navigation.cancelInteractivePop() }
        }
        return completing
    }

    func runProgrammaticTransition() {
        pageMotion = .animated(start: now)
        clock.schedule(after: PageTransitionBehaviour.duration) { [weak self] in
            guard let self else { return }
            pageMotion = nil
            navigation.finishTransition()
        }
    }
}
