import PopChef
import PopModel
import PopPresentation
import PopRender

/// One gallery picture: a view loader's popup shown alone on a stage, presented with a named theme
/// (`Presentation.named`, through the built-in `pop.theme` controller loader) for some data, drawn
/// once it has settled. The picture a request would give: the same chef, engine and renderer. The
/// chef shows content only with a handler that declares its buttons' actions, so the popup is paired
/// with the first handler that fits it (the built-in one when none does, and the request's end
/// names the mismatch).
public enum ComponentPreview {
    /// How long the popup is given to come in before it is drawn: longer than any theme's show
    /// animation, shorter than a banner's display time.
    static let settle = VirtualTime.milliseconds(1200)

    /// The SVG of view loader `viewLoader` with theme `theme` for `data` (an object, or null), drawn
    /// under `traits`. Throws when the theme is unknown or the popup never showed (with the request's end).
    public static func svg(
        viewLoader: String, theme: String, data: Value, traits: DisplayTraits = DisplayTraits(), catalog: ComponentCatalog
    ) throws(PreviewError) -> String {
        let checks = try? ContractInspector(catalog: catalog).check(
            handlers: catalog.componentIDs(of: .handler), viewLoaders: [viewLoader], data: data)
        let handler = checks?.first(where: \.fits)?.handler
        guard Presentation.named[theme] != nil else {
            throw PreviewError(status: 404, "no theme \"\(theme)\" (\(Presentation.named.keys.sorted().joined(separator: ", ")))")
        }
        var object = Value.Object()
        switch data {
        case .null: break
        case .object(let given): for member in given where member.key != "theme" { _ = object.append(key: member.key, value: member.value) }
        default: throw PreviewError("the sample data must be a JSON object or null, not \(data.json)")
        }
        _ = object.append(key: "theme", value: ["base": .string(theme)])
        let chef = Chef(catalog: catalog)
        let stage = Stage(chef: chef)
        stage.engine.setDisplayTraits(traits)
        let trace = TraceRecorder()
        chef.trace = trace
        let id = chef.show(PopupRequest(handler: handler, viewLoader: viewLoader, controllerLoader: "pop.theme", data: .object(object)))
        chef.advance(by: settle)
        defer {
            _ = chef.dismissAll()
            chef.runUntilIdle(limit: .seconds(60))
        }
        guard chef.content(of: id) != nil else {
            let end = chef.finalEvent(of: id).map { "\($0)" } ?? "it never showed"
            let why = trace.events.last { $0.request == id && $0.detail != nil }?.detail.map { ": \($0)" } ?? ""
            throw PreviewError(status: 422, "view loader \(viewLoader) with theme \(theme): \(end)\(why)")
        }
        return SVGRenderer(deviceFrame: false).render(stage.frame())
    }
}
