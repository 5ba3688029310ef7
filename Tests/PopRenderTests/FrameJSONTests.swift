import Testing

@testable import PopModel
@testable import PopRender

@Suite struct FrameJSONTests {
    @Test("a minimal node: fixed key order, defaults left out")
    func minimal() {
        let frame = Frame(
            time: .milliseconds(16), screen: Size(width: 393, height: 852),
            safeArea: EdgeInsets(top: 59, leading: 0, bottom: 34, trailing: 0),
            nodes: [FrameNode(id: "app.page", role: .app, rect: Rect(x: 0, y: 0, width: 393, height: 852))])
        #expect(
            FrameJSON.encode(frame) == """
                {"time_ms":16,"screen":{"width":393,"height":852},"safe_area":{"top":59,"left":0,"bottom":34,"right":0},\
                "nodes":[{"id":"app.page","role":"app","rect":{"x":0,"y":0,"width":393,"height":852},"opacity":1}]}
                """)
    }

    @Test("every field, in order")
    func everyField() {
        let node = FrameNode(
            id: "popup.7.content.2", role: .textField, request: 7, rect: Rect(x: 10, y: 20.5, width: 100, height: 36),
            transform: AffineTransform(a: 0.5, b: 0, c: 0, d: 0.5, e: 30, f: 40), opacity: 0.75, fill: 0xf2f2f7ff,
            stroke: ContentNode.Border(width: 1.5, color: 0x007aff80), cornerRadius: 8,
            shadow: Shadow(offsetY: 10, blur: 30, color: 0x00000038),
            text: TextRun(lines: ["a \"b\"", "c"], size: 17, weight: .semibold, color: 0x0a0b0cff, alignment: .trailing),
            action: "go", field: "pin", focused: true)
        let frame = Frame(time: VirtualTime(microseconds: 1_234_567), screen: Size(width: 320, height: 480), nodes: [node])
        #expect(
            FrameJSON.encode(frame) == """
                {"time_ms":1234.567,"screen":{"width":320,"height":480},"safe_area":{"top":0,"left":0,"bottom":0,"right":0},\
                "nodes":[{"id":"popup.7.content.2","role":"textField","request":7,"rect":{"x":10,"y":20.5,"width":100,"height":36},\
                "transform":[0.5,0,0,0.5,30,40],"opacity":0.75,"fill":"#f2f2f7ff","stroke":{"width":1.5,"color":"#007aff80"},\
                "corner_radius":8,"shadow":{"offset_y":10,"blur":30,"color":"#00000038"},\
                "text":{"lines":["a \\"b\\"","c"],"size":17,"weight":"semibold","color":"#0a0b0cff","alignment":"trailing"},\
                "action":"go","field":"pin","focused":true}]}
                """)
    }

    @Test("numbers are rounded to 3 decimals, so float noise never shows")
    func rounding() throws {
        let noisy = FrameNode(
            id: "n", role: .popup, rect: Rect(x: 0.1 + 0.2, y: 99.99999, width: 1e-7, height: -0.0001),
            transform: AffineTransform(a: 1.0000001, b: 1e-9, c: 0, d: 1, e: 0, f: 0.0001),
            opacity: 0.123456, cornerRadius: 0.0004)
        let node = try #require(FrameJSON.value(Frame(time: .zero, screen: Size(width: .nan, height: 1), nodes: [noisy]))["nodes"]?[0])
        #expect(node.json == #"{"id":"n","role":"popup","rect":{"x":0.3,"y":100,"width":0,"height":0},"opacity":0.123}"#)
    }

    @Test(
        "colours are #rrggbbaa with leading zeros",
        arguments: [
            (ContentNode.Color(rawValue: 0), "#00000000"), (0x000000ff, "#000000ff"), (0xff3b30ff, "#ff3b30ff"), (0x0a0b0c0d, "#0a0b0c0d"),
        ])
    func colors(color: ContentNode.Color, hex: String) {
        #expect(FrameJSON.hex(color) == hex)
    }

    @Test("the value is what encode writes, and reads back")
    func valueAndEncode() throws {
        let frame = GoldenFrames.alert
        #expect(FrameJSON.value(frame).json == FrameJSON.encode(frame))
        #expect(try Value(json: FrameJSON.encode(frame)) == FrameJSON.value(frame))
        #expect(!FrameJSON.encode(frame).contains("\n"))
    }
}
