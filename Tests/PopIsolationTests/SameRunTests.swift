import Foundation
import PopRuntimeTestSupport
import PopTestSupport
import Testing

@testable import PopChef
@testable import PopIsolation
@testable import PopModel
@testable import PopRender
@testable import PopScenario

/// Isolation changes where plugins run, not what a run gives: the demo and every sample scenario
/// play to the same trace and the same frames with the plugins in plugin host processes as in this
/// process.
@Suite struct SameRunTests {
    /// A scenario played to its end with frames every 1/30 s: its trace as JSON lines, its frames as JSON.
    static func play(_ scenario: Scenario, _ catalog: ComponentCatalog) -> (trace: String, frames: [String], problems: [String]) {
        let runner = ScenarioRunner(scenario: scenario, catalog: catalog)
        runner.framesPerSecond = 30
        var frames: [String] = []
        runner.onSample = { frames.append(FrameJSON.encode($0)) }
        runner.runToEnd()
        return (runner.recorder.jsonLines, frames, (runner.problems + runner.verify()).map(\.description))
    }

    static var scenarios: [Scenario] {
        get throws {
            let files = try FileManager.default.contentsOfDirectory(atPath: Repository.scenarios).filter { $0.hasSuffix(".json") }.sorted()
            return try [DemoScenario.scenario] + files.map { try Scenario.load(path: Repository.scenarios + "/" + $0) }
        }
    }

    @Test("the demo and every sample scenario: the same trace and frames isolated as in this process")
    func sameTraceAndFrames() throws {
        let samples = try IsolatedSamples()
        let options = IsolationOptions(executable: Build.pluginHost)
        let scenarios = try Self.scenarios
        #expect(scenarios.count >= 3)
        for scenario in scenarios {
            let inProcess = Self.play(scenario, samples.catalog)
            let isolated = Self.play(scenario, ComponentCatalog(discovery: samples.discovery, isolated: options))
            let name = scenario.name ?? "?"
            #expect(inProcess.problems == [], "\(name)")
            #expect(isolated.problems == [], "\(name)")
            #expect(isolated.trace == inProcess.trace, "\(name)")
            Self.expectSameFrames(isolated.frames, inProcess.frames, name)
        }
    }

    /// The same frames, or the first that differs (frames are long: the message names it only).
    static func expectSameFrames(
        _ isolated: [String], _ inProcess: [String], _ name: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(isolated.count == inProcess.count, "\(name)", sourceLocation: sourceLocation)
        let first = zip(isolated, inProcess).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(first == nil, "\(name): frame \(first ?? -1) differs", sourceLocation: sourceLocation)
    }
}
