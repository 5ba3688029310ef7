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
            let views = plugin.ids(of: .viewLoader)
            guard !views.isEmpty else { throw .skipped("the plugin has no view loader") }
            let pairs = PopupRun(plugin: plugin).pairs
            var failures: [String] = []
            var shown = 0
            for view in views {
                guard let handler = pairs.handlers(for: view).first else { continue }  // component.composition's to report
                let sample = plugin.components.first { $0.descriptor.id == view }
                    .flatMap { try? $0.descriptor.parsedSamples.get().first }
                let audited = AuditedView(
                    plugin: plugin, request: PopupRequest(handler: handler, viewLoader: view, data: sample?.data ?? .null),
                    name: sample.map { "\(view) (sample \"\($0.name)\")" } ?? view)
                guard audited.show(under: DisplayTraits(), { _ in true }) == true else { continue }
                shown += 1
                let findings = audit(audited, context)
                for finding in findings.prefix(shownFindings) {
                    let message = "\(name): \(finding.message) in \(audited.name)"
                    if finding.isWarning { context.warn(message) } else { failures.append(message) }
                }
                if findings.count > shownFindings {
                    failures.append("\(name): \(findings.count - shownFindings) more like these in \(audited.name)")
                }
            }
            guard shown > 0 else { throw .skipped("no view loader of the plugin shows at the default traits (see component.composition)") }
            try TestIssue.check(failures)
        }
    }
}

/// A view loader composed with a handler that fits it: what each audit shows, as often as it needs.
struct AuditedView {
    let plugin: PluginUnderTest
    let request: PopupRequest
    /// "com.x.view (sample "Short")".
    let name: String

    /// Shows the request on a fresh stage under `traits` (after `prepare`, which may move the screen
    /// reader's focus), lets it come in, and hands it to `body`; the request is then run to its
    /// end. Nil when it does not come on screen.
    func show<Result>(
        under traits: DisplayTraits, prepare: (PopupRun) -> Void = { _ in }, _ body: (AuditedPopup) -> Result
    ) -> Result? {
        let run = PopupRun(plugin: plugin)
        run.engine.setDisplayTraits(traits)
        prepare(run)
        let what = AuditedPopup.describe(traits)
        let id = run.show(request, within: 5, as: "showing \(PopupRun.describe(request)) in \(what)")
        defer { run.finish(id) }
        plugin.watchdog.within("running request \(id) in \(what)", seconds: 5) { run.chef.advance(by: AccessibilityAudit.settle) }
        guard let content = run.chef.content(of: id) else { return nil }
        let frame = run.stage.frame()
        guard frame.node("popup.\(id)") != nil else { return nil }
        return body(AuditedPopup(run: run, id: id, traits: traits, content: content, frame: frame))
    }
}
