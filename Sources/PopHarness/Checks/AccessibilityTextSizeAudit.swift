import PopModel

/// `a11y.text-size`: a person who needs large text must still read all of it (WCAG 1.4.4 Resize
/// Text; ATF's TextSizeCheck). At the accessibility text sizes ax1, ax3 and ax5 the popup's content
/// fits (`ContentFit`: inside the popup, no line wider than its node, no overlapping leaves) and no
/// text is cut short with "…" by its line limit.
enum AccessibilityTextSizeAudit {
    static let sizes: [ContentSizeCategory] = [.accessibilityMedium, .accessibilityExtraLarge, .accessibilityExtraExtraExtraLarge]

    static let test = AccessibilityAudit.test(
        "a11y.text-size", level: 3,
        "at the accessibility text sizes ax1, ax3 and ax5 no text is cut short, wider than its node, outside the popup or overlapping"
    ) { view, _ in
        sizes.flatMap { size in
            view.show(under: DisplayTraits(contentSize: size)) { popup in
                let fit = ContentFit(request: popup.id, in: popup.frame)?.findings ?? []
                return (fit + truncated(in: popup)).map { AuditFinding("at \(size.name): \($0) (WCAG 1.4.4)") }
            } ?? ["does not show at \(size.name)"].map { AuditFinding($0) }
        }
    }

    /// The text nodes whose string its line limit cut short.
    static func truncated(in popup: AuditedPopup) -> [String] {
        popup.nodes.compactMap { node in
            guard let run = node.text, let last = run.lines.last, last.hasSuffix("…"),
                case .text(let string, _, _, _, _, let maxLines)? = popup.contentNode(drawnAs: node.id)?.kind,
                !string.hasSuffix("…")
            else { return nil }
            return "\(AuditedPopup.describe(node)) is cut short at \(maxLines) line\(maxLines == 1 ? "" : "s") "
                + "(\"\(string)\" has \(string.count) characters)"
        }
    }
}
