/// Where popups are and how they move: their resting frames (QMUI's modal formula, the banner
/// layout, or the controller loader's layout hook), their motions on the virtual clock, and the
/// scene changes that move them (keyboard, rotation, resize).
extension Chef {
    // MARK: Queries

    /// The keyboard.
    public var keyboard: Keyboard { keyboardState }

    /// A visible popup's presented state at the current time; nil when it is not on screen.
    public func visualState(of id: RequestID) -> VisualState? {
        guard let popup = popups[id], popup.state.isVisible, let motion = popup.motion else { return nil }
        return motion.value(at: clock.now)
    }

    /// The height of the keyboard `popup`'s own fields raised (the one it lays out above); 0 if none.
    func keyboardHeight(for popup: Popup) -> Double {
        keyboardState.popup == popup.id ? keyboardState.to : 0
    }

    // MARK: Layout

    /// Where `popup` rests when shown, laid out for the current scene and keyboard: the controller
    /// loader's layout hook if it takes over, else the banner layout or QMUI's modal formula.
    func restingFrame(of popup: Popup) -> Rect {
        let keyboard = keyboardHeight(for: popup)
        let container = scene.container(for: popup.presentation, keyboard: keyboard)
        if let layout = popup.layout, layout.container == container, layout.keyboard == keyboard { return layout.frame }
        let content = popup.content ?? ContentNode(.spacer(minLength: 0))
        let standard = popup.layer == .banner
            ? BannerLayout.frame(for: content, presentation: popup.presentation, scene: scene)
            : ModalLayout.frame(for: content, presentation: popup.presentation, container: container)
        var frame = standard
        if let custom = popup.controllerLoader.layout(container: container, keyboardHeight: keyboard, defaultFrame: standard) {
            let valid = [custom.x, custom.y, custom.width, custom.height].allSatisfy(\.isFinite) && custom.width >= 0 && custom.height >= 0
            if valid { frame = custom } else { misbehaviour(popup, "layout returned an invalid frame \(custom)") }
        }
        popup.layout = (container, keyboard, frame)
        return frame
    }

    /// The state `popup` rests in when shown.
    func shownState(of popup: Popup) -> VisualState {
        let dim = popup.presentation.mask == .dimmed ? Double(popup.presentation.dimColor & 0xFF) / 255 : 0
        return VisualState(frame: restingFrame(of: popup), alpha: 1, scale: 1, rotation: 0, dimAlpha: dim)
    }

    /// The state `popup` is presented in now; before its first presentation, the state a custom
    /// animation starts from (its resting frame, transparent, undimmed).
    func currentState(of popup: Popup) -> VisualState {
        if let motion = popup.motion { return motion.value(at: clock.now) }
        var state = shownState(of: popup)
        state.alpha = 0
        state.dimAlpha = 0
        return state
    }

    /// Starts the theme's entrance (`showing`) or exit motion from where the popup is now.
    func startThemeMotion(_ popup: Popup, showing: Bool, duration: VirtualTime) {
        let shown = shownState(of: popup)
        let presentation = popup.presentation
        if showing {
            let entrance = ThemeMotion.entrance(presentation.showAnimation, shown: shown, screen: scene.size, duration: duration)
            let from = popup.motion?.value(at: clock.now) ?? entrance.from
            popup.motion = .animated(Animation(from: from, to: shown, start: clock.now, duration: duration, curve: entrance.curve))
        } else {
            let current = currentState(of: popup)
            let exit = ThemeMotion.exit(presentation.hideAnimation, current: current, shown: shown,
                                        dismissPoint: Point(x: presentation.dismissPointX, y: presentation.dismissPointY),
                                        screen: scene.size)
            popup.motion = .animated(Animation(from: current, to: exit.to, start: clock.now, duration: duration, curve: exit.curve))
        }
    }

    /// Lays every visible popup out again for the current scene and keyboard. A popup at rest moves
    /// to its new frame over `duration` (at once when zero); one on its way in is retargeted to arrive
    /// there in the time it had left; one leaving, or following a custom animation, keeps its path.
    func relayout(over duration: VirtualTime) {
        for popup in popups.values.sorted(by: { $0.id < $1.id }) where popup.state.isVisible {
            relayout(popup, over: duration)
        }
    }

    func relayout(_ popup: Popup, over duration: VirtualTime) {
        guard let motion = popup.motion, popup.state != .dismissing else { return }
        let before = popup.layout?.frame
        let shown = shownState(of: popup)
        guard shown.frame != before else { return }
        record(popup, "layout", detail: "\(shown.frame)")
        let now = clock.now
        switch motion {
        case .keyframes(let track) where (track.end ?? now) > now:
            return
        case .animated(let animation) where animation.end > now && popup.state == .presenting:
            popup.motion = .animated(animation.interrupted(at: now, to: shown, duration: animation.end - now, curve: animation.curve))
        default:
            popup.motion = duration.microseconds > 0
                ? .animated(Animation(from: motion.value(at: now), to: shown, start: now, duration: duration, curve: Keyboard.curve))
                : .still(shown)
            keepRunning(for: duration)
        }
    }

    /// Keeps `runUntilIdle` going until a motion that no lifecycle timer waits for (a re-centring,
    /// the keyboard's slide, a spring back) has finished.
    func keepRunning(for duration: VirtualTime) {
        guard duration.microseconds > 0 else { return }
        clock.schedule(after: duration) {}
    }

    // MARK: Scene changes

    /// Resizes the screen (a window resize, a rotation): popups are laid out again at once, also in
    /// the middle of an animation; the keyboard keeps its state.
    public func resize(to newScene: Scene) {
        scene = newScene
        if keyboardState.owner != nil {
            keyboardState.from = scene.keyboardHeight
            keyboardState.to = scene.keyboardHeight
        }
        recordScene("resize", detail: "\(scene.width)x\(scene.height)")
        relayout(over: .zero)
    }

    /// Turns the device: the screen, safe area and keyboard height swap (see `Scene.rotated(to:)`).
    public func rotate(to orientation: Scene.Orientation) {
        resize(to: scene.rotated(to: orientation))
    }

    /// Focuses a text field of a popup on screen: its keyboard comes up (or, already up, now belongs
    /// to the popup) and the popup re-centres in the space above it. False when there is no such field.
    @discardableResult
    public func focus(field: String, on id: RequestID) -> Bool {
        guard let popup = popups[id], popup.state == .presenting || popup.state == .shown,
              popup.content?.textFieldIDs.contains(field) == true
        else { return false }
        let previous = keyboardState.popup
        keyboardState.owner = .field(id, field)
        keyboardState.isNumberPad = popup.content?.isSecureField(field) == true
        if keyboardState.to != scene.keyboardHeight { slideKeyboard(to: scene.keyboardHeight) }
        record(popup, "focus", detail: field)
        if let previous, previous != id, let other = popups[previous] { relayout(other, over: Keyboard.duration) }
        relayout(popup, over: Keyboard.duration)
        return true
    }

    /// Ends the editing of a popup's field: the keyboard goes down and the popup moves back.
    public func unfocus() {
        guard let id = keyboardState.popup else { return }
        lowerKeyboard()
        if let popup = popups[id] {
            record(popup, "unfocus")
            relayout(popup, over: Keyboard.duration)
        }
    }

    /// The app raises or lowers its own keyboard; popups do not move for it. A keyboard a popup's
    /// field raised is left alone.
    public func setAppKeyboard(up: Bool) {
        switch (up, keyboardState.owner) {
        case (true, nil):
            keyboardState.owner = .app
            keyboardState.isNumberPad = false
            slideKeyboard(to: scene.keyboardHeight)
            recordScene("app-keyboard", detail: "up")
        case (false, .app?):
            lowerKeyboard()
            recordScene("app-keyboard", detail: "down")
        default:
            break
        }
    }

    /// The keyboard slides down.
    func lowerKeyboard() {
        keyboardState.owner = nil
        slideKeyboard(to: 0)
    }

    /// The keyboard slides to `height` from where it is.
    func slideKeyboard(to height: Double) {
        keyboardState.slide(to: height, at: clock.now)
        keepRunning(for: Keyboard.duration)
    }

    /// A popup that starts leaving gives up its keyboard (it does not come back with a later popup).
    func releaseKeyboard(of popup: Popup) {
        if keyboardState.popup == popup.id { lowerKeyboard() }
    }

    // MARK: Banners

    /// A touch holds a banner's display timer (SwiftEntryKit: the entry stays while touched).
    func holdDisplayTimer(of popup: Popup) {
        guard popup.presentation.pauseOnTouch, let deadline = popup.displayDeadline, popup.displayHeld == nil else { return }
        clock.cancel(popup.displayTimer)
        popup.displayTimer = nil
        popup.displayDeadline = nil
        popup.displayHeld = max(.zero, deadline - clock.now)
        record(popup, "display-timer-held")
    }

    /// The touch is over: the display timer runs on with the time it had left.
    func releaseDisplayTimer(of popup: Popup) {
        guard let remaining = popup.displayHeld else { return }
        popup.displayHeld = nil
        guard popup.state == .shown else { return }
        record(popup, "display-timer-resumed", detail: "\(remaining.seconds) s left")
        startDisplayTimer(popup, after: remaining)
    }

    /// Dismisses a shown banner (reason timeout) after `delay`.
    func startDisplayTimer(_ popup: Popup, after delay: VirtualTime) {
        popup.displayDeadline = clock.now + delay
        popup.displayTimer = clock.schedule(after: delay) { [weak self, weak popup] in
            guard let self, let popup, popup.state == .shown else { return }
            popup.displayDeadline = nil
            self.beginDismiss(popup, reason: .timeout)
        }
    }

    /// A shown banner follows a drag `offset` points along its axis (positive: down): freely toward
    /// its edge, rubber-banded away from it.
    func drag(_ popup: Popup, offset: Double) {
        guard popup.state == .shown else { return }
        var state = shownState(of: popup)
        let towardEdge = popup.presentation.bannerEdge == .top ? offset < 0 : offset > 0
        state.frame.y += towardEdge ? offset : Self.rubberBand(offset)
        popup.motion = .still(state)
    }

    /// The drag is over with `velocity` points per second along the banner's axis: a flick toward
    /// its edge faster than 60 pt/s swipes it away (reason swipe, the handler may veto); otherwise it
    /// springs back.
    func endDrag(_ popup: Popup, velocity: Double) {
        guard popup.state == .shown else { return }
        let towardEdge = popup.presentation.bannerEdge == .top ? velocity < 0 : velocity > 0
        record(popup, "drag-ended", detail: "velocity \(velocity.rounded()) pt/s")
        if popup.presentation.swipeToDismiss && towardEdge && abs(velocity) > Self.swipeVelocity
            && userDismiss(popup.id, reason: .swipe) {
            return
        }
        popup.motion = .animated(Animation(from: currentState(of: popup), to: shownState(of: popup), start: clock.now,
                                           duration: Self.springBackDuration, curve: .spring(damping: 0.8, response: 0.3)))
        keepRunning(for: Self.springBackDuration)
    }

    /// The slowest flick that swipes a banner away (SwiftEntryKit), in points per second.
    static let swipeVelocity = 60.0
    static let springBackDuration = VirtualTime.milliseconds(300)

    /// UIScrollView's rubber band: `offset` shrunk so that it approaches 100 points.
    static func rubberBand(_ offset: Double) -> Double {
        let limit = 100.0
        let magnitude = (1 - 1 / (abs(offset) * 0.55 / limit + 1)) * limit
        return offset < 0 ? -magnitude : magnitude
    }

    // MARK: Trace

    /// Records a scene event (request 0: not a request's).
    func recordScene(_ event: String, detail: String? = nil) {
        trace?.record(TraceEvent(time: clock.now, request: 0, event: event, reason: nil, components: [:], detail: detail))
    }
}
