import PopChef
import PopModel

/// Banners (SwiftEntryKit): the display timer, held while touched, and drags that swipe a banner
/// away or spring it back (`BannerBehaviour` has the numbers).
final class BannerPresenter: PopupStylePresenter {
    private unowned let engine: PresentationEngine

    init(engine: PresentationEngine) { self.engine = engine }

    private var chef: Chef { engine.chef }
    private var now: VirtualTime { engine.now }

    // MARK: Lifecycle

    func popupWillMove(_ popup: ScreenPopup, showing: Bool, duration: VirtualTime) {
        if !showing { stopDisplayTimer(of: popup) }
    }

    func popupDidSettle(_ popup: ScreenPopup) {
        if popup.presentation.displayDuration > 0 { startDisplayTimer(popup, after: .seconds(popup.presentation.displayDuration)) }
    }

    func popupDidLeave(_ popup: ScreenPopup) { stopDisplayTimer(of: popup) }

    // MARK: The display timer

    /// A touch holds a shown banner's display timer (the entry stays while touched).
    func holdDisplayTimer(of id: RequestID) {
        guard let popup = engine.popups[id], popup.presentation.pauseOnTouch, let deadline = popup.displayDeadline,
            popup.displayHeld == nil
        else { return }
        engine.clock.cancel(popup.displayTimer)
        popup.displayTimer = nil
        popup.displayDeadline = nil
        popup.displayHeld = max(.zero, deadline - now)
        chef.record(.displayTimerHeld, request: id)
    }

    /// The touch is over: the display timer runs on with the time it had left.
    func releaseDisplayTimer(of id: RequestID) {
        guard let popup = engine.popups[id], let remaining = popup.displayHeld else { return }
        popup.displayHeld = nil
        guard popup.phase == .shown else { return }
        chef.record(.displayTimerResumed, request: id, detail: "\(remaining.seconds) s left")
        startDisplayTimer(popup, after: remaining)
    }

    /// Dismisses a shown banner (reason timeout) after `delay`.
    private func startDisplayTimer(_ popup: ScreenPopup, after delay: VirtualTime) {
        popup.displayDeadline = now + delay
        popup.displayTimer = engine.clock.schedule(after: delay) { [weak chef, weak popup] in
            guard let chef, let popup, popup.phase == .shown else { return }
            popup.displayDeadline = nil
            chef.dismiss(popup.id, reason: .timeout)
        }
    }

    /// A banner that starts leaving, or leaves, has no display time left.
    private func stopDisplayTimer(of popup: ScreenPopup) {
        engine.clock.cancel(popup.displayTimer)
        popup.displayTimer = nil
        popup.displayDeadline = nil
        popup.displayHeld = nil
    }

    // MARK: Drags

    /// Whether request `id` is a shown banner a finger can drag.
    func isDraggable(_ id: RequestID) -> Bool {
        guard let popup = engine.popups[id] else { return false }
        return popup.layer == .banner && popup.phase == .shown
    }

    /// A shown banner follows a drag `offset` points along its axis (positive: down).
    func drag(_ id: RequestID, offset: Double) {
        guard let popup = engine.popups[id], popup.phase == .shown, popup.presentation.swipeToDismiss else { return }
        var state = engine.shownState(of: popup)
        state.frame.y += BannerBehaviour.dragOffset(offset, popup.presentation)
        popup.motion = .still(state)
    }

    /// The drag is over with `velocity` points per second along the banner's axis: a flick toward
    /// its edge swipes it away (reason swipe; the handler may veto); otherwise it springs back.
    func endDrag(_ id: RequestID, velocity: Double) {
        guard let popup = engine.popups[id], popup.phase == .shown, popup.presentation.swipeToDismiss else { return }
        chef.record(.dragEnded, request: id, detail: "velocity \(velocity.rounded()) pt/s")
        if BannerBehaviour.swipesAway(velocity: velocity, popup.presentation) && chef.userDismiss(id, reason: .swipe) {
            return
        }
        let spring = BannerBehaviour.springBack
        popup.motion = .animated(
            Animation(
                from: engine.currentState(of: popup), to: engine.shownState(of: popup), start: now,
                duration: spring.duration, curve: engine.motionCurve(spring.curve)))
        engine.keepRunning(for: spring.duration)
    }
}
