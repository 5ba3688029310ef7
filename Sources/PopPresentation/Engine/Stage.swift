import PopChef
import PopModel

/// The presentation engine's front: a chef's popups drawn over an app on a screen, frame by frame,
/// and the user's input (taps with hit testing, drags with velocity, typing) turned into the chef's
/// and the engine's operations. Deterministic: the same calls at the same virtual times give the
/// same frames.
///
/// Not `Sendable`: like its chef, it belongs to one actor (or thread), and the compiler refuses to
/// send it to another.
public final class Stage {
    /// The engine that moves the popups (scene, keyboard, motions).
    public let engine: PresentationEngine
    /// The app drawn behind the popups.
    public var app: AppScreen
    /// The gesture under way, what it took hold of, and the fingers that drive it.
    private var pointer: PointerTracker?
    private var gesture = TouchArbitration.Grab.nothing
    private var fingers = Fingers()
    /// Fingers down that are not the gesture's: each can only tap (`TouchArbitration`).
    private var strays: [Int: PointerTracker] = [:]
    /// Fingers down that the gesture ignores (a second finger during an interactive pop).
    private var ignoredTouches: Set<Int> = []
    private let cache = FrameCache()

    /// A stage for `chef`'s popups on `scene`, with its own presentation engine.
    public init(chef: Chef, scene: Scene = Scene(), app: AppScreen = AppScreen()) {
        engine = PresentationEngine(chef: chef, scene: scene)
        self.app = app
        engine.accessibilityTree = { [unowned self] in frame().accessibility }
    }

    public var chef: Chef { engine.chef }

    /// The screen now.
    public func frame() -> Frame {
        FrameBuilder(engine: engine, app: app, cache: cache).frame()
    }

    // MARK: Taps

    /// A tap at `point`, given to the frontmost thing under it that takes taps: a keyboard key; a
    /// popup's button (its action), text field (focus) or other content (absorbed); a banner's
    /// "behind" rule when the tap misses the banner; a popup's mask, dimmed or clear (modal: absorbed;
    /// dismissing on background taps: dismissed, reason background tap; else absorbed); else the app.
    @discardableResult
    public func tap(at point: Point) -> TapOutcome {
        let frame = frame()
        let hits = frame.nodes(at: point)
        if let banner = engine.frontBanner,
            !hits.contains(where: { ($0.request == banner.id && $0.role != .dimming) || $0.role == .keyboard || $0.role == .key })
        {
            switch banner.presentation.behindBanner {
            case .dismiss: return backgroundTap(banner.id)
            case .absorb: return .absorbed(banner.id)
            case .forward: break
            }
        }
        for node in hits {
            switch node.role {
            case .key:
                let label = String(node.id.dropFirst("keyboard.key.".count))
                pressKey(label)
                return .key(label)
            case .keyboard:
                return .absorbed(0)
            case .button:
                guard let action = node.action else { continue }
                guard let request = node.request else {
                    if let page = pageOwning(node), engine.pages.tapPageButton(action, on: page) != nil {
                        return .pageAction(page.name, action)
                    }
                    continue
                }
                return chef.tap(action: action, on: request) ? .action(request, action) : .absorbed(request)
            case .textField:
                guard let request = node.request, let field = node.field else { continue }
                return engine.focus(field: field, on: request) ? .focus(request, field) : .absorbed(request)
            case .dimming:
                guard let request = node.request, let popup = engine.popups[request] else { continue }
                if engine.sheets.isPassthrough(point, for: request) { continue }
                if let outcome = engine.presenter(of: popup).backgroundTap(on: popup) { return outcome }
                if popup.style.behaviour.dismissesOnBackgroundTap(popup.presentation) && popup.phase != .leaving {
                    return backgroundTap(request)
                }
                return .absorbed(request)
            case .bubble:
                guard let number = Self.bubbleNumber(node) else { continue }
                return engine.floating.openBubble(number) ? .bubble(number) : .absorbed(0)
            case .app:
                if node.id == "bar.back" && engine.pages.pop(animated: true) { return .back }
                chef.record(.appTap, request: 0, detail: TraceText.point(point))
                return .app
            default:
                if let request = node.request { return .absorbed(request) }
            }
        }
        chef.record(.appTap, request: 0, detail: TraceText.point(point))
        return .app
    }

    /// The page whose content `node` belongs to ("page.list#1.content.0"), if any.
    private func pageOwning(_ node: FrameNode) -> Page? {
        engine.pages.navigation.pages.last { node.id.hasPrefix("page.\($0.name).content") }
    }

    /// The number of the floating bubble `node` draws.
    private static func bubbleNumber(_ node: FrameNode) -> Int? {
        node.role == .bubble ? Int(node.id.dropFirst("floating.bubble.".count)) : nil
    }

    private func backgroundTap(_ id: RequestID) -> TapOutcome {
        chef.userDismiss(id, reason: .backgroundTap) ? .dismissed(id) : .vetoed(id)
    }

    // MARK: Drags

    /// A finger (`touch`: 0 for the first, other numbers for more fingers at once) touches the
    /// screen. With no finger down it begins the gesture: on a floating bubble it may drag the bubble;
    /// on a banner it holds the banner's display timer (if its theme pauses on touch) and may drag it;
    /// on the front sheet (its grabber or content) it may drag it; on the app it may pop the page.
    /// With a gesture under way, `TouchArbitration` decides whether the new finger joins it, is
    /// ignored, or can only tap.
    public func pointerDown(at point: Point, touch: Int = 0) {
        let grab = grab(at: point)
        guard let tracker = pointer else {
            beginGesture(grab, at: point, touch: touch)
            return
        }
        switch TouchArbitration.secondTouch(on: grab, during: gesture, popping: tracker.pagePan == .popping) {
        case .join:
            fingers.add(touch, at: point)
        case .ignore:
            ignoredTouches.insert(touch)
        case .tapOnly:
            strays[touch] = PointerTracker(start: point, at: chef.clock.now, banner: nil)
        }
    }

    private func beginGesture(_ grab: TouchArbitration.Grab, at point: Point, touch: Int) {
        gesture = grab
        fingers = Fingers(points: [touch: point])
        switch grab {
        case .bubble(let number):
            pointer = PointerTracker(start: point, at: chef.clock.now, banner: nil)
            pointer?.bubble = .possible(number)
        case .banner(let banner):
            pointer = PointerTracker(start: point, at: chef.clock.now, banner: banner)
            engine.banners.holdDisplayTimer(of: banner)
        case .sheet(let sheet):
            pointer = PointerTracker(start: point, at: chef.clock.now, banner: nil, sheet: sheet)
        case .app:
            pointer = PointerTracker(start: point, at: chef.clock.now, banner: nil)
            pointer?.pagePan = .possible
        case .nothing:
            pointer = PointerTracker(start: point, at: chef.clock.now, banner: nil)
        }
    }

    /// What a gesture beginning at `point` takes hold of: the bubble drawn in front, else a draggable
    /// banner, else the front sheet, else the app when no popup or keyboard is under it.
    private func grab(at point: Point) -> TouchArbitration.Grab {
        let hits = frame().nodes(at: point)
        if let front = hits.first, let bubble = Self.bubbleNumber(front) { return .bubble(bubble) }
        let touched = hits.filter { $0.role != .dimming }.compactMap(\.request)
        if let banner = touched.first(where: { engine.banners.isDraggable($0) }) { return .banner(banner) }
        if let sheet = touched.first, engine.sheets.isDraggable(sheet) { return .sheet(sheet) }
        if hits.allSatisfy({ $0.request == nil && $0.role != .keyboard && $0.role != .key }) { return .app }
        return .nothing
    }

    /// A finger moves. The gesture follows its fingers' centroid (one finger: the finger itself): a
    /// banner under it follows (freely towards its edge, rubber-banded away), a sheet, a bubble, a
    /// popping page.
    public func pointerMoved(to point: Point, touch: Int = 0) {
        if strays[touch] != nil {
            strays[touch]?.move(to: point, at: chef.clock.now)
            return
        }
        guard fingers.points[touch] != nil else { return }
        fingers.points[touch] = point
        moveGesture(to: fingers.location)
    }

    private func moveGesture(to point: Point) {
        guard var tracker = pointer else { return }
        tracker.move(to: point, at: chef.clock.now)
        if tracker.isDragging, let id = tracker.banner { engine.banners.drag(id, offset: tracker.offset) }
        if tracker.isDragging, let id = tracker.sheet {
            if !engine.sheets.followsFinger(id) { engine.sheets.beginDrag(id) }
            engine.sheets.drag(id, offset: tracker.offset)
        }
        if tracker.isDragging { panPage(&tracker) }
        if tracker.isDragging { dragBubble(&tracker) }
        pointer = tracker
    }

    /// A finger lifts, where it is moved to first. One of several on the gesture leaves it (the
    /// gesture goes on with the others); the last one ends it: a touch that barely moved is a tap where
    /// it started; a dragged banner is swiped away or springs back (see `BannerBehaviour`), a dragged
    /// sheet comes to rest at a detent or is dismissed (`SheetBehaviour`). `velocity` (pt/s along y)
    /// scripts the release speed (a scenario's); nil: the fingers' measured speed. A popup that went
    /// away during the drag is left alone. A finger that could only tap taps where it went down if it
    /// barely moved.
    public func pointerUp(at point: Point, touch: Int = 0, velocity: Double? = nil) {
        if var stray = strays.removeValue(forKey: touch) {
            stray.move(to: point, at: chef.clock.now)
            if !stray.isDragging { tap(at: stray.start) }
            return
        }
        if ignoredTouches.remove(touch) != nil { return }
        guard fingers.points[touch] != nil else { return }
        guard fingers.points.count == 1 else {
            pointerMoved(to: point, touch: touch)
            fingers.remove(touch)
            return
        }
        fingers.points[touch] = point
        releaseGesture(at: fingers.location, velocity: velocity)
        fingers = Fingers()
        gesture = .nothing
    }

    private func releaseGesture(at point: Point, velocity: Double?) {
        // The finger's last position counts: whatever it drags is moved there before it is let go
        // (a release point 10 pt past the last move can choose another detent).
        if let tracker = pointer, tracker.location != point {
            moveGesture(to: point)
        } else {
            pointer?.move(to: point, at: chef.clock.now)
        }
        guard let tracker = pointer else { return }
        pointer = nil
        let velocity = velocity ?? tracker.velocity
        if !tracker.isDragging {
            tap(at: tracker.start)
        } else if let id = tracker.banner {
            engine.banners.endDrag(id, velocity: velocity)
        } else if let id = tracker.sheet {
            engine.sheets.endDrag(id, velocity: velocity)
        } else if tracker.pagePan == .popping {
            engine.pages.endInteractivePop(velocity: tracker.horizontalVelocity, finger: tracker.location)
        } else if tracker.bubble == .dragging {
            engine.floating.dragBubble(translation: tracker.translation, finger: tracker.location)
            engine.floating.endBubbleDrag(finger: tracker.location)
        }
        if let id = tracker.banner { engine.banners.releaseDisplayTimer(of: id) }
    }

    /// A drag on the app (no popup under its start) pops the page interactively: from within
    /// `PopGestureRule.edgeWidth` of the leading edge (the right one in right-to-left) as the edge pan,
    /// elsewhere as the full-screen pan;
    /// the engine applies FDFullscreenPopGesture's rules once, when the drag starts.
    private func panPage(_ tracker: inout PointerTracker) {
        switch tracker.pagePan {
        case .possible:
            let kind = engine.pages.popGestureKind(startingAt: tracker.start)
            let refused = engine.pages.beginInteractivePop(kind, start: tracker.start, translation: tracker.translation) != nil
            tracker.pagePan = refused ? .none : .popping
        case .popping:
            engine.pages.moveInteractivePop(translation: tracker.translation.x, finger: tracker.location)
        case .none:
            break
        }
    }

    /// A drag that began on a floating bubble moves it (the engine refuses while a page is popped
    /// by a pan); the delete circle follows the finger.
    private func dragBubble(_ tracker: inout PointerTracker) {
        switch tracker.bubble {
        case .possible(let number):
            tracker.bubble = engine.floating.beginBubbleDrag(number, finger: tracker.start) ? .dragging : .none
            if tracker.bubble == .dragging { engine.floating.dragBubble(translation: tracker.translation, finger: tracker.location) }
        case .dragging:
            engine.floating.dragBubble(translation: tracker.translation, finger: tracker.location)
        case .none:
            break
        }
    }

    /// Whether a touch is down.
    public var isTouching: Bool { pointer != nil || !strays.isEmpty || !ignoredTouches.isEmpty }

    // MARK: Typing

    /// Types `text` into the focused field; false when no popup field has the focus.
    @discardableResult
    public func type(_ text: String) -> Bool {
        guard let (id, field) = engine.keyboard.focusedField else { return false }
        return chef.setText((chef.fields(of: id)[field] ?? "") + text, field: field, on: id)
    }

    /// Deletes the last character of the focused field; false when no popup field has the focus.
    @discardableResult
    public func deleteBackward() -> Bool {
        guard let (id, field) = engine.keyboard.focusedField else { return false }
        return chef.setText(String((chef.fields(of: id)[field] ?? "").dropLast()), field: field, on: id)
    }

    /// A key of the on-screen keyboard: its letter (lower case) or digit, a space, delete, or return
    /// (ends editing).
    func pressKey(_ label: String) {
        switch label {
        case "⌫": deleteBackward()
        case "space": type(" ")
        case "return": engine.unfocus()
        default: type(label.lowercased())
        }
    }
}

/// One actor's, like its chef.
@available(*, unavailable)
extension Stage: Sendable {}
