import PopChef
import PopModel

/// Where a screen reader's focus moves: to the next or previous element in reading order (a swipe
/// right or left, Tab and Shift-Tab in the browser), wrapping around as focus trapped in a dialog does.
public enum AccessibilityMove: Hashable, Sendable {
    case next, previous
}

/// What the escape gesture did.
public enum EscapeOutcome: Hashable, Sendable {
    /// The popup is being dismissed (reason accessibility-escape).
    case dismissed(RequestID)
    /// Its handler's should_dismiss said no, or it is modal in presentation.
    case refused(RequestID)
    /// No modal popup was up: the navigation stack went back a page.
    case back
    /// Nothing could be escaped.
    case nothing
}

extension Stage {
    /// What a screen reader can reach now, with its focus.
    public func accessibilityTree() -> AccessibilityTree { frame().accessibility }

    /// Moves the screen reader's focus (a swipe): to the next or previous reachable element, wrapping;
    /// from no focus, to the first (or last). Nil when nothing is reachable.
    @discardableResult
    public func moveAccessibilityFocus(_ move: AccessibilityMove) -> AccessibilityTree.Element? {
        let tree = accessibilityTree(), elements = tree.elements
        guard !elements.isEmpty else { return nil }
        let current = tree.focus.flatMap { focus in elements.firstIndex { $0.id == focus } }
        let index: Int =
            switch (move, current) {
            case (.next, nil): 0
            case (.previous, nil): elements.count - 1
            case (.next, let index?): (index + 1) % elements.count
            case (.previous, let index?): (index + elements.count - 1) % elements.count
            }
        engine.focus(elements[index], why: move == .next ? "next" : "previous")
        return elements[index]
    }

    /// Moves the focus to the reachable element `id`; nil when it is not reachable.
    @discardableResult
    public func focusAccessibilityElement(_ id: String) -> AccessibilityTree.Element? {
        guard let element = accessibilityTree().element(id) else { return nil }
        engine.focus(element, why: "moved there")
        return element
    }

    /// Activates the reachable element `id` as a screen reader's double tap does: the focus moves to
    /// it, then it is tapped at its centre (UIKit's default activation point). Nil when it is not reachable.
    @discardableResult
    public func activateAccessibilityElement(_ id: String) -> TapOutcome? {
        guard let element = focusAccessibilityElement(id) else { return nil }
        return tap(at: element.frame.center)
    }

    /// The escape gesture (`accessibilityPerformEscape`): the frontmost modal popup is dismissed with
    /// reason accessibility-escape if its handler agrees (a sheet modal in presentation refuses, as a
    /// swipe); with no modal popup, the navigation stack goes back a page. Traced `a11y-escape`.
    @discardableResult
    public func accessibilityEscape() -> EscapeOutcome {
        let tree = accessibilityTree()
        guard let request = tree.containers.last(where: \.modal)?.request else {
            let back = engine.pages.pop(animated: true)
            chef.record(.accessibilityEscape, request: 0, detail: back ? "back a page" : "nothing to escape")
            return back ? .back : .nothing
        }
        chef.record(.accessibilityEscape, request: request, detail: "popup \(request)")
        if let popup = engine.popups[request], popup.layer == .sheet || popup.presentation.modal {
            switch chef.beginInteractiveDismiss(request, reason: .accessibilityEscape) {
            case .began?:
                chef.completeInteractiveDismiss(request)
                return .dismissed(request)
            case .vetoed?, .refused?, nil:
                return .refused(request)
            }
        }
        return chef.userDismiss(request, reason: .accessibilityEscape) ? .dismissed(request) : .refused(request)
    }
}
