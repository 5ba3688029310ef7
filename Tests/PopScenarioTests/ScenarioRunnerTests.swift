import Foundation
import PopModel
import PopRuntimeTestSupport
import PopTestSupport
import Testing

@testable import PopChef
@testable import PopScenario

/// Scenarios played on the stage with the sample plugins.
@Suite struct ScenarioRunnerTests {
    func runner(_ scenario: Scenario) throws -> (ScenarioRunner, IsolatedSamples) {
        let samples = try IsolatedSamples()
        return (ScenarioRunner(scenario: scenario, catalog: samples.catalog), samples)
    }

    @Test("the demo plays to the end and meets its expectations")
    func demo() throws {
        let (runner, samples) = try runner(try DemoScenario.scenario)
        runner.runToEnd()
        #expect(runner.problems.isEmpty, "\(runner.problems)")
        #expect(runner.verify().isEmpty, "\(runner.verify())\n\(runner.recorder.jsonLines)")
        #expect(runner.chef.liveCount == 0)
        withExtendedLifetime(samples) {}
    }

    @Test("frames at a rate fall on k / rate seconds, without drift")
    func frameRate() throws {
        let scenario = try Scenario.parse(json: #"{"steps": [{"wait": 5500}]}"#, file: "t.json", baseDirectory: nil)
        let (runner, samples) = try runner(scenario)
        var times: [Int64] = []
        runner.framesPerSecond = 30
        runner.onSample = { times.append($0.time.microseconds) }
        runner.runToEnd()
        #expect(times.count == 166)
        #expect(times[2] == 66_667)
        #expect(times[60] == 2_000_000)
        #expect(times[165] == 5_500_000)
        withExtendedLifetime(samples) {}
    }

    @Test("a show step naming a component that does not exist fails the scenario, and the trace names it")
    func misspeltComponent() throws {
        let json =
            #"{"steps": [{"show": {"handler": "com.pophost.samples.c.paymnt-handler", "view_loader": "com.pophost.samples.c.payment-view"}}]}"#
        let (runner, samples) = try runner(try Scenario.parse(json: json, file: "t.json", baseDirectory: nil))
        runner.runToEnd()
        let problem = try #require(runner.problems.first)
        #expect(problem.description.hasPrefix("t.json: steps[0].show: no handler with id \"com.pophost.samples.c.paymnt-handler\""))
        #expect(problem.description.contains("did you mean \"com.pophost.samples.c.payment-handler\""))
        let requested = try #require(runner.recorder.events.first { $0.kind == .requested })
        #expect(requested.components["handler"] == "com.pophost.samples.c.paymnt-handler")
        #expect(requested.components["view_loader"] == "com.pophost.samples.c.payment-view")
        #expect(requested.components["controller_loader"] == "builtin")
        withExtendedLifetime(samples) {}
    }
}

/// Components that finish later the way a plugin does without a timer: their completions are called
/// from the source's main-thread callback (a C plugin's `on_main_thread`, which the bridge delivers
/// through `deliverMainThreadCallbacks`).
final class MainThreadSource: ComponentSource {
    final class LaterHandler: HandlerComponent {
        let source: MainThreadSource
        init(_ source: MainThreadSource) { self.source = source }
        let id = "test.later-handler"
        var decidesPresentation: Bool { true }
        func shouldPresent(data: RequestData, answer: Completion<Bool>) { source.pending.append { answer(true) } }
    }

    final class LaterAnimation: ControllerLoaderComponent {
        let source: MainThreadSource
        init(_ source: MainThreadSource) { self.source = source }
        let id = "test.later-animation"
        var hasShowAnimation: Bool { true }
        func animate(showing: Bool, context: AnimationContext, done: Completion<Void>) -> Bool {
            var to = context.from
            to.alpha = 1
            context.animate(delay: 0, duration: 0.1, curve: .linear, to: to)
            source.pending.append { done() }
            return true
        }
    }

    /// Completions to call on the next main-thread callback.
    var pending: [() -> Void] = []

    func kind(of id: String) -> ComponentKind? {
        switch id {
        case "test.later-handler": .handler
        case "test.later-animation": .controllerLoader
        default: nil
        }
    }

    func componentIDs(of kind: ComponentKind) -> [String] {
        ["test.later-handler", "test.later-animation"].filter { self.kind(of: $0) == kind }
    }

    func makeHandler(_ id: String, context: ComponentContext) throws(ComponentFailure) -> any HandlerComponent { LaterHandler(self) }
    func makeViewLoader(_ id: String, context: ComponentContext) throws(ComponentFailure) -> any ViewLoaderComponent {
        throw ComponentFailure(.unknownComponent, id)
    }
    func makeControllerLoader(_ id: String, context: ComponentContext) throws(ComponentFailure) -> any ControllerLoaderComponent {
        LaterAnimation(self)
    }
    func makeReformer(_ id: String, context: ComponentContext) throws(ComponentFailure) -> any ReformerComponent {
        throw ComponentFailure(.unknownComponent, id)
    }

    func deliverMainThreadCallbacks() -> Bool {
        guard !pending.isEmpty else { return false }
        let calls = pending
        pending = []
        for call in calls { call() }
        return true
    }
}

/// Regression: a completion called later through on_main_thread cancels its 10 s completion timeout
/// before `wait: idle` looks, so the wait ends with the animation and later `at` steps play on time.
@Suite struct MainThreadCompletionTests {
    @Test("an answer and an animation's done delivered on the main-thread callback: wait idle ends with the animations, at steps on time")
    func idleAfterMainThreadCompletions() throws {
        let scenario = try Scenario.parse(
            json: """
                {"steps": [
                  {"show": {"handler": "test.later-handler", "as": "answered"}},
                  {"wait": "idle"},
                  {"dismiss": "answered"},
                  {"wait": "idle"},
                  {"show": {"controller_loader": "test.later-animation", "as": "animated"}},
                  {"wait": "idle"},
                  {"at": 1000, "show": {"as": "on-time"}}
                ]}
                """, file: nil, baseDirectory: nil)
        let catalog = ComponentCatalog()
        catalog.add(MainThreadSource())
        let runner = ScenarioRunner(scenario: scenario, catalog: catalog)
        runner.runToEnd()
        #expect(runner.problems.isEmpty, "\(runner.problems)")
        let events = runner.recorder.events
        func time(_ kind: TraceEvent.Kind, _ label: String) -> Double? {
            events.first { $0.kind == kind && $0.request == runner.labels[label] }?.time.milliseconds
        }
        #expect(time(.answered, "answered") == 0)
        #expect(time(.didPresent, "answered") == 250)  // the alert's 0.25 s fade, not the 10 s timeout
        #expect(time(.dismissed, "answered") == 500)
        #expect(time(.didPresent, "animated") == 600)  // its 0.1 s keyframe; done came at 500
        #expect(time(.requested, "on-time") == 1000)
        #expect(!events.contains { $0.kind == .misbehaviour })
    }
}

/// The example scenarios shipped in Scenarios/ play cleanly and meet their expectations.
@Suite struct ExampleScenarioTests {
    static let directory = Repository.root + "/Scenarios"

    @Test(
        "every scenario in Scenarios/ plays without problems and meets its expectations",
        arguments: (try? FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }.sorted()) ?? [])
    func example(name: String) throws {
        let samples = try IsolatedSamples()
        let runner = ScenarioRunner(scenario: try Scenario.load(path: Self.directory + "/" + name), catalog: samples.catalog)
        runner.runToEnd()
        #expect(runner.problems.isEmpty, "\(runner.problems)")
        #expect(runner.verify().isEmpty, "\(runner.verify())")
        #expect(runner.chef.liveCount == 0)
    }

    @Test("the annotated example in docs/scenarios.md plays without problems and meets its expectations")
    func documented() throws {
        let document = try String(contentsOfFile: Repository.root + "/docs/scenarios.md", encoding: .utf8)
        let section = try #require(document.range(of: "## An annotated example"))
        let rest = document[section.upperBound...]
        let start = try #require(rest.range(of: "```json\n")),
            end = try #require(rest.range(of: "\n```", range: start.upperBound..<rest.endIndex))
        let json = String(rest[start.upperBound..<end.lowerBound])
        let samples = try IsolatedSamples()
        let runner = ScenarioRunner(
            scenario: try Scenario.parse(json: json, file: "scenarios.md", baseDirectory: nil), catalog: samples.catalog)
        runner.runToEnd()
        #expect(runner.problems.isEmpty, "\(runner.problems)")
        #expect(runner.verify().isEmpty, "\(runner.verify())")
        #expect(runner.scenario.expectations.trace.count == 4)
        withExtendedLifetime(samples) {}
    }
}
