import PopBridge
import PopChef
import PopModel

/// A team's popup that breaks in dark mode, at a large text size or right-to-left ships broken
/// (issue 33): each view loader is shown, with its first declared sample (else null data) and a
/// handler that fits it, in every appearance, at the smallest, the default and the largest
/// accessibility text size, in both directions, and must build and fit (`ContentFit`) in each.
enum TraitChecks {
    static let all = [contentFitsEveryTrait]

    /// The traits a view loader is shown under: light and dark × l, xs, ax5 × ltr, rtl; the default first.
    static let combinations: [DisplayTraits] = Appearance.allCases.flatMap { appearance in
        [ContentSizeCategory.large, .extraSmall, .accessibilityExtraExtraExtraLarge].flatMap { size in
            LayoutDirection.allCases.map { DisplayTraits(appearance: appearance, contentSize: size, layoutDirection: $0) }
        }
    }

    /// How long a popup is given to come in before its frame is checked (longer than any theme's entrance).
    static let settle = VirtualTime.milliseconds(1200)

    /// Findings listed per view loader before the rest are counted.
    static let shownFindings = 6

    static let contentFitsEveryTrait = ConformanceTest(
        "component.traits", level: 2,
        "every view loader builds content that fits its popup (inside it, no text line wider than its node, no overlapping leaves) in light and dark, at text sizes xs, l and ax5, left-to-right and right-to-left"
    ) { context throws(TestIssue) in
        let plugin = try context.loadedPlugin()
        var problems: [String] = []
        var shown = 0
        for sampled in try SampledView.all(of: plugin) {
            let request = sampled.request, what = sampled.name
            // A view that does not show at the default traits is other tests' to report.
            guard case .success(let atDefault) = show(request, under: DisplayTraits(), plugin: plugin) else { continue }
            shown += 1
            var findings = atDefault.map { "in \(describe(DisplayTraits())): \($0)" }
            for traits in combinations where !traits.isDefault {
                switch show(request, under: traits, plugin: plugin) {
                case .failure(let end): findings.append("in \(describe(traits)) does not show: \(end)")
                case .success(let fit): findings += fit.map { "in \(describe(traits)): \($0)" }
                }
            }
            problems += summarized(findings, of: what)
        }
        guard shown > 0 else { throw .skipped("no view loader of the plugin shows at the default traits (see component.composition)") }
        try TestIssue.check(problems)
    }

    /// The view's findings, at most `shownFindings` of them, then how many more.
    private static func summarized(_ findings: [String], of what: String) -> [String] {
        var shown = findings.prefix(shownFindings).map { "\(what) \($0)" }
        if findings.count > shownFindings { shown.append("\(what): \(findings.count - shownFindings) more like these") }
        return shown
    }

    /// Shows `request` on a fresh stage under `traits` and lets it settle: what does not fit, or how
    /// the request ended when it never showed.
    private static func show(_ request: PopupRequest, under traits: DisplayTraits, plugin: PluginUnderTest) -> Result<[String], ShowFailure>
    {
        let run = PopupRun(plugin: plugin)
        run.engine.setDisplayTraits(traits)
        let id = run.show(request, within: 5, as: "showing \(PopupRun.describe(request)) in \(describe(traits))")
        plugin.watchdog.within("running request \(id) in \(describe(traits))", seconds: 5) { run.chef.advance(by: settle) }
        defer { run.finish(id) }
        guard run.chef.content(of: id) != nil, let fit = ContentFit(request: id, in: run.stage.frame()) else {
            let end = run.chef.finalEvent(of: id).map { "\($0)" } ?? "it never came on screen"
            let why = run.recorder.events.last { $0.request == id && $0.detail != nil }?.detail.map { " (\($0))" } ?? ""
            return .failure(ShowFailure(description: end + why))
        }
        return .success(fit.findings)
    }

    private struct ShowFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// "dark, ax5, rtl".
    static func describe(_ traits: DisplayTraits) -> String {
        "\(traits.appearance.rawValue), \(traits.contentSize.name), \(traits.layoutDirection.rawValue)"
    }
}
