@testable import HostRuntime

/// A stage over a traced chef with this test's own copies of the sample plugins.
final class TestStage {
    let traced: TracedChef
    let stage: Stage
    private let samples: IsolatedSamples

    init() throws {
        samples = try IsolatedSamples()
        traced = TracedChef(catalog: samples.catalog)
        stage = Stage(chef: traced.chef)
    }

    var chef: Chef { traced.chef }

    /// A built-in alert (title, message, OK) presented with `theme` through `pop.theme`.
    @discardableResult
    func alert(_ theme: Value = [:], title: String = "Title", message: String = "Message") -> RequestID {
        chef.show(PopupRequest(controllerLoader: "pop.theme", data: ["title": .string(title), "message": .string(message), "theme": theme]))
    }

    func advance(_ milliseconds: Int64) { chef.advance(by: .milliseconds(milliseconds)) }

    /// The popup card's node in the current frame.
    func card(_ id: RequestID) -> FrameNode? { stage.frame().node("popup.\(id)") }

    func events(_ id: RequestID) -> [String] { traced.events(of: id) }
}

