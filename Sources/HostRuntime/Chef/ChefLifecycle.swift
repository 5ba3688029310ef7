/// The presentation state machine: idle → presenting → shown → dismissing → dismissed (+ cancelled),
/// with reversals from the current progress, and the final event.
extension Chef {
    /// Puts a request on screen in its layer: content, will_present, the presentation animation.
    func start(_ popup: Popup) {
        layers[popup.layer].current = popup
        if popup.content == nil {
            switch popup.viewLoader.build(data: popup.viewData) {
            case .success(let content):
                if let problem = checkActions(of: content, for: popup) { return fail(popup, problem) }
                popup.content = content
            case .failure(let failure):
                return fail(popup, "view loader \(popup.viewLoader.id): \(failure)")
            }
        }
        screenSequence += 1
        popup.screenOrder = screenSequence
        popup.handler.willPresent()
        record(popup, "will-present")
        popup.state = .presenting
        startTransition(popup, to: 1)
    }

    /// Every button must name a declared action (or a host action), and every action's `field.ID`
    /// arguments must name a text field of the content.
    private func checkActions(of content: ContentNode, for popup: Popup) -> String? {
        let fields = Set(content.textFieldIDs)
        for name in content.actionNames where !HostAction.all.contains(name) && popup.handler.actions[name] == nil {
            return "a button names the action \"\(name)\", which handler \(popup.handler.id) does not declare"
        }
        for action in popup.handler.actions.values.sorted(by: { $0.name < $1.name }) {
            for case .field(let id) in action.signature.parameters.map(\.source) where !fields.contains(id) {
                return "action \"\(action.name)\" reads field.\(id), but the content has no text field \"\(id)\""
            }
        }
        return nil
    }

    /// Asks the handler whether it may be dismissed for `reason` (only vetoable reasons are asked).
    func ask(_ popup: Popup, mayDismissFor reason: Reason) -> Bool {
        guard reason.isVetoable else { return true }
        let agrees = popup.handler.shouldDismiss(reason)
        if !agrees { record(popup, "dismiss-vetoed", reason: reason) }
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
            clock.cancel(popup.displayTimer)
            popup.displayDeadline = nil
            popup.displayHeld = nil
            popup.dismissReason = reason
            popup.handler.willDismiss(reason)
            record(popup, "will-dismiss", reason: reason)
            popup.state = .dismissing
            // The exit starts from where the popup is, above its keyboard; then the keyboard goes down.
            startTransition(popup, to: 0)
            releaseKeyboard(of: popup)
        case .idle:
            finish(popup, .cancelled(reason))
        case .dismissing where popup.requeueWhenDismissed:
            // Preempted and on its way back to the queue: it now ends for good when it is out.
            popup.requeueWhenDismissed = false
            popup.dismissReason = reason
            record(popup, "requeue-cancelled", reason: reason)
        case .dismissing, .dismissed, .cancelled:
            break
        }
    }

    /// Moves the popup's progress toward `target` from where it is now, through the controller
    /// loader's animation hook when it has one, else with the theme's motion over the presentation's
    /// duration (none for the styles "none").
    func startTransition(_ popup: Popup, to target: Double) {
        let from = popup.progress(at: clock.now)
        clock.cancel(popup.transition?.endTimer)
        clock.cancel(popup.completionTimer)
        popup.pendingCompletion = nil
        let showing = target > from
        let presentation = popup.presentation
        let full = showing ? presentation.showDuration : presentation.hideDuration
        let duration = VirtualTime.seconds(full * abs(target - from))
        record(popup, showing ? "presenting" : "dismissing", detail: "from \(from) over \(duration.seconds) s")

        if showing ? popup.controllerLoader.hasShowAnimation : popup.controllerLoader.hasHideAnimation {
            let inbox = self.inbox, id = popup.id
            let done = OneShotClosure.done { closure in
                inbox.post(.done(id, closure: ObjectIdentifier(closure)))
            } onMisuse: { _ in
                inbox.post(.calledAgain(id, what: "an animation's completion"))
            }
            popup.closures.append(done)
            popup.pendingCompletion = ObjectIdentifier(done)
            let keyboard = keyboardHeight(for: popup)
            let start = currentState(of: popup)
            let context = AnimationContext(container: scene.container(for: presentation, keyboard: keyboard),
                                           keyboardHeight: keyboard, finalFrame: restingFrame(of: popup), from: start,
                                           duration: duration, sink: KeyframeSink(popup: popup, clock: clock))
            let firstKeyframe = popup.customKeyframes.count
            if popup.controllerLoader.animate(showing: showing, context: context, done: done.functionPointer) {
                if let problem = context.sink.problem { misbehaviour(popup, problem) }
                let steps = popup.customKeyframes[firstKeyframe...].compactMap(KeyframeTrack.Step.init)
                popup.motion = .keyframes(KeyframeTrack(initial: start, steps: steps))
                popup.transition = Transition(from: from, to: target, start: clock.now, duration: duration, isCustom: true,
                                              firstKeyframe: firstKeyframe)
                popup.completionTimer = clock.schedule(after: duration + configuration.completionTimeout) { [weak self, weak popup] in
                    guard let self, let popup, self.popups[popup.id] != nil else { return }
                    self.fail(popup, "the custom \(showing ? "show" : "hide") animation did not call its completion within \((duration + self.configuration.completionTimeout).seconds) s")
                }
                for message in inbox.take() { receive(message) }
                return
            }
            popup.pendingCompletion = nil
        }
        let still = showing ? presentation.showAnimation == .none : presentation.hideAnimation == .none
        let themed = still ? .zero : duration
        startThemeMotion(popup, showing: showing, duration: themed)
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

    /// The presentation or dismissal animation has finished.
    func transitionEnded(_ popup: Popup) {
        guard let transition = popup.transition, popups[popup.id] != nil else { return }
        popup.transition = nil
        popup.restingProgress = transition.to
        switch popup.state {
        case .presenting:
            popup.state = .shown
            popup.wasShown = true
            popup.motion = .still(shownState(of: popup))
            record(popup, "did-present")
            popup.handler.didPresent()
            if popup.layer == .banner && popup.presentation.displayDuration > 0 && popups[popup.id] != nil {
                startDisplayTimer(popup, after: .seconds(popup.presentation.displayDuration))
            }
        case .dismissing:
            let reason = popup.dismissReason ?? .requested
            popup.handler.didDismiss(reason)
            record(popup, "did-dismiss", reason: reason)
            if popup.requeueWhenDismissed {
                popup.requeueWhenDismissed = false
                popup.motion = nil
                popup.state = .idle
                popup.dismissReason = nil
                layers[popup.layer].current = nil
                record(popup, "requeued")
                enqueue(popup)
                startNext(in: popup.layer)
            } else {
                finish(popup, .dismissed(reason))
            }
        default:
            break
        }
    }

    /// The end of a request: its handler hears the final event, every component is destroyed and
    /// every completion freed, the final event is recorded, and only then does the layer move on.
    func finish(_ popup: Popup, _ requested: FinalEvent) {
        guard popup.state != .dismissed && popup.state != .cancelled else { return }
        // A requeued popup that was on screen once ends dismissed, whatever ends it.
        let event = popup.wasShown ? FinalEvent.dismissed(requested.reason) : requested
        popup.state = if case .dismissed = event { .dismissed } else { .cancelled }
        for timer in [popup.timeToLiveTimer, popup.completionTimer, popup.displayTimer, popup.transition?.endTimer] {
            clock.cancel(timer)
        }
        popup.transition = nil
        popup.pendingCompletion = nil
        releaseKeyboard(of: popup)
        let layer = popup.layer
        var wasCurrent = false
        if layers[layer].current === popup { layers[layer].current = nil; wasCurrent = true }
        if layers[layer].next === popup { layers[layer].next = nil }
        if popup.isQueued { layers[layer].removeFromQueue(popup); popup.isQueued = false }

        popup.handler.finished(event)
        popup.handler.destroy()
        popup.viewLoader.destroy()
        popup.controllerLoader.destroy()
        popup.reformer.destroy()
        for closure in popup.closures { closure.free() }
        popup.closures = []
        recordFinal(popup, event)
        if wasCurrent || layers[layer].current == nil { startNext(in: layer) }
    }
}
