import Testing

@testable import PopBridge

/// Short strings are copied from their own bits: the layout holds here (so the fast path is the one
/// the other tests exercise), and the bits are the string's UTF-8, NUL-terminated.
@Suite struct SmallStringBitsTests {
    @Test("the standard library's small-string layout holds on this platform")
    func layoutHolds() {
        #expect(SmallStringBits.layoutHolds)
    }

    @Test(
        "short strings, ASCII or not, read back as their UTF-8 and a NUL; longer or non-inline ones are not small",
        arguments: ["", "a", "4242", "café", "价格", "😀!", String(repeating: "x", count: 15)])
    func small(text: String) throws {
        var text = text
        text.makeContiguousUTF8()
        let bits = try #require(SmallStringBits(text))
        #expect(bits.count == text.utf8.count)
        let bytes = withUnsafeBytes(of: (bits.low, bits.high)) { Array($0) }
        #expect(Array(bytes[..<bits.count]) == Array(text.utf8))
        #expect(bytes[bits.count] == 0)
    }

    @Test("16 bytes and more are not small")
    func large() {
        #expect(SmallStringBits(String(repeating: "x", count: 16)) == nil)
        #expect(SmallStringBits(String(repeating: "é", count: 8)) == nil)
    }

    @Test("through the arena: small strings in place, NUL-terminated, one after another")
    func arena() {
        withUnsafeTemporaryAllocation(byteCount: 64, alignment: 8) { block in
            var arena = CStringArena(block.baseAddress!, end: block.baseAddress! + 64)
            defer { arena.release() }
            let first = arena.copy("pin"), second = arena.copy("café"), third = arena.copy(String(repeating: "z", count: 15))
            #expect(String(cString: first.assumingMemoryBound(to: CChar.self)) == "pin")
            #expect(String(cString: second.assumingMemoryBound(to: CChar.self)) == "café")
            #expect(String(cString: third.assumingMemoryBound(to: CChar.self)) == String(repeating: "z", count: 15))
            #expect(second - first == 4)
        }
    }
}
