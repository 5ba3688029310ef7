import PopModel

/// `a11y.label`: a control a screen reader cannot name is a control a blind person cannot use
/// (WCAG 4.1.2 Name, Role, Value; ATF's SpeakableTextPresentCheck). Every control in the popup's
/// accessibility tree (button, link, text field, search field) has a label with at least one letter
/// or digit — "✕" or "" is not a label —, and so does every node the plugin gave the role image.
enum AccessibilityLabelAudit {
    static let test = AccessibilityAudit.test(
        "a11y.label", level: 2,
        "every control a screen reader reaches (button, link, text field, search field) and every node given the role image has a label with a letter or digit"
    ) { view, _ in
        view.show(under: DisplayTraits()) { popup in
            var findings: [AuditFinding] = []
            for element in popup.elements where element.role.isControl && !isLabel(element.label) {
                findings.append(
                    AuditFinding(
                        "\(element.id) \(element.role.rawValue) \"\(element.label)\" has no label with a letter or digit "
                            + "(WCAG 4.1.2; give it one with pop.accessibility/1's label)"))
            }
            popup.content.walkReadable(path: []) { node, path in
                guard node.accessibility?.role == .image, !isLabel(node.accessibility?.label ?? "") else { return }
                let id = ContentNode.frameID(path, under: popup.contentRootID)
                findings.append(
                    AuditFinding(
                        "\(id) has the role image but no label with a letter or digit (WCAG 1.1.1; label it, or hide it if it is decoration)"
                    ))
            }
            return findings
        } ?? []
    }

    /// Whether `label` says something: at least one letter or digit.
    static func isLabel(_ label: String) -> Bool { label.contains { $0.isLetter || $0.isNumber } }
}
