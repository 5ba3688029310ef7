import PopBridge
import PopChef
import PopModel

/// The accessibility audits (`a11y.*`, issue 26; docs/accessibility.md "Audits"): each shows every
/// view loader of the plugin, with its first declared sample (else null data) and a handler that
/// fits it, as `component.traits` does, and looks at what is drawn and what a screen reader reads.
/// A view loader that does not show at the default traits is other tests' to report; the audit is
/// skipped when none shows. Each finding names the node, the numbers and the rule.
enum AccessibilityAudit {
    static let all = [
        AccessibilityLabelAudit.test, AccessibilityTargetAudit.test, AccessibilityContrastAudit.test, AccessibilityTextSizeAudit.test,
        AccessibilityOrderAudit.test, AccessibilityFocusAudit.test,
    ]

    /// How long a popup is given to come in (longer than any theme's entrance).
    static let settle = TraitChecks.settle

    /// Findings listed per view loader before the rest are counted.
    static let shownFindings = 8

    /// A test named `name` that runs `audit` on each view loader that shows; what it finds fails the
    /// test, or warns, as the finding says.
    static func test(
        _ name: String, level: Int, _ summary: String,
        _ audit: @escaping @Sendable (AuditedView, HarnessContext) -> [AuditFinding]
    ) -> ConformanceTest {
        ConformanceTest(name, level: level, summary) { context throws(TestIssue) in
            let plugin = try context.loadedPlugin()
            var failures: [String] = []
            var shown = 0
            for sampled in try SampledView.all(of: plugin) {
                let audited = AuditedView(plugin: plugin, request: sampled.request, name: sampled.name)
                guard audited.show(under: DisplayTraits(), { _ in true }) == true else { continue }
                shown += 1
                let findings = audit(audited, context)
                for finding in findings.prefix(shownFindings) {
                    let message = "\(name): \(finding.message) in \(audited.name)"
                    if finding.isWarning { context.warn(message) } else { failures.append(message) }
                }
                let rest = findings.dropFirst(shownFindings)
                if !rest.isEmpty {
                    let message = "\(name): \(rest.count) more like these in \(audited.name)"
                    if rest.allSatisfy(\.isWarning) { context.warn(message) } else { failures.append(message) }
                }
            }
            guard shown > 0 else { throw .skipped("no view loader of the plugin shows at the default traits (see component.composition)") }
            try TestIssue.check(failures)
        }
    }
}
