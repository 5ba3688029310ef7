import Testing

@testable import PopTerminal

@Suite struct TerminalInputTests {
    static func parse(_ chunks: [[UInt8]]) -> [TerminalInput.Event] {
        var input = TerminalInput()
        return chunks.flatMap { input.feed($0) }
    }

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test("keys and control bytes")
    func keys() {
        let events = Self.parse([
            Self.bytes("a\r\n\t") + [0x7F, 0x08, 0x03, 0x01] + Self.bytes("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}OA\u{1B}[1;5D")
        ])
        #expect(
            events == [
                .key(.character("a")), .key(.enter), .key(.enter), .key(.tab), .key(.backspace),
                .key(.backspace), .interrupt, .key(.up), .key(.down), .key(.right), .key(.left),
                .key(.up), .key(.left),
            ])
    }

    @Test("sequences split anywhere give the same events")
    func split() {
        let stream = Self.bytes("x\u{1B}[<0;10;5M\u{1B}[<32;11;6M\u{1B}[<0;11;6m\u{1B}[Bé界🙂")
        let whole = Self.parse([stream])
        #expect(
            whole == [
                .key(.character("x")), .mouse(kind: .press, button: 0, column: 9, row: 4),
                .mouse(kind: .drag, button: 0, column: 10, row: 5),
                .mouse(kind: .release, button: 0, column: 10, row: 5), .key(.down),
                .key(.character("é")), .key(.character("界")), .key(.character("🙂")),
            ])
        for cut in 1..<stream.count {
            #expect(Self.parse([Array(stream[..<cut]), Array(stream[cut...])]) == whole)
        }
        #expect(Self.parse(stream.map { [$0] }) == whole)
    }

    @Test("SGR mouse: buttons, modifiers; wheel and motion without a button ignored")
    func mouse() {
        let events = Self.parse([Self.bytes("\u{1B}[<2;1;1M\u{1B}[<16;3;4M\u{1B}[<64;5;5M\u{1B}[<65;5;5M\u{1B}[<35;2;2M\u{1B}[<34;7;8M")])
        #expect(
            events == [
                .mouse(kind: .press, button: 2, column: 0, row: 0),
                .mouse(kind: .press, button: 0, column: 2, row: 3),
                .mouse(kind: .drag, button: 2, column: 6, row: 7),
            ])
    }

    @Test("a lone ESC waits for flush(); ESC then a key")
    func escape() {
        var input = TerminalInput()
        #expect(input.feed([0x1B]).isEmpty)
        #expect(input.hasPending)
        #expect(input.flush() == [.key(.escape)])
        #expect(!input.hasPending)
        #expect(input.feed([0x1B, 0x1B]) == [.key(.escape)])
        #expect(input.flush() == [.key(.escape)])
        #expect(input.feed(Self.bytes("\u{1B}q")) == [.key(.escape), .key(.character("q"))])
        #expect(input.feed(Self.bytes("\u{1B}[")).isEmpty)
        #expect(input.flush() == [.key(.escape), .key(.character("["))])
    }

    @Test("unknown sequences and invalid bytes are dropped without breaking the stream")
    func garbage() {
        let stream =
            Self.bytes("\u{1B}[?25h\u{1B}[200~\u{1B}[<1;2M\u{1B}[<9999999;1;1M") + [0xFF, 0x80, 0xC3] + Self.bytes("ok")
            + Self.bytes("\u{1B}[" + String(repeating: "1", count: 100) + "A") + Self.bytes("!")
        #expect(Self.parse([stream]) == [.key(.character("o")), .key(.character("k")), .key(.character("!"))])
        #expect(Self.parse(stream.map { [$0] }) == [.key(.character("o")), .key(.character("k")), .key(.character("!"))])
        var input = TerminalInput()
        #expect(input.feed([0xE7, 0x95]).isEmpty)
        #expect(input.flush().isEmpty)
    }
}
