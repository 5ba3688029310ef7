import Testing

@testable import PopLoader

/// A child's channel taken as lines: lines split across reads, several in one read, a last line
/// without a newline, and one that never ends cut at the limit.
@Suite struct ChannelLinesTests {
    func append(_ text: String, to lines: inout ChannelLines) {
        Array(text.utf8).withUnsafeBytes { lines.append($0) }
    }

    @Test("lines come out whole and in order however the reads split them")
    func splitting() {
        var lines = ChannelLines()
        append("{\"a\":1}\n{\"b\"", to: &lines)
        #expect(lines.next() == "{\"a\":1}")
        #expect(lines.next() == nil)
        append(":2}\n\nlast", to: &lines)
        #expect(lines.next() == "{\"b\":2}")
        #expect(lines.next() == "")
        #expect(lines.next() == nil)
        #expect(!lines.isEmpty)
        #expect(lines.rest() == "last")
        #expect(lines.isEmpty)
    }

    @Test("many lines written at once are all taken, the buffer compacting as it goes")
    func manyLines() {
        var lines = ChannelLines()
        for round in 0..<50 {
            append((0..<1000).map { "line \(round)-\($0)\n" }.joined(), to: &lines)
            for index in 0..<1000 { #expect(lines.next() == "line \(round)-\(index)") }
        }
        #expect(lines.isEmpty)
    }

    @Test("a line longer than the limit is cut there, and what follows is the next line")
    func overLimit() {
        var lines = ChannelLines()
        append(String(repeating: "x", count: ChannelLines.limit + 5) + "\nnext\n", to: &lines)
        let whole = lines.hasLine()
        #expect(whole)
        #expect(lines.next()?.utf8.count == ChannelLines.limit)
        #expect(lines.next() == "xxxxx")
        #expect(lines.next() == "next")
    }
}
