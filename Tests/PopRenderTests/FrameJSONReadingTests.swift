import Foundation
import PopTestSupport
import Testing

@testable import PopModel
@testable import PopRender

/// Frame JSON read back into a `Frame`: every golden JSON frame reads and writes back to the same
/// bytes, every field survives, and a malformed frame says where it is wrong.
@Suite struct FrameJSONReadingTests {
    static let goldens =
        (try? FileManager.default.contentsOfDirectory(atPath: Golden.directory).filter { $0.hasSuffix(".json") }.sorted()) ?? []

    @Test("the golden JSON frames are found")
    func found() {
        #expect(Self.goldens.count >= 14, "\(Self.goldens)")
    }

    @Test("every golden JSON frame decodes and re-encodes byte-identically", arguments: goldens)
    func goldenRoundTrip(name: String) throws {
        let text = try String(contentsOfFile: Golden.path(name), encoding: .utf8)
        let frame = try FrameJSON.decode(text)
        #expect(!frame.nodes.isEmpty)
        // Two layouts are kept: one line (the demo's), and one node a line (`RenderGoldenTests`).
        let written = text.contains("\"nodes\":[\n") ? RenderGoldenTests.readableJSON(frame) : FrameJSON.encode(frame) + "\n"
        #expect(Golden.firstDifference(expected: text, actual: written) == nil, "\(name)")
    }

    @Test("every field survives the round trip (text insets and vertical centring are not in the JSON)")
    func everyField() throws {
        let node = FrameNode(
            id: "popup.7.content.2", role: .textField, request: 7, rect: Rect(x: 10, y: 20.5, width: 100, height: 36),
            transform: AffineTransform(a: 0.5, b: 0, c: 0, d: 0.5, e: 30, f: 40), opacity: 0.75, fill: 0xf2f2f7ff,
            stroke: ContentNode.Border(width: 1.5, color: 0x007aff80), cornerRadius: 8,
            shadow: Shadow(offsetY: 10, blur: 30, color: 0x00000038),
            text: TextRun(
                lines: ["a \"b\"", "c"], size: 17, weight: .semibold, color: 0x0a0b0cff, alignment: .trailing,
                inset: EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4), centeredVertically: true),
            action: "go", field: "pin", focused: true)
        let frame = Frame(
            time: VirtualTime(microseconds: 1_234_567), screen: Size(width: 320, height: 480),
            safeArea: EdgeInsets(top: 59, leading: 1, bottom: 34, trailing: 2),
            nodes: [node, FrameNode(id: "app.page", role: .app, rect: Rect(x: 0, y: 0, width: 320, height: 480))])
        var expected = frame
        expected.nodes[0].text?.inset = .zero
        expected.nodes[0].text?.centeredVertically = false
        #expect(try FrameJSON.decode(FrameJSON.encode(frame)) == expected)
    }

    @Test(
        "a malformed frame says where and what was expected",
        arguments: [
            (#"[1]"#, "frame.nodes: expected an array"),
            (
                #"{"time_ms":0,"screen":{"width":1,"height":1},"safe_area":{"top":0,"left":0,"bottom":0,"right":0},"nodes":[{}]}"#,
                "nodes[0].role: expected a string"
            ),
            (
                #"{"time_ms":"soon","screen":{"width":1,"height":1},"safe_area":{"top":0,"left":0,"bottom":0,"right":0},"nodes":[]}"#,
                "frame.time_ms: expected a number"
            ),
            (#"{"time_ms":0,"safe_area":{"top":0,"left":0,"bottom":0,"right":0},"nodes":[]}"#, "frame.screen: expected an object"),
            (node(##""role":"wizard""##), "nodes[0].role: expected one of app, dimming"),
            (node(##""role":"app","fill":"#12345""##), "nodes[0].fill: expected a colour"),
            (node(##""role":"app","fill":"#+1234567""##), "nodes[0].fill: expected a colour"),
            (node(##""role":"app","request":-1"##), "nodes[0].request: expected a whole number"),
            (node(##""role":"app","transform":[1,0,0,1]"##), "nodes[0].transform: expected 6 numbers"),
            (
                node(##""role":"app","text":{"lines":["a"],"size":1,"weight":"heavy","color":"#000000ff","alignment":"center"}"##),
                "nodes[0].text.weight: expected regular"
            ),
            ("{nope", "frame: expected JSON"),
            (
                #"{"time_ms":1e300,"screen":{"width":1,"height":1},"safe_area":{"top":0,"left":0,"bottom":0,"right":0},"nodes":[]}"#,
                "frame.time_ms: expected a time"
            ),
        ])
    func malformed(json: String, message: String) {
        #expect(throws: FrameJSON.ReadError.self) { try FrameJSON.decode(json) }
        do {
            _ = try FrameJSON.decode(json)
        } catch {
            #expect(error.description.hasPrefix(message), "\(error)")
        }
    }
}

/// A frame of one node with `members` besides its id, rect and opacity.
private func node(_ members: String) -> String {
    #"{"time_ms":0,"screen":{"width":1,"height":1},"safe_area":{"top":0,"left":0,"bottom":0,"right":0},"nodes":[{"id":"n","#
        + members + #","rect":{"x":0,"y":0,"width":1,"height":1},"opacity":1}]}"#
}
