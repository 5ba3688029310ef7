import PopChef
import PopInteractive
import PopModel
import PopRender
import PopScenario
import PopTerminal

/// The page's player: a scenario on a stage through `pophost run`'s own app (`InteractiveHost`), so
/// the page's taps, drags and typing are the terminal's input and a rebuilt plugin is replayed in
/// place the same way. The page owns the timeline: the virtual clock moves only when it asks for a
/// time — forward by playing on, back by a replay up to it (`InteractiveHost.rewind(to:)`).
final class ScenarioPlayer {
    let host: InteractiveHost
    /// Where the timeline ends: the last timed step, and time to see it through.
    let end: VirtualTime

    init(scenario: Scenario, catalog: ComponentCatalog, reload: HotReload) {
        host = InteractiveHost(runner: ScenarioRunner(scenario: scenario, catalog: catalog), reload: reload)
        end = max(.seconds(10), (scenario.steps.compactMap(\.at).max() ?? .zero) + .seconds(4))
    }

    var now: VirtualTime { host.runner.chef.now }

    /// Moves the run to `time`.
    func seek(to time: VirtualTime) {
        if time >= now {
            host.advance(by: time - now)
        } else {
            host.rewind(to: time)
        }
    }

    /// The frame at the current instant: SVG in its phone, or the frame's JSON (nodes, their
    /// rectangles, buttons' actions: what a script needs to aim a tap).
    func frame(as format: FrameFormat) -> String {
        switch format {
        case .svg: SVGRenderer().render(host.frame())
        case .json: FrameJSON.encode(host.frame())
        }
    }

    /// Gives the page's input to the run at the current instant; returns the actions it ran.
    func apply(_ input: PlayerInput) -> [String] {
        let before = host.runner.recorder.events.count
        switch input {
        case .events(let events): for event in events { _ = host.handle(event) }
        case .command(let key): _ = host.handle(command: key)
        case .accessibility(let input): host.handle(input)
        }
        return host.runner.recorder.events.dropFirst(before).filter { $0.kind == .action }.map { $0.detail ?? "an action" }
    }

    /// The trace so far, as a JSON array of the trace's own JSON lines, each with the scenario's
    /// label of its request when it has one.
    func traceJSON() -> String {
        let events = host.runner.recorder.events.map { event -> String in
            let line = event.jsonLine
            guard let label = host.runner.label(of: event.request), line.hasSuffix("}") else { return line }
            return String(line.dropLast()) + ",\"label\":" + Value.string(label).json + "}"
        }
        return "[" + events.joined(separator: ",") + "]"
    }

    /// What the page shows about the run.
    struct State: Encodable {
        let timeMS: Int64
        let endMS: Int64
        let finished: Bool
        let screen: String
        let screens: [String]
        let screenWidth: Double
        let screenHeight: Double
        let status: String
        let problems: [String]
        let traits: Traits
        /// The frame's accessibility tree (`AccessibilityJSON`), the page's ARIA mirror.
        let accessibility: Value

        enum CodingKeys: String, CodingKey {
            case timeMS = "time_ms", endMS = "end_ms", finished, screen, screens, screenWidth = "screen_width",
                screenHeight = "screen_height", status, problems, traits, accessibility
        }
    }

    /// The display traits the run is drawn under, for the player's toggles.
    struct Traits: Encodable {
        let appearance: String
        let contentSize: String
        let layoutDirection: String
        let reduceMotion: Bool
        let voiceOver: Bool

        init(_ traits: DisplayTraits) {
            appearance = traits.appearance.rawValue
            contentSize = traits.contentSize.name
            layoutDirection = traits.layoutDirection.rawValue
            reduceMotion = traits.reduceMotion
            voiceOver = traits.voiceOver
        }

        enum CodingKeys: String, CodingKey {
            case appearance, contentSize = "content_size", layoutDirection = "layout_direction", reduceMotion = "reduce_motion",
                voiceOver = "voice_over"
        }
    }

    /// The state, on the screen named `screen`.
    func state(screen: ScreenPreset) -> State {
        let size = host.screen
        return State(
            timeMS: Int64(now.milliseconds.rounded()), endMS: Int64(end.milliseconds.rounded()), finished: host.runner.isFinished,
            screen: screen.rawValue, screens: ScreenPreset.allCases.map(\.rawValue), screenWidth: size.width, screenHeight: size.height,
            status: host.statusSummary, problems: host.runner.problems.map(\.description),
            traits: Traits(host.runner.engine.traits.display),
            accessibility: AccessibilityJSON.value(host.frame().accessibility)
        )
    }
}
