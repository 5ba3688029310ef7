import PopChef
import PopModel

extension PresentationEngine {
    /// A popup finished presenting: a modal one takes the screen reader's focus, a banner is
    /// announced (`AccessibilityFocus`). Only while VoiceOver runs, so runs without it trace as before.
    func accessibilityPopupDidSettle(_ id: RequestID) {
        guard traits.display.voiceOver, accessibilityFocus.openers[id] == nil, let tree = accessibilityTree?() else { return }
        guard let container = tree.containers.first(where: { $0.request == id }) else { return }
        if container.role == .status {
            accessibilityFocus.openers[id] = .some(nil)
            chef.record(.accessibilityAnnouncement, request: id, detail: AccessibilityFocus.announcement(of: container))
            return
        }
        guard container.modal else { return }
        chef.record(.accessibilityScreenChanged, request: id, detail: AccessibilityFocus.reading(of: container))
        accessibilityFocus.openers[id] = .some(accessibilityFocus.focused)
        guard let target = AccessibilityFocus.target(in: container) else {
            chef.record(
                .accessibilityFocus, request: id,
                detail: "stays on \(accessibilityFocus.focused ?? "nothing"): popup \(id) has no element to take it")
            return
        }
        accessibilityFocus.focused = target.id
        chef.record(.accessibilityFocus, request: id, detail: AccessibilityFocus.describe(target) + ": into popup \(id)")
    }

    /// A popup left the screen: if it had the focus, the focus returns to the element it took it from,
    /// or, when that is gone, to the first element on screen.
    func accessibilityPopupDidLeave(_ id: RequestID) {
        guard let opener = accessibilityFocus.openers.removeValue(forKey: id) else { return }
        guard traits.display.voiceOver, let tree = accessibilityTree?() else { return }
        let current = accessibilityFocus.focused
        guard current == nil || current.map({ tree.element($0) == nil }) == true else { return }
        if let opener, let element = tree.element(opener) {
            accessibilityFocus.focused = element.id
            chef.record(.accessibilityFocus, request: id, detail: AccessibilityFocus.describe(element) + ": back from popup \(id)")
        } else if let first = tree.elements.first {
            accessibilityFocus.focused = first.id
            chef.record(
                .accessibilityFocus, request: id, detail: AccessibilityFocus.describe(first) + ": first on screen after popup \(id)")
        } else {
            accessibilityFocus.focused = nil
        }
    }

    /// Moves the focus to `element` (a person's swipe, a scenario's step), traced while VoiceOver runs.
    func focus(_ element: AccessibilityTree.Element, why: String) {
        guard accessibilityFocus.focused != element.id else { return }
        accessibilityFocus.focused = element.id
        if traits.display.voiceOver {
            chef.record(.accessibilityFocus, request: element.request ?? 0, detail: AccessibilityFocus.describe(element) + ": " + why)
        }
    }
}
