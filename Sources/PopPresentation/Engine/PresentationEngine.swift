import PopChef
import PopModel

/// The presentation engine: puts a chef's popups and pages on a screen and moves them. It hears of
/// every transition from the chef (as its `PopupPresenter`) and is the coordinator of the styles'
/// presenters: it keeps the popups on screen and their z-order, the trait environment, the
/// keyboard and the virtual clock, runs what every popup shares (the theme's entrance and exit, its
/// resting frame, its content's scroll) and leaves what differs by style to that style's presenter
/// (`AlertPresenter`, `BannerPresenter`, `SheetPresenter` for sheets and adaptive popovers,
/// `PagePresenter` for the navigation stack, `FloatingPresenter` for the floating window). It reads
/// nothing of the chef but its public API.
///
/// Not `Sendable`: like its chef, it belongs to one actor (or thread).
public final class PresentationEngine: PopupPresenter {
    public let chef: Chef
    /// What every presenter lays out from: the screen and the keyboard's resting frame (change it
    /// with `resize(to:)`, `rotate(to:)` and the keyboard's calls).
    public internal(set) var traits: TraitEnvironment
    /// The on-screen keyboard.
    public internal(set) var keyboard = Keyboard()
    /// The popups on screen, by request.
    var popups: [RequestID: ScreenPopup] = [:]
    /// Counts popups coming on screen (see `ScreenPopup.order`).
    private var screenSequence = 0
    /// Where a screen reader's focus is, and where it returns to (`AccessibilityFocus`).
    public internal(set) var accessibilityFocus = AccessibilityFocus()
    /// The accessibility tree of the screen now, from the stage that draws this engine (it knows the app).
    var accessibilityTree: (() -> AccessibilityTree)?

    /// Sheets and adaptive popovers.
    public private(set) lazy var sheets = SheetPresenter(engine: self)
    /// The navigation stack's pages: pushes, pops and the interactive pop.
    public private(set) lazy var pages = PagePresenter(engine: self)
    /// The floating window: bubbles, the corner circle, the transition view.
    public private(set) lazy var floating = FloatingPresenter(engine: self)
    private(set) lazy var banners = BannerPresenter(engine: self)
    private let alerts = AlertPresenter()

    /// An engine for `chef`'s popups on `scene`; it becomes the chef's presenter.
    public init(chef: Chef, scene: Scene = Scene()) {
        self.chef = chef
        traits = TraitEnvironment(scene: scene)
        chef.presenter = self
    }

    /// The screen popups are presented on.
    public var scene: Scene { traits.scene }

    var clock: VirtualClock { chef.clock }
    var now: VirtualTime { chef.clock.now }

    // MARK: Queries

    /// A popup's presented state now; nil when it is not on screen.
    public func visualState(of id: RequestID) -> VisualState? {
        popups[id]?.motion?.value(at: now)
    }

    /// Whether request `id` is on screen (entering, shown or leaving).
    public func isOnScreen(_ id: RequestID) -> Bool { popups[id] != nil }

    /// Whether request `id` is a banner on screen.
    public func isBanner(_ id: RequestID) -> Bool { popups[id]?.layer == .banner }

    /// The frontmost popup on screen whose content `matches` (the banner layer above the modal one,
    /// later popups above earlier ones).
    public func frontmost(where matches: (ContentNode) -> Bool = { _ in true }) -> RequestID? {
        popups.values.filter { matches($0.content) }.max { $1.isAbove($0) }?.id
    }

    /// The front banner that is entering or shown, if any.
    var frontBanner: ScreenPopup? {
        popups.values.filter { $0.layer == .banner && $0.phase != .leaving }.max { $1.isAbove($0) }
    }

    /// The popups on screen, back to front.
    var backToFront: [ScreenPopup] { popups.values.sorted { $1.isAbove($0) } }

    // MARK: PopupPresenter

    public func animationGeometry(for popup: PresentedPopup) -> AnimationGeometry {
        let screen = screenPopup(for: popup)
        let keyboardHeight = keyboardHeight(for: popup.id)
        return AnimationGeometry(
            container: screen.style.layout.container(for: popup.presentation, in: scene, keyboardHeight: keyboardHeight),
            keyboardHeight: keyboardHeight, finalFrame: restingFrame(of: screen), current: currentState(of: screen))
    }

    public func popupWillMove(_ move: PopupMove) {
        let screen = screenPopup(for: move.popup), presenter = presenter(of: screen)
        screen.phase = move.showing ? .entering : .leaving
        if move.showing && presenter.followsFinger(screen) {
            // A sheet's cancelled dismissal while the finger still holds it: the finger moves it.
        } else if let custom = move.custom {
            screen.motion = .keyframes(KeyframeTrack(initial: custom.from, steps: custom.keyframes.map(KeyframeTrack.Step.init)))
        } else {
            startThemeMotion(screen, showing: move.showing, duration: move.duration)
        }
        presenter.popupWillMove(screen, showing: move.showing, duration: move.duration)
        // The exit starts from where the popup is, above its keyboard; then the keyboard goes down.
        if !move.showing { releaseKeyboard(of: move.popup.id) }
    }

    public func popupDidSettle(_ popup: PresentedPopup) {
        guard let screen = popups[popup.id] else { return }
        let presenter = presenter(of: screen)
        screen.phase = .shown
        if !presenter.followsFinger(screen) { screen.motion = .still(shownState(of: screen)) }
        presenter.popupDidSettle(screen)
        // VoiceOver hears of it once the presentation has completed (did-present first), as UIKit
        // posts its screen change after the transition.
        if screen.phase == .shown && traits.display.voiceOver {
            let id = popup.id
            _ = clock.schedule(after: .zero) { [weak self] in self?.accessibilityPopupDidSettle(id) }
        }
    }

    public func popupDidLeave(_ id: RequestID) {
        guard let screen = popups.removeValue(forKey: id) else { return }
        presenter(of: screen).popupDidLeave(screen)
        releaseKeyboard(of: id)
        accessibilityPopupDidLeave(id)
    }

    /// A component's request for its sheet (`pop_host_sheet_t`): the sheet presenter answers it.
    public func control(_ control: SheetControl, of id: RequestID) -> Bool {
        sheets.control(control, of: id)
    }

    /// The popup's record, made when it first comes on screen.
    private func screenPopup(for popup: PresentedPopup) -> ScreenPopup {
        if let screen = popups[popup.id] { return screen }
        screenSequence += 1
        let screen = ScreenPopup(popup, order: screenSequence, traits: traits.display)
        popups[popup.id] = screen
        presenter(of: screen).popupDidArrive(screen)
        return screen
    }

    /// The presenter of `screen`'s style.
    func presenter(of screen: ScreenPopup) -> any PopupStylePresenter {
        switch screen.presentation.style {
        case .banner: banners
        case .sheet, .popover: sheets
        case .alert, .page, .floating: alerts
        }
    }

    // MARK: Layout

    /// The height of the keyboard request `id`'s own fields raised (the one it lays out above); 0 if none.
    func keyboardHeight(for id: RequestID) -> Double {
        keyboard.popup == id ? keyboard.to : 0
    }

    /// Where `screen` rests when shown, laid out for the current scene, keyboard and display traits: the
    /// controller loader's layout hook if it takes over, else its style's layout.
    func restingFrame(of screen: ScreenPopup) -> Rect {
        let keyboard = keyboardHeight(for: screen.id)
        let layout = screen.style.layout
        let container = layout.container(for: screen.presentation, in: scene, keyboardHeight: keyboard)
        if let cached = screen.layout, cached.container == container, cached.keyboard == keyboard, cached.traits == traits.display {
            return cached.frame
        }
        let standard = layout.frame(
            for: screen.content, presentation: screen.presentation, scene: scene, container: container, traits: traits.display)
        var frame = standard
        if presenter(of: screen).acceptsLayoutHook(screen),
            let custom = screen.controllerLoader.layout(container: container, keyboardHeight: keyboard, defaultFrame: standard)
        {
            let valid = [custom.x, custom.y, custom.width, custom.height].allSatisfy(\.isFinite) && custom.width >= 0 && custom.height >= 0
            if valid { frame = custom } else { chef.reportMisbehaviour(of: screen.id, "layout returned an invalid frame \(custom)") }
        }
        screen.layout = (container, keyboard, traits.display, frame)
        return frame
    }

    /// The state `screen` rests in when shown.
    func shownState(of screen: ScreenPopup) -> VisualState {
        let presentation = screen.presentation
        let dim = presentation.mask == .dimmed ? Double(presentation.dimColor & 0xFF) / 255 : 0
        let state = VisualState(frame: restingFrame(of: screen), alpha: 1, scale: 1, rotation: 0, dimAlpha: dim)
        return presenter(of: screen).shownState(of: screen, standard: state)
    }

    /// The state `screen` is presented in now; before its first presentation, the state a custom
    /// animation starts from (its resting frame, transparent, undimmed).
    func currentState(of screen: ScreenPopup) -> VisualState {
        if let motion = screen.motion { return motion.value(at: now) }
        var state = shownState(of: screen)
        state.alpha = 0
        state.dimAlpha = 0
        return state
    }

    /// Starts the entrance (`showing`) or exit motion: from the style's starting state on a first
    /// entrance, else from the value presented now (UIKit's begin-from-current-state), over the whole
    /// `duration` the chef gives it.
    private func startThemeMotion(_ screen: ScreenPopup, showing: Bool, duration: VirtualTime) {
        let shown = shownState(of: screen)
        let behaviour = screen.style.behaviour
        if showing {
            var entrance = behaviour.entrance(to: shown, presentation: screen.presentation, screen: scene.size, duration: duration)
            if reducesMotion { entrance = ReducedMotion.entrance(entrance, shown: shown) }
            let from = screen.motion?.value(at: now) ?? entrance.from
            screen.motion = .animated(Animation(from: from, to: shown, start: now, duration: duration, curve: entrance.curve))
        } else {
            let current = currentState(of: screen)
            var exit = behaviour.exit(shown: shown, presentation: screen.presentation, screen: scene.size, duration: duration)
            if reducesMotion { exit = ReducedMotion.exit(exit, from: current) }
            screen.motion = .animated(Animation(from: current, to: exit.to, start: now, duration: duration, curve: exit.curve))
        }
    }

    /// Lays every popup on screen out again for the current scene and keyboard. A popup at rest moves
    /// to its new frame over `duration` (at once when zero); one on its way in is retargeted to arrive
    /// there in the time it had left; one leaving, or following a custom animation, keeps its path.
    func relayout(over duration: VirtualTime) {
        for screen in popups.values.sorted(by: { $0.id < $1.id }) { relayout(screen, over: duration) }
    }

    func relayout(_ screen: ScreenPopup, over duration: VirtualTime) {
        guard let motion = screen.motion, screen.phase != .leaving else { return }
        let before = screen.layout?.frame
        presenter(of: screen).traitsDidChange(for: screen)
        revealFocusedField(of: screen)
        guard restingFrame(of: screen) != before else { return }
        let shown = shownState(of: screen)
        chef.record(.layout, request: screen.id, detail: TraceText.rect(shown.frame))
        switch motion {
        case .keyframes(let track) where (track.end ?? now) > now:
            return
        case .animated(let animation) where animation.end > now && screen.phase == .entering:
            screen.motion = .animated(animation.interrupted(at: now, to: shown, duration: animation.end - now, curve: animation.curve))
        default:
            screen.motion =
                duration.microseconds > 0
                ? .animated(Animation(from: motion.value(at: now), to: shown, start: now, duration: duration, curve: Keyboard.curve))
                : .still(shown)
            keepRunning(for: duration)
        }
    }

    /// Keeps the chef's `runUntilIdle` going until a motion that no lifecycle timer waits for (a
    /// re-centring, the keyboard's slide, a spring back) has finished.
    func keepRunning(for duration: VirtualTime) {
        guard duration.microseconds > 0 else { return }
        clock.schedule(after: duration) {}
    }

    // MARK: Trait changes

    /// Resizes the screen (a window resize, a rotation): one trait change, which every presenter
    /// answers at once, also in the middle of an animation. Floating bubbles keep their side, sheets
    /// resolve their detents (an adaptive popover becomes a popover or a sheet), every popup is laid
    /// out again; the keyboard keeps its state at the new height.
    public func resize(to newScene: Scene) {
        let old = traits
        traits.scene = newScene
        if keyboard.owner != nil {
            keyboard.from = newScene.keyboardHeight
            keyboard.to = newScene.keyboardHeight
        }
        traits.keyboardFrame = traits.keyboard(restingAt: keyboard.to)
        floating.traitsDidChange(from: old)
        chef.record(.resize, request: 0, detail: TraceText.size(newScene.size))
        relayout(over: .zero)
    }

    /// The person changes their display traits (appearance, text size, layout direction, Reduce
    /// Motion): traced `traits` with what changed; every popup's content is resolved again, the
    /// components that observe traits hear of it (`tellObservers`), every popup is laid out again.
    /// What moves from now on moves as they say (`ReducedMotion`), what is already moving finishes
    /// as it began.
    public func setDisplayTraits(_ display: DisplayTraits) {
        guard display != traits.display else { return }
        let change = display.changes(from: traits.display)
        traits.display = display
        chef.displayTraits = display
        chef.record(.traits, request: 0, detail: change)
        for screen in popups.values { screen.resolve(for: display) }
        tellObservers(display)
        relayout(over: .zero)
    }

    /// UIKit's `traitCollectionDidChange`: each popup on screen in the order it came on screen, its
    /// view loader before its controller loader, each that observes traits once, traced
    /// `traits-observed`.
    private func tellObservers(_ display: DisplayTraits) {
        for screen in popups.values.sorted(by: { $0.order < $1.order }) {
            if screen.viewLoader.observesTraits {
                chef.record(.traitsObserved, request: screen.id, detail: "view-loader \(screen.viewLoader.id)")
                screen.viewLoader.traitsDidChange(display)
            }
            if screen.controllerLoader.observesTraits {
                chef.record(.traitsObserved, request: screen.id, detail: "controller-loader \(screen.controllerLoader.id)")
                screen.controllerLoader.traitsDidChange(display)
            }
        }
    }

    /// Whether motion is reduced (the person's Reduce Motion).
    var reducesMotion: Bool { traits.display.reduceMotion }

    /// `curve` as the person's traits have it: without overshoot under Reduce Motion.
    func motionCurve(_ curve: TimingCurve) -> TimingCurve { reducesMotion ? ReducedMotion.curve(curve) : curve }

    /// Turns the device: the screen, safe area and keyboard height swap (see `Scene.rotated(to:)`).
    public func rotate(to orientation: Scene.Orientation) {
        resize(to: scene.rotated(to: orientation))
    }
}

/// One actor's, like its chef.
@available(*, unavailable)
extension PresentationEngine: Sendable {}
