import PopChef
import PopModel

/// Banners (SwiftEntryKit): the display timer, held while touched, and drags that swipe a banner
/// away or spring it back (`BannerBehaviour` has the numbers).
extension PresentationEngine {
    /// A touch holds a shown banner's display timer (the entry stays while touched).
    func holdDisplayTimer(of id: RequestID) {
        guard let screen = popups[id], screen.presentation.pauseOnTouch, let deadline = screen.displayDeadline,
            screen.displayHeld == nil
        else { return }
        clock.cancel(screen.displayTimer)
        screen.displayTimer = nil
        screen.displayDeadline = nil
        screen.displayHeld = max(.zero, deadline - now)
        chef.record(.displayTimerHeld, request: id)
    }

    /// The touch is over: the display timer runs on with the time it had left.
    func releaseDisplayTimer(of id: RequestID) {
        guard let screen = popups[id], let remaining = screen.displayHeld else { return }
        screen.displayHeld = nil
        guard screen.phase == .shown else { return }
        chef.record(.displayTimerResumed, request: id, detail: "\(remaining.seconds) s left")
        startDisplayTimer(screen, after: remaining)
    }

    /// Dismisses a shown banner (reason timeout) after `delay`.
    func startDisplayTimer(_ screen: ScreenPopup, after delay: VirtualTime) {
        screen.displayDeadline = now + delay
        screen.displayTimer = clock.schedule(after: delay) { [weak self, weak screen] in
            guard let self, let screen, screen.phase == .shown else { return }
            screen.displayDeadline = nil
            self.chef.dismiss(screen.id, reason: .timeout)
        }
    }

    /// A banner that starts leaving, or leaves, has no display time left.
    func stopDisplayTimer(of screen: ScreenPopup) {
        clock.cancel(screen.displayTimer)
        screen.displayTimer = nil
        screen.displayDeadline = nil
        screen.displayHeld = nil
    }

    /// Whether request `id` is a shown banner a finger can drag.
    func isDraggableBanner(_ id: RequestID) -> Bool {
        guard let screen = popups[id] else { return false }
        return screen.layer == .banner && screen.phase == .shown
    }

    /// A shown banner follows a drag `offset` points along its axis (positive: down).
    func drag(_ id: RequestID, offset: Double) {
        guard let screen = popups[id], screen.phase == .shown, screen.presentation.swipeToDismiss else { return }
        var state = shownState(of: screen)
        state.frame.y += BannerBehaviour.dragOffset(offset, screen.presentation)
        screen.motion = .still(state)
    }

    /// The drag is over with `velocity` points per second along the banner's axis: a flick toward
    /// its edge swipes it away (reason swipe; the handler may veto); otherwise it springs back.
    func endDrag(_ id: RequestID, velocity: Double) {
        guard let screen = popups[id], screen.phase == .shown, screen.presentation.swipeToDismiss else { return }
        chef.record(.dragEnded, request: id, detail: "velocity \(velocity.rounded()) pt/s")
        if BannerBehaviour.swipesAway(velocity: velocity, screen.presentation) && chef.userDismiss(id, reason: .swipe) {
            return
        }
        let spring = BannerBehaviour.springBack
        screen.motion = .animated(
            Animation(
                from: currentState(of: screen), to: shownState(of: screen), start: now,
                duration: spring.duration, curve: spring.curve))
        keepRunning(for: spring.duration)
    }
}
