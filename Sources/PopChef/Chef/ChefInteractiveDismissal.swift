import PopModel

/// How a user's dismissal that follows a finger (a sheet dragged below its smallest detent) began.
public enum InteractiveDismissal: Sendable, Equatable {
    /// Modal in presentation: the delegate heard `didAttemptToDismiss`; it snaps back.
    case refused
    /// `should_dismiss` said no: the delegate heard `didAttemptToDismiss`; it snaps back.
    case vetoed
    /// The dismissal is under way (delegate `willDismiss`, then the handler's will-dismiss); the
    /// finger still decides: `completeInteractiveDismiss` or `cancelInteractiveDismiss`.
    case began
}

/// A dismissal the user drives (UIKit's interactive sheet dismissal), in the order of the spec
/// (sheets-navigation-floating.md): modal → did-attempt; else should-dismiss; no → did-attempt;
/// yes → delegate will-dismiss, the presented content's will-disappear (the handler's
/// will-dismiss); a cancellation gives the content will-appear and did-appear again and no
/// did-dismiss; a completion gives the handler's did-dismiss, then the delegate's.
extension Chef {
    /// Begins a user's dismissal of a popup on screen that the finger still holds; nil when it is
    /// not presenting or shown.
    public func beginInteractiveDismiss(_ id: RequestID, reason: Reason = .swipe) -> InteractiveDismissal? {
        guard let popup = popups[id], popup.state == .shown || popup.state == .presenting else { return nil }
        let delegate = popup.controllerLoader as? SheetDelegate
        if popup.presentation.modal {
            record(popup, .dismissAttempted, reason: reason, detail: "modal in presentation")
            delegate?.didAttemptToDismiss()
            return .refused
        }
        guard ask(popup, mayDismissFor: reason) else {
            record(popup, .dismissAttempted, reason: reason, detail: "should_dismiss said no")
            delegate?.didAttemptToDismiss()
            return .vetoed
        }
        if popup.state == .presenting, popup.transition != nil {
            // Coming back from a cancelled dismissal: the finger holds it where it is.
            popup.restingProgress = popup.progress(at: clock.now)
            clock.cancel(popup.transition?.endTimer)
            popup.transition = nil
        }
        dismissSheets(above: popup, reason: reason)
        popup.interactiveDismissal = .following
        delegate?.willDismiss()
        popup.dismissReason = reason
        popup.handler.willDismiss(reason)
        record(popup, .willDismiss, reason: reason)
        popup.state = .dismissing
        return .began
    }

    /// The finger let go beyond the point of no return: the popup leaves from where it is.
    public func completeInteractiveDismiss(_ id: RequestID) {
        guard let popup = popups[id], popup.interactiveDismissal == .following, popup.state == .dismissing else { return }
        popup.interactiveDismissal = .completing
        startTransition(popup, to: 0)
    }

    /// The finger went back or let go short: the popup comes back (will-present and did-present
    /// again), unless a newer request took its dedupe key since the dismissal began.
    public func cancelInteractiveDismiss(_ id: RequestID) {
        guard let popup = popups[id], popup.interactiveDismissal == .following else { return }
        popup.interactiveDismissal = nil
        // It cannot come back when a newer request took its dedupe key meanwhile: it leaves then.
        if !reshow(id) { startTransition(popup, to: 0) }
    }

    /// Whether a finger holds a dismissal of request `id` under way.
    public func isInteractivelyDismissing(_ id: RequestID) -> Bool {
        popups[id]?.interactiveDismissal == .following
    }
}
