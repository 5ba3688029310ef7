import PopModel
import Testing

@testable import PopHarness

/// `ContentFit`: what `component.traits` reports about a popup's frame, with the node and the numbers.
@Suite struct ContentFitTests {
    static let card = FrameNode(id: "popup.1", role: .popup, request: 1, rect: Rect(x: 45, y: 300, width: 300, height: 200))

    static func text(_ id: String, _ rect: Rect, _ line: String = "Hello", clip: Rect? = nil) -> FrameNode {
        FrameNode(
            id: "popup.1.content.\(id)", role: .text, request: 1, rect: rect,
            text: TextRun(lines: [line], size: 17, weight: .regular, color: 0x0000_00FF, alignment: .leading), clip: clip)
    }

    static func findings(_ nodes: [FrameNode]) throws -> [String] {
        let frame = Frame(time: .zero, screen: Size(width: 390, height: 844), nodes: [card] + nodes)
        return try #require(ContentFit(request: 1, in: frame)).findings
    }

    @Test("content inside its popup, lines that fit and leaves side by side: nothing to report")
    func fits() throws {
        #expect(
            try Self.findings([
                Self.text("0", Rect(x: 65, y: 320, width: 120, height: 22)), Self.text("1", Rect(x: 185, y: 320, width: 120, height: 22)),
            ]) == [])
    }

    @Test("a node past the popup's right edge is named with its rect and by how much")
    func pastTheEdge() throws {
        let findings = try Self.findings([Self.text("0", Rect(x: 65, y: 320, width: 300, height: 22))])
        #expect(
            findings == [#"text "Hello" (popup.1.content.0) at 65,320 300×22 is 20 pt past its right edge (the popup is 45,300 300×200)"#])
    }

    @Test("below the popup counts only when the content does not scroll there")
    func belowUnlessScrolled() throws {
        let below = Rect(x: 65, y: 480, width: 100, height: 40)
        #expect(try Self.findings([Self.text("0", below)]).first?.contains("20 pt below its bottom") == true)
        #expect(try Self.findings([Self.text("0", below, clip: Self.card.rect)]) == [])
    }

    @Test("a line wider than its node, and two overlapping leaves, are reported; an overlay's children may overlap")
    func linesAndOverlaps() throws {
        let wide = Self.text("0", Rect(x: 65, y: 320, width: 20, height: 22), "Much too long")
        #expect(try Self.findings([wide]).first?.contains(#"the line "Much too long" is"#) == true)
        let first = Self.text("0", Rect(x: 65, y: 320, width: 100, height: 22))
        let second = Self.text("1", Rect(x: 115, y: 330, width: 100, height: 22))
        #expect(
            try Self.findings([first, second]) == [
                #"text "Hello" (popup.1.content.0) and text "Hello" (popup.1.content.1) overlap by 50×12 pt"#
            ])
        let overlay = FrameNode(id: "popup.1.content.0", role: .overlay, request: 1, rect: Rect(x: 65, y: 320, width: 150, height: 32))
        let stacked = [overlay, Self.text("0.0", first.rect), Self.text("0.1", second.rect)]
        #expect(try Self.findings(stacked) == [])
    }
}
