import PopBridge
import PopChef
import PopModel

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
