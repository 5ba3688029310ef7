import PopChef
import PopModel

/// The navigation stack's presenter: it runs each transition's motion on the virtual clock and
/// tells the stack when it ends, so the pages hear their "did" events when the motion is over; it
/// runs the pages' buttons. The interactive pop is the seam other gestures reuse:
/// `beginInteractivePop`, `moveInteractivePop`, `endInteractivePop`, and `interactivePop` for the
/// progress. Pages are laid out from the trait environment each frame (`NavigationLayout`,
/// `PageDrawing`), so a trait change needs nothing kept here.
public final class PagePresenter {
    private unowned let engine: PresentationEngine
    /// The transition's motion, while one runs.
    private(set) var motion: PageTransitionBehaviour.Motion?
    /// Each page's content scroll offset, by page name (`PagePresenter+Scroll`).
    var scrolls: [String: ScrollMotion] = [:]

    init(engine: PresentationEngine) { self.engine = engine }

    var chef: Chef { engine.chef }
    var now: VirtualTime { engine.now }
    var scene: Scene { engine.scene }
    /// The display traits pages are drawn and laid out under.
    var displayTraits: DisplayTraits { engine.traits.display }
    var clock: VirtualClock { engine.clock }
    private var floating: FloatingPresenter { engine.floating }

    /// The app's pages.
    public var navigation: NavigationStack { chef.navigation }

    /// The transition's progress now (0: the leaving page fills the screen; 1: the arriving one);
    /// nil when no transition runs.
    public var transitionProgress: Double? { motion?.progress(at: now) }

    /// Whether the transition cross-fades instead of sliding: a push or pop by the app under Reduce
    /// Motion (an interactive pop still follows the finger).
    var crossFades: Bool {
        guard case .animated = motion else { return false }
        return engine.reducesMotion
    }

    /// The interactive pop the finger drives or that is settling, if any.
    public var interactivePop: InteractivePop? {
        switch motion {
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
        floating.popStarted(page, animated: animated)
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
        if floating.draggedBubble != nil {
            chef.record(.pageRefused, request: 0, detail: "\(kind.rawValue) pan: \(PopGestureRule.Refusal.bubbleDragged.rawValue)")
            return .bubbleDragged
        }
        guard navigation.beginInteractivePop() != nil else { return .inTransition }
        var pop = InteractivePop(width: scene.width)
        pop.update(translation: translation.x)
        motion = .dragging(pop)
        floating.moveFinger(to: Point(x: start.x + translation.x, y: start.y + translation.y))
        return nil
    }

    /// The finger of an interactive pop has moved `translation` points along x since the pan began;
    /// `finger` is where it is (the floating window's corner circle follows it).
    public func moveInteractivePop(translation: Double, finger: Point? = nil) {
        guard case .dragging(var pop) = motion else { return }
        pop.update(translation: translation)
        motion = .dragging(pop)
        if let finger { floating.moveFinger(to: finger) }
    }

    /// The finger lifts at `velocity` (points per second along x), at `finger` if known: the pop
    /// completes or goes back (`InteractivePop.completes`; a floatable page released in the armed
    /// corner circle always completes, into a bubble) and settles; the stack hears the outcome when
    /// the settle ends. Returns whether it completes; nil when no pop is being dragged.
    @discardableResult
    public func endInteractivePop(velocity: Double, finger: Point? = nil) -> Bool? {
        guard case .dragging(let pop) = motion else { return nil }
        if let finger { floating.moveFinger(to: finger) }
        let completing = floating.release(pop, completing: pop.completes(velocity: velocity))
        motion = .settling(pop, completing: completing, start: now)
        clock.schedule(after: pop.settleDuration(completing: completing)) { [weak self] in
            guard let self else { return }
            motion = nil
            if completing { navigation.finishTransition() } else { navigation.cancelInteractivePop() }
        }
        return completing
    }

    func runProgrammaticTransition() {
        motion = .animated(start: now)
        clock.schedule(after: PageTransitionBehaviour.duration) { [weak self] in
            guard let self else { return }
            motion = nil
            navigation.finishTransition()
        }
    }

    /// A tap on a button of `page`'s content naming `action`: the page handler's action runs
    /// (`NavigationStack.runAction`), and the page pops when its result says so. Traced
    /// `page-action` with what happened ("list#1: open → keep", "→ pop", "→ pop refused: the root
    /// page"). Nil when nothing ran.
    @discardableResult
    public func tapPageButton(_ action: String, on page: Page) -> PageButtonResult? {
        guard let outcome = navigation.runAction(action, on: page) else { return nil }
        let result: PageButtonResult
        if outcome == .dismiss {
            result =
                pop(animated: true) ? .popped : .popRefused(navigation.pages.count < 2 ? "the root page" : "a transition is under way")
        } else {
            result = .kept
        }
        let said =
            switch result {
            case .kept: "keep"
            case .popped: "pop"
            case .popRefused(let why): "pop refused: \(why)"
            }
        chef.record(.pageAction, request: 0, detail: "\(page.name): \(action) → \(said)")
        return result
    }
}
