import PopChef
import PopModel

/// Scrolling a popup's content when it is taller than the popup (`ContentScroll`): the user's scroll, and
/// the focused field kept in view as UIKit's keyboard avoidance does.
extension PresentationEngine {
    /// The user scrolls popup `id`'s content by `delta` points (negative: the finger moves up and the content
    /// with it), clamped to the content. False when its content fits (nothing scrolls).
    @discardableResult
    public func scrollContent(_ id: RequestID, by delta: Double) -> Bool {
        guard let screen = popups[id], screen.phase != .leaving, screen.motion != nil, delta.isFinite,
            let scroll = restingScroll(of: screen)
        else { return false }
        let visible = shownState(of: screen).frame.height
        screen.scrollOffset = ContentScroll.scroll(contentHeight: scroll.contentHeight, visible: visible, offset: scroll.offset - delta)?.offset ?? 0
        return true
    }

    /// Scrolls the smallest distance that shows the popup's focused field whole (UIKit's
    /// `scrollRectToVisible`), for the frame it rests in now: called whenever it is laid out again (focus,
    /// keyboard, rotation, resize).
    func revealFocusedField(of screen: ScreenPopup) {
        guard let (request, field) = keyboard.focusedField, request == screen.id, let scroll = restingScroll(of: screen) else { return }
        let frame = shownState(of: screen).frame
        let laid = ContentScroll.layout(screen.content, in: frame.size, alert: screen.presentation.style == .alert)
        guard let rect = ContentScroll.frame(ofField: field, in: laid) else { return }
        screen.scrollOffset = ContentScroll.revealing(top: rect.y, bottom: rect.maxY, from: scroll.offset, visible: frame.height)
    }

    /// The popup's scroll where it rests; nil when its content fits.
    private func restingScroll(of screen: ScreenPopup) -> Scroll? {
        let frame = shownState(of: screen).frame
        let laid = ContentScroll.layout(screen.content, in: frame.size, alert: screen.presentation.style == .alert)
        return ContentScroll.scroll(contentHeight: laid.frame.height, visible: frame.height, offset: screen.scrollOffset)
    }
}
