import PopChef
import PopModel

/// Scrolling a page's content when it is taller than its content area (`ContentScroll`, as a popup's): the
/// offset each page keeps while covered, as a table view keeps its own, moved at once or over time
/// (`ScrollMotion`).
extension PagePresenter {
    /// The user scrolls the top page's content by `delta` points (negative: the finger moves up, and the
    /// content with it), clamped to 0…content height − visible height; `animated`: at constant velocity over
    /// `ScrollMotion.animatedDuration`, as `setContentOffset(_:animated:)`, from where it shows now. Traced
    /// `page-scroll`. False when there is no page, a transition runs or the content fits (nothing scrolls).
    @discardableResult
    public func scroll(by delta: Double, animated: Bool = false) -> Bool {
        guard let page = navigation.top, navigation.transition == nil, delta.isFinite else { return false }
        let area = navigationLayout.content(page.bar, pageX: 0)
        let contentHeight = PageContentNodes.contentHeight(of: page, width: area.width, height: area.height, traits: display)
        func clamped(_ offset: Double) -> Scroll? {
            ContentScroll.scroll(contentHeight: contentHeight, visible: area.height, offset: offset)
        }
        guard let from = clamped(scrollOffset(of: page.name))?.offset, let to = clamped(from - delta)?.offset else { return false }
        let duration = animated ? ScrollMotion.animatedDuration : .zero
        let motion = ScrollMotion(from: from, to: to, start: now, duration: duration)
        let names = Set(navigation.pages.map(\.name))
        scrolls = scrolls.filter { names.contains($0.key) }
        scrolls[page.name] = motion
        chef.record(.pageScroll, request: 0, detail: "\(page.name): \(from) → \(to)" + (animated ? " animated \(duration.seconds) s" : ""))
        if animated {
            // Comes to rest when it arrives, so that the clock is idle only then.
            clock.schedule(after: duration) { [weak self] in
                guard let self, scrolls[page.name] == motion else { return }
                scrolls[page.name] = ScrollMotion(at: to)
            }
        }
        return true
    }

    /// Page `name`'s scroll offset now, before clamping to its content (0 when it never scrolled).
    public func scrollOffset(of name: String) -> Double { scrolls[name]?.offset(at: now) ?? 0 }

    /// Every scrolled page's offset now, by name, for `PageDrawing`.
    var scrollOffsets: [String: Double] { scrolls.mapValues { $0.offset(at: now) } }
}
