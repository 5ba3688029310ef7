import Testing

@testable import PopProcess

/// A channel taken as lines: lines split across reads, several in one read, a last line without a
/// newline, and one longer than the limit skipped as a whole, however it arrives.
@Suite struct ChannelLinesTests {
    func append(_ text: String, to lines: inout ChannelLines) {
        Array(text.utf8).withUnsafeBytes { lines.append($0) }
    }

    @Test("lines come out whole and in order however the reads split them")
    func splitting() {
        var lines = ChannelLines()
        append("{\"a\":1}\n{\"b\"", to: &lines)
        #expect(lines.next() == .text("{\"a\":1}"))
        #expect(lines.next() == nil)
        append(":2}\n\nlast", to: &lines)
        #expect(lines.next() == .text("{\"b\":2}"))
        #expect(lines.next() == .text(""))
        #expect(lines.next() == nil)
        #expect(!lines.isEmpty)
        #expect(lines.rest() == "last")
        #expect(lines.isEmpty)
    }

    @Test("many lines written at once are all taken, and taken lines make room for new ones")
    func manyLines() {
        var lines = ChannelLines()
        for round in 0..<50 {
            append((0..<1000).map { "line \(round)-\($0)\n" }.joined(), to: &lines)
            for index in 0..<1000 { #expect(lines.next() == .text("line \(round)-\(index)")) }
            #expect(lines.isEmpty)
        }
    }

    @Test("one long line arriving in many reads comes out whole")
    func longLineInPieces() {
        var lines = ChannelLines()
        let piece = String(repeating: "x", count: 65536)
        for _ in 0..<64 {
            append(piece, to: &lines)
            #expect(lines.next() == nil)
        }
        append("\nafter\n", to: &lines)
        #expect(lines.next() == .text(String(repeating: "x", count: 64 * 65536)))
        #expect(lines.next() == .text("after"))
    }

    @Test("a line longer than the limit is skipped to its newline, in one read or many")
    func overLimit() {
        var lines = ChannelLines()
        append(String(repeating: "x", count: ChannelLines.limit + 5) + "\nnext\n", to: &lines)
        let whole = lines.hasLine()
        #expect(whole)
        #expect(lines.next() == .overlong)
        #expect(lines.next() == .text("next"))

        var pieces = ChannelLines()
        append(String(repeating: "y", count: ChannelLines.limit + 1), to: &pieces)
        #expect(pieces.next() == .overlong)
        append(String(repeating: "y", count: 1000), to: &pieces)
        #expect(pieces.next() == nil)
        append("yyy\nthen\n", to: &pieces)
        #expect(pieces.next() == .text("then"))
    }

    @Test("a line of exactly the limit still ends at its newline")
    func exactlyTheLimit() {
        var lines = ChannelLines()
        append(String(repeating: "z", count: ChannelLines.limit) + "\n", to: &lines)
        #expect(lines.next() == .text(String(repeating: "z", count: ChannelLines.limit)))
    }
}
