import PopChef
import PopModel
import PopPresentation

/// `a11y.focus`: with VoiceOver on, iOS's modal semantics (docs/accessibility.md). A modal popup
/// that has presented holds the focus (an alert on its title, else its first element) and hides the
/// page underneath from the tree; the escape gesture dismisses it with reason accessibility-escape
/// when its handler allows (a refusal is fine, but the popup must stay whole); when it has gone the
/// focus is back on the element that had it before. A banner is announced and never focused; any
/// other popup that is not modal leaves the focus where it was.
enum AccessibilityFocusAudit {
    static let test = AccessibilityAudit.test(
        "a11y.focus", level: 3,
        "with VoiceOver on, a modal popup takes the focus (alert: its title) and hides the page, escape dismisses it (reason accessibility-escape) or is refused leaving it whole, and the focus returns to its opener; a banner is announced, not focused"
    ) { view, _ in
        var opener: String?
        return view.show(
            under: DisplayTraits(voiceOver: true),
            prepare: { run in
                opener = run.stage.accessibilityTree().elements.first.flatMap { run.stage.focusAccessibilityElement($0.id)?.id }
            }
        ) { popup in
            let tree = popup.frame.accessibility
            guard let container = tree.containers.first(where: { $0.request == popup.id }) else {
                return [AuditFinding("\(popup.popupNodeID) is on screen but not in the accessibility tree")]
            }
            if container.role == .status { return banner(popup, tree) }
            guard container.modal else {
                guard let focused = tree.focusedElement, focused.request == popup.id else { return [] }
                return [AuditFinding("\(popup.popupNodeID) is not modal but took the focus (\(AuditedPopup.describe(focused)))")]
            }
            let findings = presented(popup, container, tree, opener: opener)
            return findings + escaped(popup, opener: opener)
        } ?? []
    }

    /// A banner: announced (traced `a11y-announce`), and the focus is not in it.
    private static func banner(_ popup: AuditedPopup, _ tree: AccessibilityTree) -> [AuditFinding] {
        var findings: [AuditFinding] = []
        if !popup.run.recorder.events.contains(where: { $0.kind == .accessibilityAnnouncement && $0.request == popup.id }) {
            findings.append(AuditFinding("banner \(popup.popupNodeID) came in without being announced"))
        }
        if let focused = tree.focusedElement, focused.request == popup.id {
            findings.append(
                AuditFinding(
                    "banner \(popup.popupNodeID) took the focus (\(AuditedPopup.describe(focused))); a banner is announced, not focused"))
        }
        return findings
    }

    /// A modal popup that has presented: the page is out of the tree and the focus is on its title or first element.
    private static func presented(
        _ popup: AuditedPopup, _ container: AccessibilityTree.Container, _ tree: AccessibilityTree, opener: String?
    ) -> [AuditFinding] {
        var findings: [AuditFinding] = []
        let kind = "\(container.role.rawValue) \(popup.popupNodeID)"
        if tree.containers.contains(where: { $0.id == "app" }) {
            findings.append(AuditFinding("\(kind) is modal but the page underneath is still in the accessibility tree"))
        }
        let expected =
            container.role == .alertDialog
            ? container.elements.first { $0.role == .header } ?? container.elements.first : container.elements.first
        guard let expected else {
            findings.append(
                AuditFinding(
                    "\(kind) has presented but has no element to take the focus: it stays on \(popup.frame.accessibilityFocus ?? opener ?? "nothing"), "
                        + "on the page the popup hides (is all its content hidden from accessibility?)"))
            return findings
        }
        if tree.focus != expected.id {
            findings.append(
                AuditFinding(
                    "\(kind) has presented but the focus is on \(popup.frame.accessibilityFocus ?? "nothing"), "
                        + "not on \(AuditedPopup.describe(expected)) (\(container.role == .alertDialog ? "its title" : "its first element"))"
                ))
        }
        return findings
    }

    /// The escape gesture: the popup goes with reason accessibility-escape, or is refused and stays
    /// whole; once it has gone (escaped, or dismissed by the host after a refusal) the focus is back
    /// on its opener.
    private static func escaped(_ popup: AuditedPopup, opener: String?) -> [AuditFinding] {
        var findings: [AuditFinding] = []
        let watchdog = popup.run.plugin.watchdog
        let before = popup.frame.node(popup.popupNodeID)
        let outcome = watchdog.within("escaping request \(popup.id)", seconds: 5) {
            let outcome = popup.stage.accessibilityEscape()
            popup.run.chef.advance(by: AccessibilityAudit.settle)
            return outcome
        }
        switch outcome {
        case .dismissed:
            if let end = popup.run.chef.finalEvent(of: popup.id), end.reason != .accessibilityEscape {
                findings.append(AuditFinding("escape dismissed \(popup.popupNodeID) with reason \(end.reason), not accessibility-escape"))
            }
        case .refused:
            let after = popup.stage.frame()
            if popup.run.chef.finalEvent(of: popup.id) != nil || after.node(popup.popupNodeID)?.opacity != before?.opacity
                || after.node(popup.popupNodeID)?.rect != before?.rect
            {
                findings.append(AuditFinding("escape was refused but \(popup.popupNodeID) did not stay whole"))
            }
            watchdog.within("dismissing request \(popup.id)", seconds: 5) {
                _ = popup.run.chef.dismiss(popup.id)
                popup.run.chef.advance(by: AccessibilityAudit.settle)
            }
        case .back, .nothing:
            findings.append(
                AuditFinding("escape did not reach modal \(popup.popupNodeID) (it went \(outcome == .back ? "back a page" : "nowhere"))"))
        }
        let after = popup.stage.frame()
        if after.nodes.contains(where: { $0.request == popup.id }) {
            findings.append(AuditFinding("\(popup.popupNodeID) is still drawn well after it was dismissed"))
        } else if let opener, after.accessibilityFocus != opener {
            findings.append(
                AuditFinding(
                    "\(popup.popupNodeID) has gone but the focus is on \(after.accessibilityFocus ?? "nothing"), not back on \(opener), which opened it"
                ))
        }
        return findings
    }
}
