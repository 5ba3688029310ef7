import PopModel

/// `a11y.order`: a screen reader reads in document order, so content whose drawing order differs
/// reads out of sense (WCAG 1.3.2 Meaningful Sequence, 2.4.3 Focus Order). The popup's elements, in
/// reading order, follow the visual order: top to bottom, then leading to trailing in the layout
/// direction; two elements whose vertical extents overlap are in one row. Checked left-to-right and
/// right-to-left.
enum AccessibilityOrderAudit {
    /// How far extents must overlap or pass before they count: layout is exact, this absorbs float noise.
    static let tolerance = ContentFit.tolerance

    static let test = AccessibilityAudit.test(
        "a11y.order", level: 4,
        "the popup's reading order follows its visual order: top to bottom, then leading to trailing (rows by overlapping vertical extent), left-to-right and right-to-left"
    ) { view, _ in
        LayoutDirection.allCases.flatMap { direction in
            view.show(under: DisplayTraits(layoutDirection: direction)) { popup in
                let elements = popup.elements
                return zip(elements, elements.dropFirst()).compactMap { read, next in
                    guard let drawn = drawnBefore(next, read, direction) else { return nil }
                    return AuditFinding(
                        "\(AuditedPopup.describe(next)) is read after \(AuditedPopup.describe(read)) but drawn \(drawn) it "
                            + "(\(TraceText.rect(next.frame)) and \(TraceText.rect(read.frame)), \(direction.rawValue); WCAG 1.3.2)")
                }
            } ?? []
        }
    }

    /// How `first` comes before `second` on the screen ("above", "left of", "right of"), or nil when it does not.
    static func drawnBefore(
        _ first: AccessibilityTree.Element, _ second: AccessibilityTree.Element, _ direction: LayoutDirection
    )
        -> String?
    {
        let (one, two) = (first.frame, second.frame)
        let sharedHeight = min(one.maxY, two.maxY) - max(one.y, two.y)
        guard sharedHeight > tolerance else { return one.maxY <= two.y + tolerance ? "above" : nil }
        switch direction {
        case .leftToRight: return one.x + tolerance < two.x ? "left of" : nil
        case .rightToLeft: return one.x + one.width > two.x + two.width + tolerance ? "right of" : nil
        }
    }
}
