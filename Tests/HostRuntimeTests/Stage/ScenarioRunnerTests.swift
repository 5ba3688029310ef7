import Foundation
import Testing
@testable import HostRuntime

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
