import PopModel

/// `a11y.contrast`: text too close to its background cannot be read in sunlight or with low vision
/// (WCAG 1.4.3 Contrast (Minimum)). Every line of text in the popup, in light and in dark, has a
/// contrast of 4.5:1 with what is under it, or 3:1 when it is large (`Contrast.required`: Apple's
/// reading, 18 pt or bold; from `strictWCAGFrom` WCAG's CSS reading, 24 pt or 18.67 pt bold). The
/// colours are the composited frame colours: the text's colour with its alpha and its node's opacity
/// over every fill beneath it, down to the app under the dimming (`FrameComposite`); nothing is
/// rounded. Text of a disabled element is exempt, as WCAG exempts inactive components, and so are
/// placeholders (`isPlaceholder`); control titles in the host's tint need 3:1 (`controlRoles`).
enum AccessibilityContrastAudit {
    /// The lowest strictness at which large text is WCAG's CSS reading rather than Apple's.
    static let strictWCAGFrom = 8
    /// Controls whose title the host draws in its own tint (a button's, a text field's text): the plugin chooses neither colour, and iOS's own tint on white (#007aff, 4.02:1)
    /// is under 4.5:1, so they are held to what identifies a control (WCAG 1.4.11 Non-text
    /// Contrast), 3:1, against the fills the plugin put under them.
    static let controlRoles: Set<FrameNode.Role> = [.button, .textField]
    static let controlRatio = 3.0

    static let test = AccessibilityAudit.test(
        "a11y.contrast", level: 3,
        "text contrasts with what is under it at least 4.5:1, or 3:1 from 18 pt or bold (WCAG 1.4.3; composited frame colours), in light and dark; disabled elements exempt"
    ) { view, context in
        let reading: Contrast.LargeText = context.strictness >= strictWCAGFrom ? .strictWCAG : .apple
        return Appearance.allCases.flatMap { appearance in
            view.show(under: DisplayTraits(appearance: appearance)) { popup in findings(in: popup, reading: reading) } ?? []
        }
    }

    /// The text of `popup` whose contrast is under what it needs.
    static func findings(in popup: AuditedPopup, reading: Contrast.LargeText) -> [AuditFinding] {
        let composite = FrameComposite(nodes: popup.frame.nodes)
        var findings: [AuditFinding] = []
        for (index, node) in popup.frame.nodes.enumerated() where node.request == popup.id {
            guard let text = node.text, !text.lines.isEmpty, node.opacity >= AccessibilityTree.visibleOpacity,
                node.accessibility?.traits.contains(.disabled) != true, !isPlaceholder(node, in: popup)
            else { continue }
            let isControl = controlRoles.contains(node.role)
            let required = isControl ? controlRatio : Contrast.required(size: text.size, weight: text.weight, reading: reading)
            // The line with the least contrast (a fill may end under part of the text).
            let worst = text.lines.indices.map { line -> (ratio: Double, text: ContentNode.Color, background: ContentNode.Color) in
                let box = node.transform.boundingBox(of: text.lineRect(line, in: node.rect))
                let under = composite.background(at: box.center, below: index, including: true)
                let ink = under.under(text.color, opacity: node.opacity).color
                return (Contrast.ratio(ink, under.color), ink, under.color)
            }.min { $0.ratio < $1.ratio }
            guard let worst, worst.ratio < required else { continue }
            findings.append(
                AuditFinding(
                    "\(AuditedPopup.describe(node)) \(ratio(worst.ratio)):1 < \(TraceText.number(required)):1 "
                        + "(WCAG \(isControl ? "1.4.11; \(node.role.rawValue) title" : "1.4.3"); "
                        + "\(TraceText.number(text.size)) pt \(text.weight) \(FrameComposite.hex(worst.text)) on "
                        + "\(FrameComposite.hex(worst.background)), \(popup.traits.appearance.rawValue))"))
        }
        return findings
    }

    /// Whether `node`'s text stands in for content the host has not got: an image placeholder's
    /// name, an empty text field's placeholder (in the host's placeholder colour, as iOS's, which the
    /// plugin does not choose). Exempt, as WCAG exempts incidental text.
    static func isPlaceholder(_ node: FrameNode, in popup: AuditedPopup) -> Bool {
        switch node.role {
        case .image: true
        case .textField: node.field.map { popup.run.chef.fields(of: popup.id)[$0]?.isEmpty ?? true } ?? true
        default: false
        }
    }

    /// A ratio to two decimals, cut rather than rounded, so that 4.499 reads 4.49 and not 4.50.
    static func ratio(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded(.down))
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
