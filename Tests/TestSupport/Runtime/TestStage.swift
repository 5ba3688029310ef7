import HostRuntime
import PopChefTestSupport

/// A stage over a traced chef with this test's own copies of the sample plugins (its engine is the
/// chef's presenter, so layout hooks, banners' display timers and motions run as in a host).
package final class TestStage {
    package let traced: TracedChef
    package let stage: Stage
    /// The samples' components, whose live instances the test may count.
    package let source: PluginComponents
    private let samples: IsolatedSamples

    package init() throws {
        samples = try IsolatedSamples()
        source = samples.source()
        let catalog = ComponentCatalog()
        catalog.add(source)
        traced = TracedChef(catalog: catalog)
        stage = Stage(chef: traced.chef)
    }

    package var chef: Chef { traced.chef }
    package var engine: PresentationEngine { stage.engine }
    package var recorder: TraceRecorder { traced.recorder }
    package var finals: [RequestID: [FinalEvent]] { traced.finals }
    package func timeline(_ names: Set<String>) -> [String] { traced.timeline(names) }
    package func time(of event: String, _ id: RequestID) -> Double? { traced.time(of: event, id) }

    /// A built-in alert (title, message, OK) presented with `theme` through `pop.theme`.
    @discardableResult
    package func alert(_ theme: Value = [:], title: String = "Title", message: String = "Message") -> RequestID {
        chef.show(
            PopupRequest(controllerLoader: "pop.theme", data: ["title": .string(title), "message": .string(message), "theme": theme]))
    }

    package func advance(_ milliseconds: Int64) { chef.advance(by: .milliseconds(milliseconds)) }

    /// The popup card's node in the current frame.
    package func card(_ id: RequestID) -> FrameNode? { stage.frame().node("popup.\(id)") }

    package func events(_ id: RequestID) -> [String] { traced.events(of: id) }
}
