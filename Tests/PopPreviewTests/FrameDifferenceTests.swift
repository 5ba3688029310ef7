import Testing

@testable import PopModel
@testable import PopPreview

/// The difference picture's rule: nodes matched by id, each added, removed, moved or changed one
/// outlined in its colour over the veiled run.
@Suite struct FrameDifferenceTests {
    static func node(_ id: String, x: Double = 0, text: String? = nil, fill: ContentNode.Color? = nil) -> FrameNode {
        FrameNode(
            id: id, role: .text, rect: Rect(x: x, y: 10, width: 50, height: 20), fill: fill,
            text: text.map { TextRun(lines: [$0], size: 17, weight: .regular, color: 0x000000ff, alignment: .leading) })
    }

    static let screen = Size(width: 390, height: 844)

    @Test("added, removed, moved and changed nodes are told apart; equal ones are not listed")
    func kinds() {
        let expected = Frame(
            time: .zero, screen: Self.screen,
            nodes: [Self.node("same"), Self.node("gone"), Self.node("moves", x: 10), Self.node("text", text: "old"), Self.node("paint")])
        let actual = Frame(
            time: .zero, screen: Self.screen,
            nodes: [
                Self.node("same"), Self.node("moves", x: 40), Self.node("text", text: "new"), Self.node("paint", fill: 0xff0000ff),
                Self.node("new"),
            ])
        let difference = FrameDifference(expected: expected, actual: actual)
        #expect(difference.changes.map(\.id) == ["moves", "text", "paint", "new", "gone"])
        #expect(difference.changes.map(\.kind) == [.moved, .changed, .changed, .added, .removed])
        #expect(FrameDifference(expected: expected, actual: expected).changes.isEmpty)
    }

    @Test("the picture: the run, a veil, the differing nodes again, then their outlines where they are (and were)")
    func picture() throws {
        let expected = Frame(time: .zero, screen: Self.screen, nodes: [Self.node("same"), Self.node("gone"), Self.node("moves", x: 10)])
        let actual = Frame(time: .zero, screen: Self.screen, nodes: [Self.node("same"), Self.node("moves", x: 40)])
        let frame = FrameDifference(expected: expected, actual: actual).frame
        #expect(
            frame.nodes.map(\.id) == [
                "same", "moves", "difference.veil", "moves", "difference.moved.moves", "difference.moved.moves", "difference.removed.gone",
            ])
        let outlines = frame.nodes.filter { $0.id.hasPrefix("difference.moved") }
        #expect(outlines.map(\.rect.x) == [10, 40], "thin where it was, thick where it is")
        #expect(outlines.map { $0.stroke?.width } == [1, 3])
        #expect(frame.node("difference.removed.gone")?.stroke?.color == 0xff3b30ff)
        #expect(frame.node("difference.veil")?.rect == Rect(x: 0, y: 0, width: 390, height: 844))
    }
}
