import PopModel

/// `a11y.target`: a control smaller than a fingertip is missed or mis-hit. Each control's hit area
/// (its element's frame on screen, clipped to what is visible) is at least 44 × 44 pt (HIG's
/// default control size; WCAG 2.5.5's 44 × 44 CSS px). At lenient strictness (below
/// `strictFrom`) only what is under HIG's 28 × 28 pt minimum fails, and 28–44 warns.
enum AccessibilityTargetAudit {
    /// HIG's default control size, and its minimum.
    static let size = 44.0
    static let minimum = 28.0
    /// The lowest strictness at which anything under `size` fails; below it the audit is lenient.
    static let strictFrom = 5

    static let test = AccessibilityAudit.test(
        "a11y.target", level: 3,
        "every control's hit area is at least 44 × 44 pt (at strictness 3–4: fails under 28 × 28 pt, warns under 44 × 44 pt)"
    ) { view, context in
        let lenient = context.strictness < strictFrom
        return view.show(under: DisplayTraits()) { popup in
            popup.elements.filter(\.role.isControl).compactMap { element -> AuditFinding? in
                let (width, height) = (element.frame.width, element.frame.height)
                guard width < size || height < size else { return nil }
                let underMinimum = width < minimum || height < minimum
                let measured = "\(AuditedPopup.describe(element)) is \(TraceText.size(element.frame.size)) pt"
                if lenient && !underMinimum {
                    return AuditFinding(measured + ", under 44×44 pt (HIG default control size; WCAG 2.5.5)", isWarning: true)
                }
                return AuditFinding(
                    measured
                        + (lenient
                            ? ", under 28×28 pt (HIG minimum control size)" : ", under 44×44 pt (HIG default control size; WCAG 2.5.5)"))
            }
        } ?? []
    }
}
