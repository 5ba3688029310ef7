import PopTestSupport
import Testing

@testable import PopModel
@testable import PopPresentation

/// Content in a right-to-left layout: laid out as left to right, then mirrored within its frame (horizontal
/// stacks run right to left, leading padding and alignment on the right, an alert's two actions swapped), node
/// ids unchanged; a `playback` subtree moved as a block, not flipped; left to right exactly as before.
@Suite struct RightToLeftContentTests {
    static let ltr = DisplayTraits()
    static let rtl = DisplayTraits(layoutDirection: .rightToLeft)

    static func button(_ title: String, _ action: String) -> ContentNode { ContentNode(.button(title, style: .default, action: action)) }

    static func text(_ string: String, _ alignment: ContentNode.Alignment, padding: EdgeInsets = .zero) -> ContentNode {
        ContentNode(.text(string, size: 17, weight: .regular, color: 0x0000_00FF, alignment: alignment, maxLines: 1), padding: padding)
    }

    static func image(_ name: String) -> ContentNode { ContentNode(.image(name: name, width: 30, height: 30)) }

    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    static func nodes(_ laid: LaidOutNode) -> [FrameNode] {
        var nodes: [FrameNode] = []
        ContentStyle(request: 1, transform: .identity, opacity: 1, fields: [:], focused: nil, traits: DisplayTraits()).append(
            laid, id: "c", to: &nodes)
        return nodes
    }

    @Test("an hstack of two buttons runs right to left, after its leading padding on the right")
    func buttonRow() {
        let row = ContentNode(
            .hstack(spacing: 8, alignment: .center, children: [Self.button("OK", "ok"), Self.button("Cancel", "cancel")]),
            padding: EdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 30))
        let frame = Rect(x: 20, y: 40, width: 300, height: 60)
        let ltr = LayoutEngine.layout(row, in: frame, traits: Self.ltr)
        let rtl = LayoutEngine.layout(row, in: frame, traits: Self.rtl)
        #expect(rtl.frame == ltr.frame)
        #expect(rtl.children.map(\.node) == ltr.children.map(\.node))
        for (left, right) in zip(ltr.children, rtl.children) {
            #expect(Self.close(right.frame.x, 340 - left.frame.x - left.frame.width))
            #expect(right.frame.y == left.frame.y && right.frame.width == left.frame.width && right.frame.height == left.frame.height)
        }
        // OK first, against the 10 pt leading padding on the right; Cancel 8 pt to its left.
        #expect(ltr.children[0].frame.x == 30)
        #expect(Self.close(rtl.children[0].frame.x + rtl.children[0].frame.width, 310))
        #expect(Self.close(rtl.children[1].frame.x + rtl.children[1].frame.width, rtl.children[0].frame.x - 8))
        // The same ids: a tap finds the same buttons.
        #expect(Self.nodes(rtl).map(\.id) == Self.nodes(ltr).map(\.id))
        #expect(Self.nodes(rtl).map(\.action) == Self.nodes(ltr).map(\.action))
    }

    @Test("text aligned leading (natural) is drawn right-aligned, trailing left-aligned, its padding swapped")
    func textAlignment() {
        let column = ContentNode(
            .vstack(
                spacing: 0, alignment: .leading,
                children: [
                    Self.text("Hello", .leading, padding: EdgeInsets(top: 0, leading: 12, bottom: 0, trailing: 2)),
                    Self.text("Bye", .trailing), Self.text("Mid", .center), Self.text("All", .fill),
                ]), padding: EdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 4))
        let rect = Rect(x: 0, y: 0, width: 200, height: 100)
        let rtl = LayoutEngine.layout(column, in: rect, traits: Self.rtl)
        let runs = Self.nodes(rtl).compactMap(\.text)
        #expect(runs.map(\.alignment) == [.trailing, .leading, .center, .trailing])
        #expect(runs[0].inset == EdgeInsets(top: 0, leading: 2, bottom: 0, trailing: 12))
        // The vstack's leading alignment puts its children against its leading padding, on the right.
        #expect(Self.close(rtl.children[0].frame.x + rtl.children[0].frame.width, 200 - 16))
        let ltrRuns = Self.nodes(LayoutEngine.layout(column, in: rect, traits: Self.ltr)).compactMap(\.text)
        #expect(ltrRuns.map(\.alignment) == [.leading, .trailing, .center, .leading])
        #expect(ltrRuns[0].inset == EdgeInsets(top: 0, leading: 12, bottom: 0, trailing: 2))
    }

    @Test("a text field's text starts on the right")
    func textField() {
        let field = ContentNode(.textField(id: "name", placeholder: "Name", secure: false))
        let laid = LayoutEngine.layout(field, in: Rect(x: 0, y: 0, width: 200, height: 44), traits: Self.rtl)
        #expect(Self.nodes(laid).first?.text?.alignment == .trailing)
    }

    @Test("a playback subtree keeps its order and is moved as a block; forceRightToLeft flips even left to right")
    func semanticDirection() {
        let controls = ContentNode(
            .hstack(spacing: 10, alignment: .center, children: [Self.image("rewind"), Self.image("play"), Self.image("forward")]),
            semantics: ContentSemantics(direction: .playback))
        let row = ContentNode(.hstack(spacing: 20, alignment: .center, children: [Self.text("Song", .leading), controls]))
        let rect = Rect(x: 0, y: 0, width: 300, height: 50)
        let ltr = LayoutEngine.layout(row, in: rect, traits: Self.ltr)
        let rtl = LayoutEngine.layout(row, in: rect, traits: Self.rtl)
        let left = ltr.children[1], right = rtl.children[1]
        #expect(Self.close(right.frame.x, 300 - left.frame.x - left.frame.width))
        #expect(right.direction == .leftToRight && rtl.direction == .rightToLeft && rtl.children[0].direction == .rightToLeft)
        for (before, after) in zip(left.children, right.children) {
            #expect(Self.close(after.frame.x - right.frame.x, before.frame.x - left.frame.x))
        }
        #expect(right.children[0].frame.x < right.children[1].frame.x && right.children[1].frame.x < right.children[2].frame.x)

        var forced = controls
        forced.semantics = ContentSemantics(direction: .forceRightToLeft)
        let flipped = LayoutEngine.layout(forced, in: rect, traits: Self.ltr)
        #expect(flipped.children[0].frame.x > flipped.children[2].frame.x)
        #expect(flipped.direction == .rightToLeft)
    }

    @Test("an alert's two actions side by side swap places; its hairlines stay at the same heights")
    func alertActions() throws {
        let alert = ContentNode(
            .vstack(
                spacing: 0, alignment: .center,
                children: [Self.text("Delete?", .center), Self.button("Cancel", "cancel"), Self.button("Delete", "delete")]))
        let frame = Rect(x: 10, y: 100, width: 270, height: 120)
        let ltr = try #require(AlertActions(alert, traits: Self.ltr)).layout(in: frame)
        let rtl = try #require(AlertActions(alert, traits: Self.rtl)).layout(in: frame)
        #expect(ltr.children[1].frame.x == 10 && ltr.children[2].frame.x == 145)
        #expect(Self.close(rtl.children[1].frame.x, 145) && Self.close(rtl.children[2].frame.x, 10))
        #expect(rtl.separators.map(\.y) == ltr.separators.map(\.y))
        #expect(rtl.children.map(\.chrome) == ltr.children.map(\.chrome))
    }

    @Test("left to right is laid out exactly as before: nothing is mirrored, every node left to right")
    func leftToRightUnchanged() {
        for (limit, rect) in [
            (Size(width: 390, height: 844), Rect(x: 0, y: 0, width: 390, height: 844)),
            (Size(width: 120, height: 300), Rect(x: 7.5, y: 3, width: 120, height: 300)),
        ] {
            let laid = LayoutEngine.layout(SampleContent.tree, in: rect, traits: Self.ltr)
            #expect(laid == LayoutEngine.leftToRight(SampleContent.tree, in: rect, traits: Self.ltr))
            #expect(
                LayoutEngine.sizeThatFits(SampleContent.tree, limit: limit, traits: Self.rtl)
                    == LayoutEngine.sizeThatFits(SampleContent.tree, limit: limit, traits: Self.ltr))
            func directions(_ node: LaidOutNode) -> [LayoutDirection] { [node.direction] + node.children.flatMap(directions) }
            #expect(Set(directions(laid)) == [.leftToRight])
        }
    }
}
