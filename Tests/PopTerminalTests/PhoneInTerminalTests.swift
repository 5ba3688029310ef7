import PopChef
import PopRuntimeTestSupport
import Testing

@testable import PopModel
@testable import PopPresentation
@testable import PopScenario
@testable import PopTerminal

/// The demo's real frames, through `TerminalScreen` into a virtual terminal, at 120 × 45 (and other sizes a
/// terminal is often left at): each test guards one defect a user saw in `pophost demo`.
@Suite struct PhoneInTerminalTests {
    /// The demo's frames at `times` (ms), and the sizes the screen had.
    static func demoFrames(at times: [Int64], landscape: Bool = false) throws -> [Frame] {
        let samples = try IsolatedSamples()
        let runner = ScenarioRunner(scenario: try DemoScenario.scenario, catalog: samples.catalog)
        if landscape { runner.engine.rotate(to: .landscape) }
        var frames: [Frame] = []
        runner.sampleTimes = times.map { .milliseconds($0) }
        runner.onSample = { frames.append($0) }
        runner.runToEnd()
        return withExtendedLifetime(samples) { frames }
    }

    /// `frame` drawn by a `TerminalScreen` of `columns × rows` and read back from a virtual terminal.
    struct Screen {
        let viewport: TerminalViewport
        let terminal: VirtualTerminal

        init(_ frame: Frame, columns: Int, rows: Int) {
            var screen = TerminalScreen(screen: frame.screen, columns: columns, rows: rows)
            var terminal = VirtualTerminal(columns: columns, rows: rows)
            terminal.apply(screen.render(frame, statusLine: "status"))
            viewport = screen.viewport
            self.terminal = terminal
        }

        func cell(_ column: Int, _ row: Int) -> Cell { terminal.grid[row * terminal.columns + column] }
        func text(row: Int) -> String { String((0..<terminal.columns).map { cell($0, row).character }) }
        /// The row whose text contains `string`, the first from the top.
        func row(containing string: String) -> Int? { (0..<terminal.rows).first { text(row: $0).contains(string) } }
        /// The column where `string` starts on `row`.
        func column(of string: String, row: Int) -> Int? {
            let characters = Array(text(row: row)), target = Array(string)
            return (0...max(0, characters.count - target.count)).first { Array(characters[$0..<($0 + target.count)]) == target }
        }
        /// The colours of the two pixels of a cell: a half block's foreground over its background, else the background twice.
        func pixels(_ column: Int, _ row: Int) -> (Cell.RGB, Cell.RGB) {
            let cell = cell(column, row)
            return cell.character == "▀" ? (cell.foreground, cell.background) : (cell.background, cell.background)
        }
        /// The terminal cells a node's rect covers (their centres inside it).
        func cells(of rect: Rect) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>) {
            let first = viewport.cell(for: Point(x: rect.x + viewport.columnWidth / 2, y: rect.y + viewport.pixelHeight))
            let last = viewport.cell(
                for: Point(x: rect.x + rect.width - viewport.columnWidth / 2, y: rect.y + rect.height - viewport.pixelHeight))
            return (first.column...max(first.column, last.column), first.row...max(first.row, last.row))
        }
    }

    static let sizes = [(120, 45), (100, 50), (60, 66)]

    @Test("a text field keeps its border with its text inside", arguments: sizes)
    func textFieldBorder(columns: Int, rows: Int) throws {
        let frame = try Self.demoFrames(at: [6500])[0]
        let screen = Screen(frame, columns: columns, rows: rows)
        let row = try #require(screen.row(containing: "••••••"), "the typed password is drawn")
        let dots = try #require(screen.column(of: "••••••", row: row))
        let line = Array(screen.text(row: row))
        let left = try #require(line[..<dots].lastIndex { $0 != " " })
        #expect(line[left] == "│", "a bar just left of the text: \(String(line))")
        let right = try #require(line[(dots + 6)...].firstIndex { $0 != " " })
        #expect(line[right] == "│", "a bar right of the text, nothing between: \(String(line))")
        let edges = [row - 1, row + 1].map { Array(screen.text(row: $0)) }
        #expect(edges.contains { $0[left] == "╭" || $0[left] == "╰" }, "the box's corner above or below the bar")
        #expect(edges.contains { ($0[(left + 1)..<right]).allSatisfy { $0 == "─" } }, "and its edge across")
    }

    @Test("cells next to a popup's edge keep the dimming: no app text is lit by the card it borders", arguments: sizes)
    func dimmingAtEdges(columns: Int, rows: Int) throws {
        let frame = try Self.demoFrames(at: [1000])[0]
        let screen = Screen(frame, columns: columns, rows: rows)
        let card = try #require(frame.nodes.first { $0.role == .popup })
        let inside = screen.cells(of: card.bounds)
        let screenColumns = screen.viewport.originColumn..<(screen.viewport.originColumn + screen.viewport.screenColumns)
        for row in 0..<(rows - 1) {
            let outside = screenColumns.filter { !inside.columns.contains($0) || !inside.rows.contains(row) }
            // The dimmed app on this row where it has no text: the brightest plain cell.
            guard let dimmed = outside.filter({ screen.cell($0, row).character == " " }).map({ screen.cell($0, row).background.red }).max()
            else { continue }
            for column in outside {
                let cell = screen.cell(column, row)
                guard cell.character != " ", cell.character != "▀" else { continue }
                #expect(
                    cell.background.red <= dimmed + 2,
                    "\(cell.character) at \(column), \(row) on \(cell.background), brighter than the dimming (\(dimmed))")
            }
        }
    }

    @Test("keyboard keys keep their gaps: every key its own run of pixels across and down", arguments: sizes)
    func keyGaps(columns: Int, rows: Int) throws {
        let frame = try Self.demoFrames(at: [6500])[0]
        let screen = Screen(frame, columns: columns, rows: rows)
        let keys = frame.nodes.filter { $0.role == .key }
        let white = Cell.RGB(255, 255, 255)
        // Across the first row of keys: three white runs, one per key.
        let first = try #require(keys.first)
        let row = screen.viewport.cell(for: first.rect.center).row
        let across = (0..<columns).map { screen.pixels($0, row) }.map { $0.0 == white || $0.1 == white }
        #expect(runs(across) == keys.filter { abs($0.rect.y - first.rect.y) < 1 }.count, "\(across)")
        // Down the middle column of keys (2, 5, 8, 0): four white runs of pixels.
        let middle = try #require(keys.first { $0.text?.lines == ["2"] })
        let column = screen.viewport.cell(for: middle.rect.center).column
        let keyboard = try #require(frame.nodes.first { $0.role == .keyboard })
        let top = screen.viewport.cell(for: Point(x: keyboard.rect.x, y: keyboard.rect.y)).row + 1
        let down = (top..<(rows - 1)).flatMap { [screen.pixels(column, $0).0, screen.pixels(column, $0).1] }.map { $0 == white }
        #expect(runs(down) == keys.filter { abs($0.rect.x - middle.rect.x) < 1 }.count, "\(down)")
    }

    private func runs(_ flags: [Bool]) -> Int {
        zip([false] + flags, flags).filter { !$0 && $1 }.count
    }

    @Test("button labels are centred in their buttons (to a column)", arguments: sizes)
    func buttonLabels(columns: Int, rows: Int) throws {
        for frame in try Self.demoFrames(at: [1000, 6500, 11200]) {
            let screen = Screen(frame, columns: columns, rows: rows)
            for button in frame.nodes where button.role == .button && button.transform == .identity {
                let label = try #require(button.text?.lines.first)
                let covered = screen.cells(of: button.rect)
                let row = screen.viewport.cell(for: button.text!.lineRect(0, in: button.rect).center).row
                let start = try #require(screen.column(of: label, row: row), "\(label) on row \(row): \(screen.text(row: row))")
                let left = start - covered.columns.lowerBound, right = covered.columns.upperBound - (start + label.count - 1)
                #expect(abs(left - right) <= 1, "\(label): \(left) columns left, \(right) right")
            }
        }
    }

    @Test(
        "list rows and separators are even, in portrait and in landscape",
        arguments: [(120, 45, false), (100, 50, false), (150, 50, true), (200, 60, true)])
    func evenList(columns: Int, rows: Int, landscape: Bool) throws {
        // The fixed app list (a stage with no pages; the demo's app is pages now).
        let frame = Stage(chef: Chef(), scene: landscape ? Scene().rotated(to: .landscape) : Scene()).frame()
        let screen = Screen(frame, columns: columns, rows: rows)
        let titles = (1...6).compactMap { index in
            frame.node("app.row.\(index - 1).title") == nil ? nil : screen.row(containing: "Order A-100\(index)")
        }
        #expect(titles.count >= 4)
        #expect(Set(zip(titles, titles.dropFirst()).map { $1 - $0 }).count == 1, "title rows \(titles)")
        let subtitles = ["Wireless", "Phone case", "USB-C", "Smart watch", "Screen protector"].compactMap(screen.row(containing:))
        #expect(Set(zip(titles, subtitles).map { $1 - $0 }).count == 1, "subtitles one pitch below their titles: \(titles) \(subtitles)")
        // Every list row, from its title to the next, has the same pixels in a column right of the text:
        // the separator shows, and shows alike, in each.
        let column = screen.viewport.cell(for: Point(x: frame.screen.width - 20, y: 0)).column
        let pattern = { (row: Int) in (row..<(row + titles[1] - titles[0])).map { "\(screen.pixels(column, $0))" } }
        #expect(Set(titles.dropLast().map(pattern)).count == 1)
        let separator = try #require(frame.node("app.row.0.separator"))
        let colours = Set(pattern(titles[0]).joined())
        #expect(pattern(titles[0]).contains { $0.contains("\(Cell.RGB(separator.fill!))") }, "the separator is drawn: \(colours)")
    }

    @Test("a terminal too small for a legible phone says so and suggests a size; the mouse does nothing there")
    func tooSmall() throws {
        let frame = try Self.demoFrames(at: [6500])[0]
        let screen = Screen(frame, columns: 80, rows: 24)
        let text = (0..<24).map(screen.text(row:)).joined(separator: "\n")
        #expect(text.contains("Too small for a legible phone") && text.contains("This terminal: 80×24") && text.contains("Needed: 46×44"))
        #expect(!text.contains("Payment"), "no broken picture")
        #expect(screen.text(row: 23).hasPrefix(" status"), "the status line stays")
        var terminal = TerminalScreen(screen: frame.screen, columns: 80, rows: 24)
        #expect(terminal.event(for: .mouse(kind: .press, button: 0, column: 40, row: 10)) == nil)
        #expect(terminal.event(for: .key(.character("q"))) == .key(.character("q")))
        let landscape = TooSmallNotice.lines(for: TerminalViewport(screen: frame.screen, columns: 100, rows: 24))
        #expect(landscape.last == "Enlarge it, or rotate the phone", "844 × 390 fits 100 × 21")
    }
}
