import PopBridge
import PopChef
import PopLoader
import PopModel

/// The handler's answers: completions called exactly once, and decisions made in time.
enum CompletionChecks {
    static let all = [completionsOnce, shouldPresentAnswers, shouldDismissAnswers]

    static let completionsOnce = ConformanceTest(
        "component.completions-once", level: 3,
        "every completion the host hands over (should_present's answer, a custom animation's done) is called exactly once; an ABI 1.1 completion called after its request ended is a warning"
    ) { context throws(TestIssue) in
        let plugin = try context.loadedPlugin()
        let run = PopupRun(plugin: plugin)
        guard !plugin.ids(of: .handler).isEmpty || !plugin.ids(of: .controllerLoader).isEmpty else {
            throw .skipped("the plugin has no handler or controller loader (the components given completions)")
        }
        // This process runs this plugin alone: every ignored call is the plugin's.
        let ignoredBefore = CompletionTokens.ignoredCalls
        run.playEveryComponent()
        // Again with every host extension withheld: a plugin's fallback path (no timers, no values)
        // hands its completions on too, and this test owns what it does with them.
        let fallback = PopupRun(plugin: plugin)
        HostExtensions.withheld = Set(ExtensionIDs.host)
        fallback.playEveryComponent()
        HostExtensions.withheld = []
        let late = CompletionTokens.ignoredCalls - ignoredBefore
        if late > 0 {
            context.warn(
                "\(late) call\(late == 1 ? "" : "s") through a pop_completion_t came after its request had ended (or with a token the host never issued); the host ignored \(late == 1 ? "it" : "them"), but a completion is called once, before the request ends"
            )
        }
        let file = context.pluginPath.split(separator: "/").last.map(String.init) ?? context.pluginPath
        try TestIssue.check(
            run.problems.filter(\.isCompletion).map { describe($0, in: run, file: file) }
                + fallback.problems.filter(\.isCompletion).map { "without host extensions: " + describe($0, in: fallback, file: file) })
    }

    /// "libx.so: handler com.x.h (a popup of …): should_present's answer called again …; call …":
    /// the component that was handed the completion (the handler for should_present's answer, the
    /// controller loader for an animation's), what it did, and the rule.
    static func describe(_ problem: PopupRun.Problem, in run: PopupRun, file: String) -> String {
        let request = run.requests[problem.request]
        // A request the run did not make (nil) has no component to name; a nil id is the built-in one.
        let component =
            problem.detail.contains("animation")
            ? "controller loader \(request.map { $0.controllerLoader ?? "(built-in)" } ?? "(unknown)")"
            : "handler \(request.map { $0.handler ?? "(built-in)" } ?? "(unknown)")"
        let popup = request.map { " (in \(PopupRun.describe($0)))" } ?? ""
        return "\(file): \(component)\(popup): \(problem.detail); call each completion the host hands over exactly once"
    }

    static let shouldPresentAnswers = ConformanceTest(
        "component.should-present-answers", level: 3,
        "should_present returns within 1 s and its answer comes within the host's completion timeout"
    ) { context throws(TestIssue) in
        let plugin = try context.loadedPlugin()
        let handlers = plugin.ids(of: .handler)
        guard !handlers.isEmpty else { throw .skipped("the plugin has no handler") }
        let run = PopupRun(plugin: plugin)
        for handler in handlers {
            let request = PopupRequest(handler: handler, viewLoader: run.pairs.views(for: handler).first ?? nil)
            let id = run.show(request, within: CallWatchdog.callLimit, as: "should_present of \(handler)")
            run.finish(id)
        }
        try TestIssue.check(run.problems.filter { $0.detail.contains("should_present did not answer") }.map(\.detail))
    }

    static let shouldDismissAnswers = ConformanceTest(
        "component.should-dismiss-answers", level: 3,
        "should_dismiss returns within 1 s for a background tap, a swipe and hide-all"
    ) { context throws(TestIssue) in
        let plugin = try context.loadedPlugin()
        let handlers = plugin.ids(of: .handler)
        guard !handlers.isEmpty else { throw .skipped("the plugin has no handler") }
        let run = PopupRun(plugin: plugin)
        let chef = run.chef
        for handler in handlers {
            for reason in [Reason.backgroundTap, .swipe, .hideAll] {
                let request = PopupRequest(handler: handler, viewLoader: run.pairs.views(for: handler).first ?? nil)
                let id = run.show(request, within: 5, as: "showing a popup of \(handler)")
                _ = plugin.watchdog.within("presenting a popup of \(handler)", seconds: 5) { chef.runUntilIdle(limit: .seconds(120)) }
                guard chef.state(of: id) == .shown else { run.finish(id); continue }
                plugin.watchdog.within("should_dismiss(\(reason)) of \(handler)") {
                    _ = reason == .hideAll ? chef.hideAllIfCan() : chef.userDismiss(id, reason: reason)
                }
                run.finish(id)
            }
        }
    }
}
