import Testing

@testable import PopModel
@testable import PopPresentation
@testable import PopScenario
@testable import PopTerminal

/// The demo's sheets in a 120 × 45 terminal: the share sheet's grabber and title at medium, and the
/// stacked look (the share sheet pushed back behind the popover shown as a sheet).
@Suite struct SheetInTerminalTests {
    typealias Screen = PhoneInTerminalTests.Screen

    @Test("the share sheet at medium: its title in the lower half, its grabber drawn (one pixel high)")
    func medium() throws {
        let frame = try #require(try PhoneInTerminalTests.demoFrames(at: [21800]).first)
        let screen = Screen(frame, columns: 120, rows: 45)
        let grabber = try #require(frame.nodes.first { $0.role == .grabber })
        let sheet = try #require(frame.nodes.first { $0.role == .popup && $0.request == grabber.request })
        let title = try #require(screen.row(containing: "Share"))
        #expect(title > screen.viewport.cell(for: Point(x: 0, y: sheet.rect.y)).row)
        // 5 points high, under one terminal pixel (10 points here): drawn one pixel high. The cell at its
        // centre differs from the same frame drawn without it.
        let centre = screen.viewport.cell(for: grabber.rect.center)
        let without = Screen(
            Frame(time: frame.time, screen: frame.screen, safeArea: frame.safeArea, nodes: frame.nodes.filter { $0.role != .grabber }),
            columns: 120, rows: 45)
        #expect(screen.pixels(centre.column, centre.row) != without.pixels(centre.column, centre.row), "the grabber is drawn")
    }

    @Test(
        "stacked: the popover shown as a sheet in front with its text; the pushed-back sheet, scaled, is drawn without text (as any scaled card)"
    )
    func stacked() throws {
        let frame = try #require(try PhoneInTerminalTests.demoFrames(at: [24500]).first)
        let screen = Screen(frame, columns: 120, rows: 45)
        #expect(screen.row(containing: "Filter") != nil)
        #expect(screen.row(containing: "Share") == nil)
    }
}
