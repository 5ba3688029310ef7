import PopTestSupport
import Testing

@testable import PopModel
@testable import PopPresentation

@Suite struct LayoutEngineTests {
    static func image(_ width: Double, _ height: Double) -> ContentNode {
        ContentNode(.image(name: "i", width: width, height: height))
    }

    static func frames(_ laid: LaidOutNode) -> [Rect] { laid.children.map(\.frame) }

    @Test(
        "vstack: spacing and each alignment",
        arguments: [
            (ContentNode.Alignment.leading, Rect(x: 0, y: 30, width: 30, height: 10)),
            (.center, Rect(x: 10, y: 30, width: 30, height: 10)),
            (.trailing, Rect(x: 20, y: 30, width: 30, height: 10)),
            (.fill, Rect(x: 0, y: 30, width: 50, height: 10)),
        ])
    func vstack(alignment: ContentNode.Alignment, second: Rect) {
        let stack = ContentNode(.vstack(spacing: 10, alignment: alignment, children: [Self.image(50, 20), Self.image(30, 10)]))
        let size = LayoutEngine.sizeThatFits(stack, limit: Size(width: .infinity, height: .infinity), traits: DisplayTraits())
        #expect(size == Size(width: 50, height: 40))
        let laid = LayoutEngine.layout(stack, in: Rect(x: 0, y: 0, width: 50, height: 40), traits: DisplayTraits())
        #expect(Self.frames(laid) == [Rect(x: 0, y: 0, width: 50, height: 20), second])
    }

    @Test(
        "hstack: spacing and each alignment",
        arguments: [
            (ContentNode.Alignment.leading, Rect(x: 30, y: 0, width: 10, height: 30)),
            (.center, Rect(x: 30, y: 10, width: 10, height: 30)),
            (.trailing, Rect(x: 30, y: 20, width: 10, height: 30)),
            (.fill, Rect(x: 30, y: 0, width: 10, height: 50)),
        ])
    func hstack(alignment: ContentNode.Alignment, second: Rect) {
        let stack = ContentNode(.hstack(spacing: 10, alignment: alignment, children: [Self.image(20, 50), Self.image(10, 30)]))
        #expect(
            LayoutEngine.sizeThatFits(stack, limit: Size(width: 1000, height: 1000), traits: DisplayTraits()) == Size(width: 40, height: 50)
        )
        let laid = LayoutEngine.layout(stack, in: Rect(x: 0, y: 0, width: 40, height: 50), traits: DisplayTraits())
        #expect(Self.frames(laid) == [Rect(x: 0, y: 0, width: 20, height: 50), second])
    }

    @Test("padding adds around the content; frames are absolute")
    func padding() {
        let stack = ContentNode(
            .vstack(spacing: 10, alignment: .center, children: [Self.image(50, 20), Self.image(30, 10)]),
            padding: EdgeInsets(top: 5, leading: 7, bottom: 3, trailing: 9))
        #expect(
            LayoutEngine.sizeThatFits(stack, limit: Size(width: 500, height: 500), traits: DisplayTraits()) == Size(width: 66, height: 48))
        let laid = LayoutEngine.layout(stack, in: Rect(x: 100, y: 200, width: 66, height: 48), traits: DisplayTraits())
        #expect(laid.frame == Rect(x: 100, y: 200, width: 66, height: 48))
        #expect(Self.frames(laid) == [Rect(x: 107, y: 205, width: 50, height: 20), Rect(x: 117, y: 235, width: 30, height: 10)])
    }

    @Test("spacers measure minLength and share the remaining length equally")
    func spacers() {
        let row = ContentNode(
            .hstack(
                spacing: 8, alignment: .center,
                children: [
                    Self.image(20, 20), ContentNode(.spacer(minLength: 4)), Self.image(30, 10),
                ]))
        #expect(
            LayoutEngine.sizeThatFits(row, limit: Size(width: 390, height: 100), traits: DisplayTraits()) == Size(width: 70, height: 20))
        #expect(
            Self.frames(LayoutEngine.layout(row, in: Rect(x: 0, y: 0, width: 200, height: 20), traits: DisplayTraits())) == [
                Rect(x: 0, y: 0, width: 20, height: 20), Rect(x: 28, y: 0, width: 134, height: 20),
                Rect(x: 170, y: 5, width: 30, height: 10),
            ])
        let column = ContentNode(
            .vstack(
                spacing: 0, alignment: .leading,
                children: [
                    ContentNode(.spacer(minLength: 0)), Self.image(10, 10), ContentNode(.spacer(minLength: 0)),
                ]))
        #expect(
            Self.frames(LayoutEngine.layout(column, in: Rect(x: 0, y: 0, width: 10, height: 100), traits: DisplayTraits())) == [
                Rect(x: 0, y: 0, width: 10, height: 45), Rect(x: 0, y: 45, width: 10, height: 10),
                Rect(x: 0, y: 55, width: 10, height: 45),
            ])
    }

    @Test("dividers are 1 pt thick across their stack")
    func dividers() {
        let column = ContentNode(.vstack(spacing: 0, alignment: .center, children: [Self.image(40, 10), ContentNode(.divider)]))
        #expect(
            LayoutEngine.sizeThatFits(column, limit: Size(width: 300, height: 300), traits: DisplayTraits()) == Size(width: 40, height: 11))
        #expect(
            Self.frames(LayoutEngine.layout(column, in: Rect(x: 0, y: 0, width: 40, height: 11), traits: DisplayTraits()))[1]
                == Rect(x: 0, y: 10, width: 40, height: 1))
        let row = ContentNode(.hstack(spacing: 0, alignment: .center, children: [Self.image(40, 10), ContentNode(.divider)]))
        #expect(
            LayoutEngine.sizeThatFits(row, limit: Size(width: 300, height: 300), traits: DisplayTraits()) == Size(width: 41, height: 10))
        #expect(
            Self.frames(LayoutEngine.layout(row, in: Rect(x: 0, y: 0, width: 41, height: 10), traits: DisplayTraits()))[1]
                == Rect(x: 40, y: 0, width: 1, height: 10))
    }

    @Test("overlay: the largest child, children aligned")
    func overlay() {
        let overlay = ContentNode(.overlay(alignment: .center, children: [Self.image(40, 10), Self.image(10, 30)]))
        #expect(
            LayoutEngine.sizeThatFits(overlay, limit: Size(width: 100, height: 100), traits: DisplayTraits()) == Size(width: 40, height: 30)
        )
        #expect(
            Self.frames(LayoutEngine.layout(overlay, in: Rect(x: 0, y: 0, width: 40, height: 30), traits: DisplayTraits())) == [
                Rect(x: 0, y: 10, width: 40, height: 10), Rect(x: 15, y: 0, width: 10, height: 30),
            ])
    }

    @Test("text wraps at the available width and keeps its lines")
    func text() {
        let stack = ContentNode(
            .vstack(
                spacing: 0, alignment: .leading,
                children: [
                    ContentNode(.text("hello world", size: 10, weight: .regular, color: 0, alignment: .leading, maxLines: 0))
                ]))
        #expect(
            LayoutEngine.sizeThatFits(stack, limit: Size(width: 30, height: .infinity), traits: DisplayTraits())
                == Size(width: 25, height: 24))
        #expect(
            LayoutEngine.layout(stack, in: Rect(x: 0, y: 0, width: 30, height: 24), traits: DisplayTraits()).children[0].lines == [
                "hello", "world",
            ])
    }

    @Test("buttons: 17 pt title plus 12 × 8 padding, at least 44 high; text fields 44 high, filling")
    func controls() {
        let plain = ContentNode(.button("OK", style: .plain, action: "ok"))
        #expect(
            LayoutEngine.sizeThatFits(plain, limit: Size(width: .infinity, height: .infinity), traits: DisplayTraits())
                == Size(width: 41, height: 44))
        let preferred = LayoutEngine.sizeThatFits(
            ContentNode(.button("OK", style: .default, action: "ok")),
            limit: Size(width: .infinity, height: .infinity), traits: DisplayTraits())
        #expect(abs(preferred.width - (2 * 17 * 0.54 + 24)) < 1e-9 && preferred.height == 44)
        let field = ContentNode(.textField(id: "f", placeholder: "", secure: false))
        #expect(
            LayoutEngine.sizeThatFits(field, limit: Size(width: .infinity, height: .infinity), traits: DisplayTraits())
                == Size(width: 120, height: 44))
        #expect(
            LayoutEngine.sizeThatFits(field, limit: Size(width: 300, height: 500), traits: DisplayTraits()) == Size(width: 300, height: 44))
        let row = ContentNode(.hstack(spacing: 0, alignment: .center, children: [field, plain]))
        #expect(
            Self.frames(LayoutEngine.layout(row, in: Rect(x: 0, y: 0, width: 200, height: 44), traits: DisplayTraits())) == [
                Rect(x: 0, y: 0, width: 159, height: 44), Rect(x: 159, y: 0, width: 41, height: 44),
            ])
    }

    @Test("clamped to the limit; bad limits give zero, never NaN")
    func clamping() {
        #expect(
            LayoutEngine.sizeThatFits(Self.image(500, 500), limit: Size(width: 100, height: 80), traits: DisplayTraits())
                == Size(width: 100, height: 80))
        for limit in [Size(width: .nan, height: .nan), Size(width: -10, height: -10), .zero] {
            #expect(LayoutEngine.sizeThatFits(SampleContent.tree, limit: limit, traits: DisplayTraits()) == .zero)
        }
        for rect in [
            Rect(x: .nan, y: 0, width: .nan, height: -3), Rect(x: 0, y: 0, width: 0, height: 0),
            Rect(x: 0, y: 0, width: .infinity, height: 10), Rect(x: 5, y: 5, width: 3, height: 3),
        ] {
            Self.visit(LayoutEngine.layout(SampleContent.tree, in: rect, traits: DisplayTraits())) { frame in
                #expect(frame.x.isFinite && frame.y.isFinite && frame.width.isFinite && frame.height.isFinite)
                #expect(frame.width >= 0 && frame.height >= 0)
            }
        }
    }

    @Test("deterministic: the same tree laid out twice is identical")
    func deterministic() {
        let limit = Size(width: 350, height: 804)
        let size = LayoutEngine.sizeThatFits(SampleContent.tree, limit: limit, traits: DisplayTraits())
        #expect(size == LayoutEngine.sizeThatFits(SampleContent.tree, limit: limit, traits: DisplayTraits()))
        let rect = Rect(x: 20, y: 20, width: size.width, height: size.height)
        #expect(
            LayoutEngine.layout(SampleContent.tree, in: rect, traits: DisplayTraits())
                == LayoutEngine.layout(SampleContent.tree, in: rect, traits: DisplayTraits()))
    }

    static func visit(_ node: LaidOutNode, _ body: (Rect) -> Void) {
        body(node.frame)
        for child in node.children { visit(child, body) }
    }
}
