import PopModel

/// Composition: from a request's component ids and data to a request ready for arbitration.
/// Order: resolve and create the components → options (host defaults, handler, request) → reformer
/// → controller loader (its style decides the layer) → should_present → arbitration.
extension Chef {
    func compose(_ popup: Popup) {
        do {
            try resolveComponents(popup)
        } catch {
            record(popup, .requested, detail: error.description)
            misbehaviour(popup, error.description)
            popup.failure = error
            finish(popup, .cancelled(error.reason))
            return
        }
        record(popup, .requested)

        // The built-in handler, reformer and controller loader change nothing: a request that names
        // none of them (the usual app popup) skips their calls, and its data is not wrapped until its
        // view loader builds. Configuring a second alert to overwrite the one the request was made
        // with, and wrapping its data, were a sixth of a show + dismiss (issue 30).
        var options = RequestOptions()
        if popup.request.handler != nil { popup.handler.adjust(&options, data: popup.data) }
        let request = popup.request
        if let priority = request.priority { options.priority = priority }
        if let policy = request.policy { options.policy = policy }
        if let rule = request.whenPreempted { options.whenPreempted = rule }
        if let timeToLive = request.timeToLive { options.timeToLive = timeToLive }
        if let key = request.dedupeKey { options.dedupeKey = key.isEmpty ? nil : key }
        popup.options = options

        if request.reformer != nil {
            do {
                let (view, controller) = try popup.reformer.reform(data: popup.data)
                if let view { popup.reformedViewData = RequestData(view) }
                if let controller { popup.reformedControllerData = RequestData(controller) }
            } catch {
                return fail(popup, ComponentFailure(error.category, "reformer \(popup.reformer.id): \(error)"), reason: error.reason)
            }
        }
        if request.controllerLoader != nil {
            do {
                popup.presentation = try popup.controllerLoader.configure(data: popup.controllerData)
            } catch {
                return fail(
                    popup, ComponentFailure(error.category, "controller loader \(popup.controllerLoader.id): \(error)"),
                    reason: error.reason)
            }
        }

        guard popup.handler.decidesPresentation else { return admit(popup) }
        let inbox = self.inbox, id = popup.id, serial = inbox.nextSerial()
        let answer = Completion<Bool> { present in
            inbox.post(.answer(id, serial: serial, present: present))
        } repeated: { _ in
            inbox.post(.calledAgain(id, what: "should_present's answer"))
        }
        popup.pendingCompletion = serial
        popup.completionDeadline = clock.now + configuration.completionTimeout
        popup.completionTimer = clock.schedule(after: configuration.completionTimeout) { [weak self, weak popup] in
            guard let self, let popup, self.popups[popup.id] != nil else { return }
            self.fail(
                popup,
                ComponentFailure(.contractBroken, "should_present did not answer within \(self.configuration.completionTimeout.seconds) s"))
        }
        record(popup, .shouldPresent)
        popup.handler.shouldPresent(data: popup.data, answer: answer)
        // An answer given during the call is taken at once.
        for message in inbox.take() { receive(message) }
    }

    /// Creates the request's components; any left out is the built-in default. Their context is
    /// this chef's clock, and reports against this request.
    private func resolveComponents(_ popup: Popup) throws(ComponentFailure) {
        // A request naming no component (the usual app popup) needs no context: building one (three
        // closures, two weak references to the chef) was a fifth of a show.
        let request = popup.request, inbox = self.inbox, id = popup.id
        guard request.handler != nil || request.viewLoader != nil || request.controllerLoader != nil || request.reformer != nil
        else { return }
        var context = ComponentContext(clock: clock) { message in inbox.post(.misbehaviour(id, message)) }
        context.controlSheet = { [weak self] control in self?.presenter?.control(control, of: id) ?? false }
        context.displayTraits = { [weak self] in self?.displayTraits ?? DisplayTraits() }
        if let id = request.handler { popup.handler = try catalog.makeHandler(id, context: context) }
        if let id = request.viewLoader { popup.viewLoader = try catalog.makeViewLoader(id, context: context) }
        if let id = request.controllerLoader { popup.controllerLoader = try catalog.makeControllerLoader(id, context: context) }
        if let id = request.reformer { popup.reformer = try catalog.makeReformer(id, context: context) }
    }

    /// Takes one completion a component called.
    func receive(_ message: CompletionInbox.Message) {
        switch message {
        case .answer(let id, let serial, let present):
            guard let popup = live(id, "should_present's answer"), popup.pendingCompletion == serial else { return }
            popup.pendingCompletion = nil
            clock.cancel(popup.completionTimer)
            record(popup, .answered, detail: present ? "present" : "veto")
            if present {
                admit(popup)
            } else {
                finish(popup, .cancelled(.vetoed))
            }
        case .done(let id, let serial):
            guard let popup = live(id, "an animation's completion"), popup.pendingCompletion == serial,
                let transition = popup.transition
            else { return }
            popup.pendingCompletion = nil
            clock.cancel(popup.completionTimer)
            // The transition ends at the later of the completion and its last keyframe.
            guard let end = transition.lastKeyframeEnd, end > clock.now else { return transitionEnded(popup) }
            popup.transition?.endTimer = clock.schedule(after: end - clock.now) { [weak self, weak popup] in
                guard let self, let popup else { return }
                self.transitionEnded(popup)
            }
        case .misbehaviour(let id, let message):
            if let popup = popups[id] {
                misbehaviour(popup, message)
            } else {
                Self.logger.warning("request \(id): \(message)")
            }
        case .calledAgain(let id, let what):
            guard let popup = popups[id] else {
                Self.logger.warning("request \(id): \(what) called again after it fired; ignored")
                return
            }
            misbehaviour(popup, "\(what) called again after it fired; ignored")
        }
    }

    /// The live request `id`; nil (and logged) when a completion arrives after it ended.
    private func live(_ id: RequestID, _ what: String) -> Popup? {
        guard let popup = popups[id] else {
            Self.logger.warning("request \(id): \(what) came after the request had ended; ignored")
            return nil
        }
        return popup
    }

    /// A component broke its contract (or its plugin's process died under it: `reason`): the
    /// request ends (dismissed if it was on screen), and `failure(of:)` keeps why.
    func fail(_ popup: Popup, _ failure: ComponentFailure, reason: Reason = .pluginError) {
        misbehaviour(popup, failure.description)
        popup.failure = failure
        if popup.state.isVisible {
            finish(popup, .dismissed(reason))
        } else {
            finish(popup, .cancelled(reason))
        }
    }
}
