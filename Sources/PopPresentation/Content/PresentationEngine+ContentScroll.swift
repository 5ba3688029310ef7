import PopChef
import PopModel

/// Scrolling a popup's content when it is taller than the popup (`ContentScroll`): the user's scroll, and
/// the focused field kept in view as UIKit's keyboard avoidance does.
extension PresentationEngine {
    /// The user scrolls popup `id`'s content by `delta` points (negative: the finger moves up and the content
    /// with it), clamped to the content; `animated`: at constant velocity over `ScrollMotion.animatedDuration`
    /// from where it shows now, as a page's content scrolls. False when its content fits (nothing scrolls).
    @discardableResult
    public func scrollContent(_ id: RequestID, by delta: Double, animated: Bool = false) -> Bool {
        guard let screen = popups[id], screen.phase != .leaving, screen.motion != nil, delta.isFinite else { return false }
        let resting = restingContent(of: screen)
        guard let scroll = resting.scroll else { return false }
        let to =
            ContentScroll.scroll(contentHeight: scroll.contentHeight, visible: resting.visible, offset: scroll.offset - delta)?.offset ?? 0
        let duration = animated ? ScrollMotion.animatedDuration : .zero
        screen.scroll = ScrollMotion(from: scroll.offset, to: to, start: now, duration: duration)
        keepRunning(for: duration)
        return true
    }

    /// Scrolls the smallest distance that shows the popup's focused field whole (UIKit's
    /// `scrollRectToVisible`) where the popup rests now: called whenever it is laid out again (focus,
    /// keyboard, rotation, resize).
    func revealFocusedField(of screen: ScreenPopup) {
        guard let (request, field) = keyboard.focusedField, request == screen.id else { return }
        let resting = restingContent(of: screen)
        guard let scroll = resting.scroll, let rect = ContentScroll.frame(ofField: field, in: resting.laid) else { return }
        screen.scroll = ScrollMotion(
            at: ContentScroll.revealing(top: rect.y, bottom: rect.maxY, from: scroll.offset, visible: resting.visible))
    }

    /// The popup's content laid out where the popup rests (at the origin), the height that shows of it and
    /// its scroll (its rows on demand below the content included); nil scroll when it fits.
    func restingContent(of screen: ScreenPopup) -> (laid: LaidOutNode, visible: Double, scroll: Scroll?) {
        let frame = shownState(of: screen).frame
        let laid = ContentScroll.layout(
            screen.content, in: screen.contentRoom(in: frame.size), alert: screen.presentation.style == .alert, traits: traits.display)
        return (
            laid, frame.height,
            ContentScroll.scroll(
                contentHeight: screen.contentHeight(laid: laid.frame.height), visible: frame.height, offset: screen.scroll.offset(at: now))
        )
    }
}
