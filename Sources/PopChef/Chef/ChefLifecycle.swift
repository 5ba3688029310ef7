import PopModel

/// The presentation state machine: idle → presenting → shown → dismissing → dismissed (+ cancelled),
/// with reversals from the current progress, and the final event.
extension Chef {
    /// Puts a request on screen in its layer: content, will_present, the presentation animation.
    func start(_ popup: Popup) {
        layers[popup.layer].push(popup)
        if popup.content == nil {
            do {
                let content = try popup.viewLoader.build(data: popup.viewData)
                // Every mismatch in one message: the plugin's author fixes them all in one go.
                let mismatches = CompositionContract(handler: popup.handler).mismatches(in: content)
                if !mismatches.isEmpty {
                    return fail(popup, ComponentFailure(.contractBroken, mismatches.map(\.message).joined(separator: "; ")))
                }
                popup.content = content
                popup.rows = try rows(of: popup)
            } catch {
                return fail(popup, ComponentFailure(error.category, "view loader \(popup.viewLoader.id): \(error)"), reason: error.reason)
            }
        }
        popup.handler.willPresent()
        record(popup, .willPresent)
        popup.state = .presenting
        startTransition(popup, to: 1)
    }

    /// The rows a sheet lists on demand below its content, when its view loader lists rows in sheets (a plugin
    /// of ABI 1.3 and later) and has any: a failing row is traced `misbehaviour` for the request.
    private func rows(of popup: Popup) throws(ComponentFailure) -> ListRows? {
        guard popup.presentation.style == .sheet, popup.viewLoader.listsRowsInSheets,
            let layout = try popup.viewLoader.rowLayout(for: popup.viewData)
        else { return nil }
        let rows = ListRows(layout: layout, viewLoader: popup.viewLoader, data: popup.viewData)
        rows.report = { [weak self, weak popup] message in
            if let popup { self?.misbehaviour(popup, message) }
        }
        return rows
    }

    /// Asks the handler whether it may be dismissed for `reason` (only vetoable reasons are asked).
    func ask(_ popup: Popup, mayDismissFor reason: Reason) -> Bool {
        guard reason.isVetoable else { return true }
        let agrees = popup.handler.shouldDismiss(reason)
        if !agrees { record(popup, .dismissVetoed, reason: reason) }
        return agrees
    }

    /// Ends a request for `reason` however far it got: dismissed if on screen, cancelled if not.
    func end(_ popup: Popup, reason: Reason) {
        if popup.state == .idle {
            finish(popup, .cancelled(reason))
        } else {
            beginDismiss(popup, reason: reason)
        }
    }

    /// Starts the dismissal of a popup that is presenting (it reverses from where it is) or shown.
    func beginDismiss(_ popup: Popup, reason: Reason) {
        switch popup.state {
        case .presenting, .shown:
            dismissSheets(above: popup, reason: reason)
            popup.dismissReason = reason
            popup.handler.willDismiss(reason)
            record(popup, .willDismiss, reason: reason)
            popup.state = .dismissing
            startTransition(popup, to: 0)
        case .idle:
            finish(popup, .cancelled(reason))
        case .dismissing where popup.interactiveDismissal == .following:
            // The app dismisses a sheet the user is dragging away: it leaves now, a programmatic
            // dismissal (the delegate hears no did-dismiss).
            popup.interactiveDismissal = nil
            popup.dismissReason = reason
            startTransition(popup, to: 0)
        case .dismissing where popup.requeueWhenDismissed:
            // Preempted and on its way back to the queue: it now ends for good when it is out.
            popup.requeueWhenDismissed = false
            popup.dismissReason = reason
            record(popup, .requeueCancelled, reason: reason)
        case .dismissing, .dismissed, .cancelled:
            break
        }
    }

    /// Moves the popup's progress toward `target` from where it is now, through the controller
    /// loader's animation hook when it has one, else over the presentation's duration (none for
    /// the styles "none"); the presenter moves the popup on screen. A transition that interrupts
    /// another runs its own whole duration, as UIKit's begin-from-current-state does: it starts from
    /// the value presented now, but a dismissal early in a 0.3 s entrance still takes its full hide
    /// duration (never the fraction the entrance had covered).
    func startTransition(_ popup: Popup, to target: Double) {
        let from = popup.progress(at: clock.now)
        clock.cancel(popup.transition?.endTimer)
        clock.cancel(popup.completionTimer)
        popup.pendingCompletion = nil
        let showing = target > from
        let presentation = popup.presentation
        let duration = VirtualTime.seconds(showing ? presentation.showDuration : presentation.hideDuration)
        // The fraction covered so far, to three decimals: a trace is read by people and compared by tests.
        record(popup, showing ? .presenting : .dismissing, detail: "from \((from * 1000).rounded() / 1000) over \(duration.seconds) s")

        if showing ? popup.controllerLoader.hasShowAnimation : popup.controllerLoader.hasHideAnimation,
            startCustomTransition(popup, from: from, to: target, duration: duration)
        {
            return
        }
        let still = showing ? presentation.showAnimation == .none : presentation.hideAnimation == .none
        let themed = still ? .zero : duration
        presenter?.popupWillMove(PopupMove(popup: popup.presented, showing: showing, start: clock.now, duration: themed, custom: nil))
        var transition = Transition(from: from, to: target, start: clock.now, duration: themed, isCustom: false)
        guard themed.microseconds > 0 else {
            popup.transition = transition
            return transitionEnded(popup)
        }
        transition.endTimer = clock.schedule(after: themed) { [weak self, weak popup] in
            guard let self, let popup else { return }
            self.transitionEnded(popup)
        }
        popup.transition = transition
    }

    /// Runs the controller loader's animation hook; false when it declined.
    private func startCustomTransition(_ popup: Popup, from: Double, to target: Double, duration: VirtualTime) -> Bool {
        let showing = target > from
        let inbox = self.inbox, id = popup.id, serial = inbox.nextSerial()
        let done = Completion<Void> { _ in
            inbox.post(.done(id, serial: serial))
        } repeated: { _ in
            inbox.post(.calledAgain(id, what: "an animation's completion"))
        }
        popup.pendingCompletion = serial
        let presented = popup.presented
        let geometry = presenter?.animationGeometry(for: presented) ?? .none
        let context = AnimationContext(geometry: geometry, duration: duration, now: clock.now)
        guard popup.controllerLoader.animate(showing: showing, context: context, done: done) else {
            popup.pendingCompletion = nil
            return false
        }
        if let problem = context.problem { misbehaviour(popup, problem) }
        presenter?.popupWillMove(
            PopupMove(
                popup: presented, showing: showing, start: clock.now, duration: duration,
                custom: (geometry.current, context.keyframes)))
        popup.transition = Transition(
            from: from, to: target, start: clock.now, duration: duration, isCustom: true,
            lastKeyframeEnd: context.keyframes.map(\.end).max())
        popup.completionDeadline = clock.now + duration + configuration.completionTimeout
        popup.completionTimer = clock.schedule(after: duration + configuration.completionTimeout) { [weak self, weak popup] in
            guard let self, let popup, self.popups[popup.id] != nil else { return }
            self.fail(
                popup,
                ComponentFailure(
                    .contractBroken,
                    "the custom \(showing ? "show" : "hide") animation did not call its completion within \((duration + self.configuration.completionTimeout).seconds) s"
                ))
        }
        for message in inbox.take() { receive(message) }
        return true
    }

    /// The presentation or dismissal animation has finished.
    func transitionEnded(_ popup: Popup) {
        guard let transition = popup.transition, popups[popup.id] != nil else { return }
        popup.transition = nil
        popup.restingProgress = transition.to
        switch popup.state {
        case .presenting:
            popup.state = .shown
            popup.wasShown = true
            presenter?.popupDidSettle(popup.presented)
            record(popup, .didPresent)
            popup.handler.didPresent()
        case .dismissing:
            let reason = popup.dismissReason ?? .requested
            popup.handler.didDismiss(reason)
            record(popup, .didDismiss, reason: reason)
            if popup.interactiveDismissal == .completing { (popup.controllerLoader as? SheetDelegate)?.didDismiss() }
            if popup.requeueWhenDismissed {
                popup.requeueWhenDismissed = false
                popup.state = .idle
                popup.dismissReason = nil
                layers[popup.layer].current = nil
                presenter?.popupDidLeave(popup.id)
                record(popup, .requeued)
                enqueue(popup)
                startNext(in: popup.layer)
            } else {
                finish(popup, .dismissed(reason))
            }
        default:
            break
        }
    }

    /// The end of a request: its handler hears the final event, every component is destroyed, the
    /// final event is recorded, and only then does the layer move on.
    func finish(_ popup: Popup, _ requested: FinalEvent) {
        guard popup.state != .dismissed && popup.state != .cancelled else { return }
        // Ended abruptly on screen (a failure, a lost plugin): the sheets above it go too.
        if popup.state == .presenting || popup.state == .shown { dismissSheets(above: popup, reason: requested.reason) }
        // A requeued popup that was on screen once ends dismissed, whatever ends it.
        let event = popup.wasShown ? FinalEvent.dismissed(requested.reason) : requested
        popup.state = if case .dismissed = event { .dismissed } else { .cancelled }
        clock.cancel(popup.timeToLiveTimer)
        clock.cancel(popup.completionTimer)
        clock.cancel(popup.transition?.endTimer)
        popup.transition = nil
        popup.pendingCompletion = nil
        presenter?.popupDidLeave(popup.id)
        let layer = popup.layer
        let wasCurrent = layers[layer].remove(popup)
        if layers[layer].next === popup { layers[layer].next = nil }
        if popup.isQueued { layers[layer].removeFromQueue(popup, order: configuration.queueOrder); popup.isQueued = false }

        popup.handler.finished(event)
        popup.handler.destroy()
        popup.rows?.release()
        popup.viewLoader.destroy()
        popup.controllerLoader.destroy()
        popup.reformer.destroy()
        recordFinal(popup, event)
        if wasCurrent || layers[layer].current == nil { startNext(in: layer) }
    }
}
