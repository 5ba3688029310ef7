import PopChef
import PopTestSupport
import Testing

@testable import PopModel
@testable import PopPresentation
@testable import PopScenario
@testable import PopTerminal

/// The floating window in a 120 × 45 terminal (Scenarios/floating.json): the red delete circle's
/// quarter disc in the bottom-right corner and its label, and the bubble with its logo.
@Suite struct FloatingInTerminalTests {
    typealias Screen = PhoneInTerminalTests.Screen

    static func frame(at time: Int64) throws -> Frame {
        let runner = ScenarioRunner(
            scenario: try Scenario.load(path: Repository.root + "/Scenarios/floating.json"), catalog: ComponentCatalog())
        var frames: [Frame] = []
        runner.sampleTimes = [.milliseconds(time)]
        runner.onSample = { frames.append($0) }
        runner.runToEnd()
        return try #require(frames.first)
    }

    @Test("the delete circle: red near the corner, not at the edge of its square; its label; the dragged bubble differs from the page")
    func deleteCircle() throws {
        let frame = try Self.frame(at: 2200)
        let screen = Screen(frame, columns: 120, rows: 45)
        let red = Cell.RGB(232, 81, 83)
        let inside = screen.viewport.cell(for: Point(x: 380, y: 834))
        #expect(screen.pixels(inside.column, inside.row).0 == red)
        // The square's top-left corner is outside the disc: not red.
        let circle = try #require(frame.node("floating.circle"))
        let outside = screen.viewport.cell(for: Point(x: circle.rect.x + 10, y: circle.rect.y + 10))
        #expect(screen.pixels(outside.column, outside.row).0 != red)
        let label = try #require(frame.node("floating.circle.label"))
        // Each wide character takes two columns (the tail reads as a space).
        #expect(screen.row(containing: "取 消 浮 窗") == screen.viewport.cell(for: label.rect.center).row)
        let bubble = try #require(frame.node("floating.bubble.1"))
        let centre = screen.viewport.cell(for: bubble.rect.center)
        let without = Screen(
            Frame(time: frame.time, screen: frame.screen, safeArea: frame.safeArea, nodes: frame.nodes.filter { $0.role != .bubble }),
            columns: 120, rows: 45)
        #expect(screen.cell(centre.column, centre.row) != without.cell(centre.column, centre.row), "the bubble is drawn")
    }
}
