import PopChef

/// Whether the plugin's own components can be composed: each view loader fits a handler available
/// to it (one of the plugin's, or the built-in default, which declares no actions), by the rule the
/// chef applies before showing and `pophost check` reports (`CompositionContract`); a request of a
/// pair that does not fit ends cancelled(plugin-error) before it shows.
enum CompositionChecks {
    static let all = [composition]

    static let composition = ConformanceTest(
        "component.composition", level: 1,
        "every view loader fits a handler available to it (the plugin's or the built-in default: its buttons name declared actions, the actions read only its text fields); a handler no view loader fits is a warning"
    ) { context throws(TestIssue) in
        let plugin = try context.loadedPlugin()
        let views = plugin.ids(of: .viewLoader), handlers = plugin.ids(of: .handler)
        guard !views.isEmpty || !handlers.isEmpty else { throw .skipped("the plugin has no view loader or handler") }
        let file = context.pluginPath.split(separator: "/").last.map(String.init) ?? context.pluginPath
        let directory = context.pluginPath.contains("/") ? String(context.pluginPath[..<context.pluginPath.lastIndex(of: "/")!]) : "."
        let pairs = PopupRun(plugin: plugin).pairs
        let readable = pairs.contracts.map(\.handlerID)
        let unreadable = handlers.filter { !readable.contains($0) }
        var problems: [String] = []
        for view in views where pairs.hasContent(view) && pairs.handlers(for: view).isEmpty {
            let skipped =
                unreadable.isEmpty ? "" : " (\(unreadable.joined(separator: ", ")) cannot be made: see component.action-signatures)"
            let mismatches = readable.flatMap { handler in
                pairs.mismatches(view: view, handler: handler).map {
                    "  view loader \(view) with handler \(handler): \($0.message)  [\($0.kind.rawValue)]"
                }
            }
            // The mismatches follow the colon; with none to list (no handler could be made), the sentence ends.
            problems.append(
                "\(file): view loader \(view) fits no handler available to it (\(readable.count) of the plugin's, nor the built-in default, which declares no actions)\(skipped), so every request with it ends cancelled(plugin-error); make its buttons name a handler's actions and give it the text fields they read (pophost check --plugins \(directory) --view-loader \(view) lists every pair)\(mismatches.isEmpty ? "." : ":")"
            )
            problems += mismatches
        }
        for handler in readable where pairs.views(for: handler).isEmpty {
            let mismatches = (views.filter(pairs.hasContent).map(Optional.some) + [nil]).flatMap { view in
                pairs.mismatches(view: view, handler: handler).map {
                    "\(view.map { "view loader \($0)" } ?? "the built-in view"): \($0.message)"
                }
            }
            context.warn(
                "\(file): handler \(handler) fits no view loader of the plugin nor the built-in view, so only another plugin's view can drive it: "
                    + mismatches.joined(separator: "; "))
        }
        try TestIssue.check(problems)
    }
}
