import Testing
import PopTestSupport
@testable import PopModel
@testable import PopPresentation
@testable import PopScenario
@testable import PopTerminal

/// The demo's sheets in a 120 × 45 terminal: the share sheet's grabber and title at medium, and the
/// stacked look (the share sheet pushed back behind the popover shown as a sheet).
@Suite struct SheetInTerminalTests {
    typealias Screen = PhoneInTerminalTests.Screen

    @Test("the share sheet at medium: its title in the lower half, its grabber drawn (one pixel high) apart from the sheet beside it")
    func medium() throws {
        let frame = try #require(try PhoneInTerminalTests.demoFrames(at: [15800]).first)
        let screen = Screen(frame, columns: 120, rows: 45)
        let grabber = try #require(frame.nodes.first { $0.role == .grabber })
        let sheet = try #require(frame.nodes.first { $0.role == .popup && $0.request == grabber.request })
        let title = try #require(screen.row(containing: "Share"))
        #expect(title > screen.viewport.cell(for: Point(x: 0, y: sheet.rect.y)).row)
        // 5 points high, under one terminal pixel (10 points here): drawn one pixel high, grey on white.
        let centre = screen.viewport.cell(for: grabber.rect.center)
        let (top, bottom) = screen.pixels(centre.column, centre.row)
        let beside = screen.viewport.cell(for: Point(x: grabber.rect.x - 40, y: grabber.rect.center.y))
        let (besideTop, besideBottom) = screen.pixels(beside.column, beside.row)
        #expect(top != besideTop || bottom != besideBottom, "the grabber stands out from the sheet beside it")
    }

    @Test("stacked: the popover shown as a sheet in front with its text; the pushed-back sheet, scaled, is drawn without text (as any scaled card)")
    func stacked() throws {
        let frame = try #require(try PhoneInTerminalTests.demoFrames(at: [18500]).first)
        let screen = Screen(frame, columns: 120, rows: 45)
        #expect(screen.row(containing: "Filter") != nil)
        #expect(screen.row(containing: "Share") == nil)
    }
}
