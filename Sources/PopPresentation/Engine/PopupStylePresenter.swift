import PopChef
import PopModel

/// What differs by style in presenting a popup: the engine runs what every popup shares (the
/// theme's entrance and exit, the resting frame, the keyboard, the content's scroll) and tells the
/// style's presenter at each step, so that a style's rules live in its folder and adding a style
/// adds a presenter instead of editing the engine. Every hook has a default that does nothing
/// special: an alert's presenter (`AlertPresenter`) is exactly those defaults.
protocol PopupStylePresenter: AnyObject {
    /// `popup` comes on screen, before its first motion.
    func popupDidArrive(_ popup: ScreenPopup)
    /// `popup` starts its entrance (`showing`) or its exit over `duration`.
    func popupWillMove(_ popup: ScreenPopup, showing: Bool, duration: VirtualTime)
    /// `popup`'s entrance is over.
    func popupDidSettle(_ popup: ScreenPopup)
    /// `popup` has left the screen.
    func popupDidLeave(_ popup: ScreenPopup)
    /// The traits changed (or the popup's own options did): remake what depends on them before the
    /// popup is laid out again.
    func traitsDidChange(for popup: ScreenPopup)
    /// The state `popup` rests in, from `standard` (its resting frame, opaque, its mask's dimming).
    func shownState(of popup: ScreenPopup, standard: VisualState) -> VisualState
    /// Whether a finger holds `popup`, so that the presenter moves it rather than the chef's transitions.
    func followsFinger(_ popup: ScreenPopup) -> Bool
    /// Whether the controller loader's layout hook may place `popup`.
    func acceptsLayoutHook(_ popup: ScreenPopup) -> Bool
    /// What a tap on `popup`'s mask does; nil: the style's behaviour decides (`PopupBehaviour`).
    func backgroundTap(on popup: ScreenPopup) -> TapOutcome?
}

extension PopupStylePresenter {
    func popupDidArrive(_ popup: ScreenPopup) {}
    func popupWillMove(_ popup: ScreenPopup, showing: Bool, duration: VirtualTime) {}
    func popupDidSettle(_ popup: ScreenPopup) {}
    func popupDidLeave(_ popup: ScreenPopup) {}
    func traitsDidChange(for popup: ScreenPopup) {}
    func shownState(of popup: ScreenPopup, standard: VisualState) -> VisualState { standard }
    func followsFinger(_ popup: ScreenPopup) -> Bool { false }
    func acceptsLayoutHook(_ popup: ScreenPopup) -> Bool { true }
    func backgroundTap(on popup: ScreenPopup) -> TapOutcome? { nil }
}
