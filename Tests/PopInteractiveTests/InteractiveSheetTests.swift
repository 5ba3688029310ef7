import Foundation
import PopRuntimeTestSupport
import Testing

@testable import PopInteractive
@testable import PopModel
@testable import PopScenario
@testable import PopTerminal

/// `pophost run` with a sheet: the mouse drags it between detents; ↑ / ↓ flick it.
@Suite struct InteractiveSheetTests {
    static let json = #"{"steps": [{"show": {"controller_loader": "com.pophost.samples.c.share-sheet-controller", "as": "s"}}]}"#

    @Test("the mouse drags the share sheet to large; ↓ flicks it away; ↑ flicks a new one from medium to large")
    func dragAndFlick() throws {
        let samples = try IsolatedSamples()
        let host = InteractiveHost(
            runner: ScenarioRunner(
                scenario: try Scenario.parse(json: Self.json, file: nil, baseDirectory: nil),
                catalog: samples.catalog))
        host.advance(by: .seconds(1))
        let sheet = try #require(host.runner.labels["s"])
        #expect(host.runner.engine.sheets.selectedDetent(of: sheet) == "medium")
        _ = host.handle(.pointer(.down, Point(x: 195, y: 470)))
        for y in stride(from: 440.0, through: 200, by: -40) {
            host.advance(by: .milliseconds(16))
            _ = host.handle(.pointer(.moved, Point(x: 195, y: y)))
        }
        _ = host.handle(.pointer(.up, Point(x: 195, y: 200)))
        host.advance(by: .seconds(1))
        #expect(host.runner.engine.sheets.selectedDetent(of: sheet) == "large")
        // ↓: 48 points in 32 ms, 1500 pt/s: 739 − 748.5 projected, below 0: away.
        #expect(host.handle(.key(.down)) == .continue)
        host.advance(by: .seconds(1))
        #expect(host.runner.chef.finalEvent(of: sheet) == .dismissed(.swipe))
        // Again from medium, ↑: 441.5 + 748.5 projected: large.
        _ = host.handle(.key(.character("1")))
        host.advance(by: .seconds(1))
        let again = try #require(host.runner.chef.shown.first?.id)
        #expect(host.runner.engine.sheets.selectedDetent(of: again) == "medium")
        _ = host.handle(.key(.up))
        host.advance(by: .seconds(1))
        #expect(host.runner.engine.sheets.selectedDetent(of: again) == "large")
        withExtendedLifetime(samples) {}
    }
}
