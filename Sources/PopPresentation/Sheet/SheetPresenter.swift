import PopChef
import PopModel

/// Sheets and adaptive popovers: detents resolved for the scene (custom ones by the controller
/// loader's `SheetDelegate`), the stack, drags between detents with the user's dismissal in the
/// spec's order, programmatic detent changes, scrolling and focus expanding the sheet. The numbers
/// are `SheetLayout`'s and `SheetBehaviour`'s.
public final class SheetPresenter: PopupStylePresenter {
    private unowned let engine: PresentationEngine

    init(engine: PresentationEngine) { self.engine = engine }

    private var chef: Chef { engine.chef }
    private var now: VirtualTime { engine.now }
    private var scene: Scene { engine.scene }

    // MARK: Lifecycle

    func popupDidArrive(_ popup: ScreenPopup) { refresh(popup) }

    func traitsDidChange(for popup: ScreenPopup) { refresh(popup) }

    func popupWillMove(_ popup: ScreenPopup, showing: Bool, duration: VirtualTime) {
        if !showing { popup.sheet?.drag = nil }  // a sheet leaving (the app dismissed it mid-drag) no longer follows the finger
        restack(besides: popup, over: duration)
    }

    /// Detents and anchors place sheets and popovers, not the controller loader's layout hook.
    func acceptsLayoutHook(_ popup: ScreenPopup) -> Bool { false }

    // MARK: Queries

    /// The detent a sheet (or a popover presented as one) rests at; nil for other engine.popups.
    public func selectedDetent(of id: RequestID) -> Detent.ID? {
        guard let screen = engine.popups[id] else { return nil }
        return layout(of: screen)?.selected.id
    }

    /// The active detents of a sheet on screen, small to large; empty for other engine.popups.
    public func detents(of id: RequestID) -> [ResolvedDetent] {
        engine.popups[id].flatMap(layout(of:))?.detents ?? []
    }

    /// How much of a sheet shows now, from its top to the screen's bottom (or the keyboard's top).
    public func height(of id: RequestID) -> Double? {
        guard let screen = engine.popups[id], layout(of: screen) != nil, let state = screen.motion?.value(at: now) else { return nil }
        return scene.height - engine.keyboardHeight(for: id) - state.frame.y
    }

    /// Whether request `id` shows as a popover now (a popover in regular width).
    public func isPopover(_ id: RequestID) -> Bool {
        engine.popups[id]?.style.layout is PopoverLayout
    }

    func layout(of screen: ScreenPopup) -> SheetLayout? { screen.style.layout as? SheetLayout }

    /// Whether another sheet shows over `screen` (it is pushed back, without grabber, at UIKit's radius).
    func isCovered(_ screen: ScreenPopup) -> Bool {
        engine.popups.values.contains { other in
            other !== screen && other.layer == .sheet && other.order > screen.order && other.phase != .leaving
                && other.motion != nil && layout(of: other) != nil
        }
    }

    // MARK: Layout

    /// Remakes the layout of a sheet or adaptive popover for the current scene: a popover in
    /// regular width, else a sheet with its detents resolved again. Clears the cached frame when
    /// anything changed.
    func refresh(_ screen: ScreenPopup) {
        guard let state = screen.sheet else { return }
        if screen.presentation.style == .popover && scene.horizontalSizeClass == .regular {
            if !(screen.style.layout is PopoverLayout) {
                screen.style = .popover
                screen.layout = nil
            }
            return
        }
        let new = SheetLayout(options: screen.presentation.sheet, scene: scene, selected: state.selected, resolve: resolver(for: screen))
        let old = layout(of: screen)
        if old?.detents != new.detents || old?.selected != new.selected {
            screen.style = .sheet(new)
            screen.layout = nil
        }
    }

    /// A custom detent's resolver: the controller loader's answer, a non-finite or negative one
    /// reported as its misbehaviour (and the detent inactive).
    private func resolver(for screen: ScreenPopup) -> (Detent.ID, Double) -> Double? {
        let delegate = screen.controllerLoader as? SheetDelegate, chef = chef, id = screen.id
        return { detent, maximum in
            guard let height = delegate?.resolveDetent(detent, maximum: maximum) else { return nil }
            guard height.isFinite, height >= 0 else {
                chef.reportMisbehaviour(of: id, "detent \"\(detent)\" resolved to \(height), not a height")
                return nil
            }
            return height
        }
    }

    /// A sheet's shown state: dimmed as its height asks, pushed back when another sheet covers it.
    func shownState(of screen: ScreenPopup, standard state: VisualState) -> VisualState {
        guard let layout = layout(of: screen) else { return state }
        var state = state
        state.dimAlpha *= SheetLayout.dimming(
            height: layout.selected.height, detents: layout.detents,
            largestUndimmed: SheetLayout.largestUndimmedDetent(layout.options, scene: scene))
        return isCovered(screen) ? SheetLayout.pushedBack(state) : state
    }

    /// Every other sheet moves to its place in the stack (pushed back or to the front) over `duration`.
    func restack(besides moving: ScreenPopup, over duration: VirtualTime) {
        for screen in engine.popups.values.sorted(by: { $0.order < $1.order })
        where screen !== moving && screen.layer == .sheet && screen.phase == .shown && screen.sheet?.drag == nil {
            guard let motion = screen.motion else { continue }
            let target = engine.shownState(of: screen), current = motion.value(at: now)
            guard target != current else { continue }
            move(screen, to: target, over: duration, curve: .easeInOut)
        }
    }

    /// Animates `screen` from where it is to `target`.
    private func move(_ screen: ScreenPopup, to target: VisualState, over duration: VirtualTime, curve: TimingCurve) {
        let from = screen.motion?.value(at: now) ?? target
        screen.motion =
            duration.microseconds > 0
            ? .animated(Animation(from: from, to: target, start: now, duration: duration, curve: curve)) : .still(target)
        engine.keepRunning(for: duration)
    }

    // MARK: Detents

    /// Selects a detent from the app or plugin (UIKit's `selectedDetentIdentifier` in
    /// `animateChanges`): the sheet animates to it; nothing is reported. False when the popup is
    /// not a sheet on screen or the detent is not active.
    @discardableResult
    public func selectDetent(_ detent: Detent.ID, on id: RequestID) -> Bool {
        guard let screen = engine.popups[id], screen.phase != .leaving, screen.sheet?.drag == nil,
            let layout = layout(of: screen), layout.detents.contains(where: { $0.id == detent })
        else { return false }
        guard select(detent, on: screen, byUser: false) else { return true }
        snap(screen)
        return true
    }

    /// A component's request for its sheet (`pop_host_sheet_t`): the same as the app's
    /// `selectDetent` and `invalidateDetents`.
    public func control(_ control: SheetControl, of id: RequestID) -> Bool {
        switch control {
        case .selectDetent(let detent):
            return selectDetent(detent, on: id)
        case .invalidateDetents:
            guard let screen = engine.popups[id], layout(of: screen) != nil else { return false }
            invalidateDetents(of: id)
            return true
        }
    }

    /// Resolves a sheet's detents again (UIKit's `invalidateDetents`) and moves it if they moved.
    public func invalidateDetents(of id: RequestID) {
        guard let screen = engine.popups[id], screen.sheet != nil, screen.phase != .leaving else { return }
        engine.relayout(screen, over: SheetBehaviour.snap.duration)
    }

    /// Makes `detent` the selected one; a user's change is reported to the controller loader. True
    /// when it changed.
    private func select(_ detent: Detent.ID, on screen: ScreenPopup, byUser: Bool) -> Bool {
        guard let before = layout(of: screen)?.selected.id, before != detent else { return false }
        screen.sheet?.selected = detent
        refresh(screen)
        chef.record(.detentChanged, request: screen.id, detail: "\(detent) (\(byUser ? "user" : "programmatic"))")
        if byUser { (screen.controllerLoader as? SheetDelegate)?.detentChanged(to: detent) }
        return true
    }

    /// A sheet springs to its resting state from wherever it is.
    private func snap(_ screen: ScreenPopup) {
        move(
            screen, to: engine.shownState(of: screen), over: SheetBehaviour.snap.duration,
            curve: engine.motionCurve(SheetBehaviour.snap.curve))
    }

    /// The user scrolls a sheet's content by `delta` points (negative: the finger moves up): at the
    /// content's top edge, with `prefersScrollingExpandsWhenScrolledToEdge`, the sheet grows to its
    /// next detent first (a user's change, reported); otherwise — at its largest detent, or when it
    /// prefers not to grow — the content scrolls, through the one mechanism every popup's content
    /// scrolls by (`scrollContent`).
    @discardableResult
    public func scroll(_ id: RequestID, by delta: Double, animated: Bool = false) -> SheetScrollOutcome {
        guard let screen = engine.popups[id], screen.phase == .shown, screen.sheet?.drag == nil, let layout = layout(of: screen) else {
            return .content
        }
        let atTop = (engine.restingContent(of: screen).scroll?.offset ?? 0) <= 0
        guard screen.presentation.sheet.prefersScrollingExpandsWhenScrolledToEdge, delta < 0, atTop,
            let next = SheetBehaviour.nextLarger(than: layout.selected.height, detents: layout.detents)
        else {
            engine.scrollContent(id, by: delta, animated: animated)
            return .content
        }
        _ = select(next.id, on: screen, byUser: true)
        snap(screen)
        return .expanded(next.id)
    }

    /// Focusing a field in a sheet expands it to its largest detent (a user's change, reported);
    /// the keyboard's relayout moves it.
    func expandForFocus(_ screen: ScreenPopup) {
        guard let largest = layout(of: screen)?.detents.last else { return }
        _ = select(largest.id, on: screen, byUser: true)
    }

    // MARK: Drags

    /// Whether request `id` is the front sheet, shown, so that a finger can drag it.
    func isDraggable(_ id: RequestID) -> Bool {
        guard let screen = engine.popups[id], screen.phase == .shown, layout(of: screen) != nil else { return false }
        return !isCovered(screen)
    }

    /// A finger starts dragging a sheet (not one that is leaving).
    func beginDrag(_ id: RequestID) {
        guard let screen = engine.popups[id], screen.phase != .leaving, let height = height(of: id) else { return }
        screen.sheet?.drag = SheetDrag(start: height, height: height)
    }

    /// The sheet follows the finger `offset` points from where the drag began (positive: down).
    /// Below its smallest detent the user's dismissal begins (should_dismiss is asked); back above
    /// it, the dismissal is cancelled. The controller loader hears the drag's progress.
    func drag(_ id: RequestID, offset: Double) {
        guard let screen = engine.popups[id], var drag = screen.sheet?.drag, let layout = layout(of: screen) else { return }
        let smallest = layout.detents[0].height
        var height = SheetBehaviour.follow(
            start: drag.start, offset: offset, detents: layout.detents, dismissible: mayDismiss(screen, drag))
        if height < smallest && drag.dismissal == nil {
            drag.dismissal = chef.beginInteractiveDismiss(id, reason: .swipe)
            height = SheetBehaviour.follow(
                start: drag.start, offset: offset, detents: layout.detents, dismissible: mayDismiss(screen, drag))
        } else if height >= smallest && drag.dismissal == .began {
            drag.dismissal = nil
            chef.cancelInteractiveDismiss(id)
        }
        drag.height = height
        screen.sheet?.drag = drag
        screen.motion = .still(dragState(of: screen, layout: layout, height: height))
        (screen.controllerLoader as? SheetDelegate)?.dragProgress(SheetBehaviour.progress(height: height, detents: layout.detents))
    }

    /// The finger lifts at `velocity` (pt/s, positive: down): the projected release picks a detent
    /// (a change is reported) or a dismissal, which completes the user's dismissal (asking
    /// should_dismiss first when the drag never went below the smallest detent); a refused one
    /// snaps back to the smallest detent.
    func endDrag(_ id: RequestID, velocity: Double) {
        guard let screen = engine.popups[id], let drag = screen.sheet?.drag, let layout = layout(of: screen) else { return }
        screen.sheet?.drag = nil
        chef.record(.dragEnded, request: id, detail: "velocity \(velocity.rounded()) pt/s")
        switch SheetBehaviour.release(
            height: drag.height, velocity: velocity, detents: layout.detents, dismissible: mayDismiss(screen, drag))
        {
        case .dismiss:
            let dismissal = drag.dismissal ?? chef.beginInteractiveDismiss(id, reason: .swipe)
            if dismissal == .began { return chef.completeInteractiveDismiss(id) }
            _ = select(layout.detents[0].id, on: screen, byUser: true)
            snap(screen)
        case .detent(let detent):
            _ = select(detent.id, on: screen, byUser: true)
            if drag.dismissal == .began {
                chef.cancelInteractiveDismiss(id)  // it comes back to the selected detent
            } else {
                snap(screen)
            }
        }
    }

    /// Whether a drag may take the sheet below its smallest detent: swipes dismiss it, and no
    /// attempt in this drag was refused.
    private func mayDismiss(_ screen: ScreenPopup, _ drag: SheetDrag) -> Bool {
        screen.presentation.swipeToDismiss && (drag.dismissal == nil || drag.dismissal == .began)
    }

    /// The state of a sheet a finger holds `height` high: as tall as that (at least its smallest
    /// detent, below which it slides down), its dimming following the height.
    private func dragState(of screen: ScreenPopup, layout: SheetLayout, height: Double) -> VisualState {
        var state = engine.shownState(of: screen)
        let smallest = layout.detents[0].height, keyboard = engine.keyboardHeight(for: screen.id)
        state.frame = SheetLayout.frame(height: max(height, smallest), options: layout.options, scene: scene, keyboard: keyboard)
        state.frame.y = scene.height - keyboard - height
        let presentation = screen.presentation
        let dim = presentation.mask == .dimmed ? Double(presentation.dimColor & 0xFF) / 255 : 0
        let shown = SheetLayout.dimming(
            height: max(height, smallest), detents: layout.detents,
            largestUndimmed: SheetLayout.largestUndimmedDetent(layout.options, scene: scene))
        state.dimAlpha = dim * shown * (smallest > 0 ? min(1, height / smallest) : 1)
        return state
    }

    /// Whether a finger holds this sheet (its motion is the finger's, not the chef's transitions').
    func followsFinger(_ screen: ScreenPopup) -> Bool { screen.sheet?.drag != nil }

    func followsFinger(_ id: RequestID) -> Bool { engine.popups[id].map(followsFinger) ?? false }

    /// A tap on a sheet's dimming, when its presentation dismisses on such taps: a user's
    /// dismissal in the same order as a drag's (modal or vetoed: did-attempt; else will-dismiss,
    /// completed at once), reason background tap. Nil for anything but a sheet taking such taps.
    func backgroundTap(on screen: ScreenPopup) -> TapOutcome? {
        let id = screen.id
        guard layout(of: screen) != nil, screen.phase != .leaving,
            screen.presentation.mask != .none, screen.presentation.dismissOnBackgroundTap, screen.sheet?.drag == nil
        else { return nil }
        switch chef.beginInteractiveDismiss(id, reason: .backgroundTap) {
        case .began?:
            chef.completeInteractiveDismiss(id)
            return .dismissed(id)
        case .vetoed?:
            return .vetoed(id)
        case .refused?, nil:
            return .absorbed(id)
        }
    }

    // MARK: Popovers

    /// Whether a tap at `point` outside popover `id` falls in one of its passthrough rects (it
    /// reaches the app).
    func isPassthrough(_ point: Point, for id: RequestID) -> Bool {
        guard let screen = engine.popups[id], screen.style.layout is PopoverLayout else { return false }
        return screen.presentation.sheet.popover.passthroughRects.contains { $0.contains(point) }
    }
}
