import Foundation
import PopRuntimeTestSupport
import Testing

@testable import PopModel
@testable import PopPresentation
@testable import PopTerminal

/// Dark frames in the terminal (24-bit colour, every colour composited as drawn): the host's chrome
/// reads light on dark, the app's list and the dark alert legible.
@Suite struct DarkInTerminalTests {
    /// Relative luminance (WCAG), 0…1.
    static func luminance(_ rgb: Cell.RGB) -> Double {
        func channel(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(rgb.red) + 0.7152 * channel(rgb.green) + 0.0722 * channel(rgb.blue)
    }

    static func contrast(_ a: Cell.RGB, _ b: Cell.RGB) -> Double {
        let (l1, l2) = (luminance(a), luminance(b))
        return (max(l1, l2) + 0.05) / (min(l1, l2) + 0.05)
    }

    /// The cell where `string` starts in `frame` drawn on a 120 × 45 terminal.
    static func cell(of string: String, in frame: Frame) throws -> Cell {
        var screen = TerminalScreen(screen: frame.screen, columns: 120, rows: 45)
        var terminal = VirtualTerminal(columns: 120, rows: 45)
        terminal.apply(screen.render(frame, statusLine: ""))
        func text(row: Int) -> String { String((0..<terminal.columns).map { terminal.grid[row * terminal.columns + $0].character }) }
        let row = try #require((0..<terminal.rows).first { text(row: $0).contains(string) }, "\(string)")
        let column = try #require(
            text(row: row).range(of: string).map { text(row: row).distance(from: text(row: row).startIndex, to: $0.lowerBound) })
        return terminal.grid[row * terminal.columns + column]
    }

    @Test("the dark app, then a dark alert over it: the bar's title, a row and the alert's title are light on dark, 4.5:1 or more")
    func darkAlert() throws {
        let t = try TestStage()
        t.engine.setDisplayTraits(DisplayTraits(appearance: .dark))
        var cells = [try Self.cell(of: "Orders", in: t.stage.frame()), try Self.cell(of: "Order A-1001", in: t.stage.frame())]
        t.alert(title: "Dark title", message: "Readable")
        t.advance(1000)
        cells.append(try Self.cell(of: "Dark title", in: t.stage.frame()))
        for cell in cells {
            #expect(Self.luminance(cell.foreground) > Self.luminance(cell.background), "\(cell.character)")
            #expect(Self.contrast(cell.foreground, cell.background) >= 4.5, "\(cell.character): \(cell.foreground) on \(cell.background)")
        }
    }
}
