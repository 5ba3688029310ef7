import Foundation
import Testing
import PopTestSupport
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
}

/// The example scenarios shipped in Scenarios/ play cleanly and meet their expectations.
@Suite struct ExampleScenarioTests {
    static let directory = Repository.root + "/Scenarios"

    @Test("every scenario in Scenarios/ plays without problems and meets its expectations",
          arguments: (try? FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }.sorted()) ?? [])
    func example(name: String) throws {
        let samples = try IsolatedSamples()
        let runner = ScenarioRunner(scenario: try Scenario.load(path: Self.directory + "/" + name), catalog: samples.catalog)
        runner.runToEnd()
        #expect(runner.problems.isEmpty, "\(runner.problems)")
        #expect(runner.verify().isEmpty, "\(runner.verify())")
        #expect(runner.chef.liveCount == 0)
    }
}
