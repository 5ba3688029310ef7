import Testing

@testable import PopModel
@testable import PopTerminal

@Suite struct TerminalEncoderTests {
    static let characters: [Character] = ["a", "Z", " ", "▀", "─", "╭", "é", "…", "界", "🙂", "\u{1B}"]
    static let colors = [Cell.RGB(0, 0, 0), Cell.RGB(255, 255, 255), Cell.RGB(153, 153, 153), Cell.RGB(0, 122, 255)]

    static func scribble(_ buffer: inout CellBuffer, count: Int, using generator: inout SplitMix64) {
        for _ in 0..<count {
            buffer.put(
                characters.randomElement(using: &generator)!,
                column: Int.random(in: 0..<buffer.columns, using: &generator),
                row: Int.random(in: 0..<buffer.rows, using: &generator),
                foreground: colors.randomElement(using: &generator)!,
                background: colors.randomElement(using: &generator)!,
                bold: Bool.random(using: &generator))
        }
    }

    @Test("full(a) then diff(a → b) leaves exactly b on the terminal", arguments: 0..<40)
    func fullThenDiff(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        let columns = Int.random(in: 1...14, using: &generator), rows = Int.random(in: 1...6, using: &generator)
        var a = CellBuffer(
            columns: columns, rows: rows,
            filling: Cell(
                " ", foreground: Self.colors[0],
                background: Self.colors[1]))
        Self.scribble(&a, count: columns * rows, using: &generator)
        for _ in 0..<5 {
            var b = a
            Self.scribble(&b, count: Int.random(in: 0...(columns * rows), using: &generator), using: &generator)
            var terminal = VirtualTerminal(columns: columns, rows: rows)
            terminal.apply(TerminalEncoder.full(a))
            #expect(terminal.grid == a.cells)
            let diff = TerminalEncoder.diff(from: a, to: b)
            terminal.apply(diff)
            #expect(terminal.grid == b.cells)
            if a == b { #expect(diff.isEmpty) }
            a = b
        }
    }

    @Test("a diff moves the cursor and changes colours only when needed, and ends with a reset")
    func minimalDiff() {
        let white = Cell.RGB(255, 255, 255), black = Cell.RGB(0, 0, 0)
        let old = CellBuffer(columns: 6, rows: 2, filling: Cell(" ", foreground: white, background: white))
        var new = old
        new.write("ab", column: 2, row: 1, foreground: black, background: white, bold: true)
        new.put("c", column: 5, row: 1, foreground: black, background: white, bold: true)
        let expected = "\u{1B}[2;3H\u{1B}[1;38;2;0;0;0;48;2;255;255;255mab\u{1B}[2;6Hc\u{1B}[0m"
        #expect(String(decoding: TerminalEncoder.diff(from: old, to: new), as: UTF8.self) == expected)
    }

    @Test("a run of changed cells: colours changing inside it, a wide character, the last column, a wide character's right half")
    func runsOfChangedCells() {
        let white = Cell.RGB(255, 255, 255), black = Cell.RGB(0, 0, 0), blue = Cell.RGB(0, 122, 255)
        let old = CellBuffer(columns: 9, rows: 2, filling: Cell(" ", foreground: white, background: white))
        var new = old
        new.write("ab", column: 0, row: 0, foreground: black, background: white, bold: true)
        new.write("cd", column: 2, row: 0, foreground: blue, background: white)
        new.put("界", column: 5, row: 0, foreground: blue, background: white)
        new.write("yz", column: 7, row: 0, foreground: blue, background: white)
        new.put("界", column: 2, row: 1, foreground: black, background: white)
        let run =
            "\u{1B}[1;1H\u{1B}[1;38;2;0;0;0;48;2;255;255;255mab\u{1B}[22;38;2;0;122;255mcd\u{1B}[1;6H界yz"
            + "\u{1B}[2;3H\u{1B}[38;2;0;0;0m界\u{1B}[0m"
        #expect(String(decoding: TerminalEncoder.diff(from: old, to: new), as: UTF8.self) == run)
        // Only the right half changed: the whole character is written again.
        var changedTail = new
        changedTail[3, 1] = Cell.wideTail(foreground: blue, background: white, bold: false)
        let tail = "\u{1B}[2;3H\u{1B}[38;2;0;0;0;48;2;255;255;255m界\u{1B}[0m"
        #expect(String(decoding: TerminalEncoder.diff(from: new, to: changedTail), as: UTF8.self) == tail)
    }

    @Test("control characters never reach the terminal")
    func controlCharacters() {
        var buffer = CellBuffer(columns: 3, rows: 1, filling: VirtualTerminal.blank)
        buffer.write("\u{1B}\u{7}\u{9B}", column: 0, row: 0, foreground: .init(0, 0, 0), background: .init(9, 9, 9))
        let bytes = TerminalEncoder.full(buffer)
        #expect((0..<3).allSatisfy { buffer[$0, 0].character == " " })
        #expect(bytes.filter { $0 == 0x1B }.count == 5)  // reset, clear, cursor, colours, reset
        #expect(!bytes.contains(0x07) && !bytes.contains(0x9B))
    }
}
