import PopPresentation
import PopTestSupport
import Testing

@testable import PopModel
@testable import PopRender

@Suite struct SVGRendererTests {
    static let screen = Size(width: 200, height: 100)

    /// The SVG of `nodes` on a bare 200 × 100 screen.
    static func render(_ nodes: [FrameNode]) -> String {
        SVGRenderer(deviceFrame: false).render(Frame(time: .zero, screen: screen, nodes: nodes))
    }

    /// The lines of `svg` that contain `text`, without their indentation.
    static func lines(_ svg: String, containing text: String) -> [String] {
        svg.split(separator: "\n").map { $0.trimmingPrefix(while: { $0 == " " }) }.filter { $0.contains(text) }.map(String.init)
    }

    static func label(_ text: String, alignment: ContentNode.Alignment = .leading) -> TextRun {
        TextRun(lines: [text], size: 10, weight: .regular, color: 0x000000ff, alignment: alignment)
    }

    @Test("a bare screen: header, viewBox in points, black screen, one element per line")
    func bareScreen() {
        #expect(
            Self.render([]) == """
                <?xml version="1.0" encoding="UTF-8"?>
                <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="200" height="100" viewBox="0 0 200 100" \
                font-family="-apple-system, 'SF Pro Text', 'Helvetica Neue', Helvetica, Arial, 'DejaVu Sans Condensed', sans-serif" \
                xml:space="preserve">
                  <rect width="200" height="100" fill="#000000"/>
                </svg>

                """)
    }

    @Test("a rect: rounded corners clamped to half the short side, fill alpha as fill-opacity, stroke")
    func rect() {
        let node = FrameNode(
            id: "a", role: .app, rect: Rect(x: 1.5, y: 2, width: 40, height: 20), fill: 0x11223380,
            stroke: ContentNode.Border(width: 2, color: 0xff0000ff), cornerRadius: 50)
        #expect(
            Self.lines(Self.render([node]), containing: "id=\"a\"") == [
                ##"<rect id="a" x="1.5" y="2" width="40" height="20" rx="10" fill="#112233" fill-opacity="0.502" stroke="#ff0000" stroke-width="2"/>"##
            ])
    }

    @Test("nodes that draw nothing are left out, and so are invisible ones")
    func nothingDrawn() {
        let svg = Self.render([
            FrameNode(id: "stack", role: .stack, rect: Rect(x: 0, y: 0, width: 10, height: 10)),
            FrameNode(id: "clear", role: .app, rect: Rect(x: 0, y: 0, width: 10, height: 10), fill: 0xffffff00),
            FrameNode(id: "gone", role: .app, rect: Rect(x: 0, y: 0, width: 10, height: 10), opacity: 0.0001, fill: 0xffffffff),
        ])
        #expect(!svg.contains("stack") && !svg.contains("clear") && !svg.contains("gone"))
    }

    @Test("opacity and transform go on a lone element, or on a group around several")
    func opacityAndTransform() {
        let transform = AffineTransform.scaleRotate(scale: 0.5, rotation: .pi / 2, about: (x: 100, y: 50))
        let single = FrameNode(
            id: "one", role: .app, rect: Rect(x: 0, y: 0, width: 10, height: 10), transform: transform,
            opacity: 0.25, fill: 0xffffffff)
        let pair = FrameNode(
            id: "two", role: .button, rect: Rect(x: 0, y: 0, width: 100, height: 20), opacity: 0.5,
            fill: 0x007affff, text: Self.label("OK"))
        let svg = Self.render([single, pair])
        #expect(
            Self.lines(svg, containing: "id=\"one\"") == [
                ##"<rect id="one" x="0" y="0" width="10" height="10" fill="#ffffff" transform="matrix(0 0.5 -0.5 0 125 0)" opacity="0.25"/>"##
            ])
        #expect(
            svg.contains(
                """
                  <g id="two" opacity="0.5">
                    <rect x="0" y="0" width="100" height="20" fill="#007aff"/>
                    <text x="0" y="9.5" font-size="10" font-weight="400" fill="#000000" text-anchor="start">OK</text>
                  </g>
                """))
    }

    @Test(
        "text anchors follow the alignment; the baseline is the line's centre + 0.35 × size",
        arguments: [
            (ContentNode.Alignment.leading, "x=\"10\"", "start"), (.fill, "x=\"10\"", "start"),
            (.center, "x=\"60\"", "middle"), (.trailing, "x=\"110\"", "end"),
        ])
    func anchors(alignment: ContentNode.Alignment, x: String, anchor: String) throws {
        var run = Self.label("Hi", alignment: alignment)
        run.lines = ["Hi", "", "there"]
        run.weight = .bold
        let node = FrameNode(id: "t", role: .text, rect: Rect(x: 10, y: 20, width: 100, height: 36), text: run)
        let texts = Self.lines(Self.render([node]), containing: "<text")
        // Lines are 12 high from y 20: centres 26 and 50 (the empty line draws nothing).
        #expect(
            texts == [
                "<text \(x) y=\"29.5\" font-size=\"10\" font-weight=\"700\" fill=\"#000000\" text-anchor=\"\(anchor)\">Hi</text>",
                "<text \(x) y=\"53.5\" font-size=\"10\" font-weight=\"700\" fill=\"#000000\" text-anchor=\"\(anchor)\">there</text>",
            ])
    }

    @Test(
        "weights map to CSS weights",
        arguments: [
            (ContentNode.Weight.regular, "400"), (.medium, "500"), (.semibold, "600"), (.bold, "700"),
        ])
    func weights(weight: ContentNode.Weight, css: String) {
        #expect(SVGRenderer.fontWeight(weight).description == css)
    }

    @Test("text and ids are XML-escaped; characters XML forbids become U+FFFD")
    func escaping() {
        let node = FrameNode(
            id: "x\"&<y>", role: .text, rect: Rect(x: 0, y: 0, width: 100, height: 12),
            text: Self.label("<b> & \"q\" 'a' \u{1}"))
        let svg = Self.render([node])
        #expect(svg.contains(#"<text id="x&quot;&amp;&lt;y&gt;" "#))
        #expect(svg.contains(">&lt;b&gt; &amp; &quot;q&quot; 'a' \u{FFFD}</text>"))
        #expect(XML.escaped("tab\there, ünïcode ✓") == "tab\there, ünïcode ✓")
    }

    @Test("every character of U+0000 to U+00FF, and those starting with byte 0xEF, is escaped as XML 1.0 says, alone and among others")
    func escapingEveryByte() {
        func expected(_ scalar: Unicode.Scalar) -> String {
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "\t", "\n", "\r": String(scalar)
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": "\u{FFFD}"
            default: String(scalar)
            }
        }
        let scalars = (0...0xFF).compactMap(Unicode.Scalar.init) + [0xF000, 0xFEFF, 0xFFFD, 0xFFFE, 0xFFFF].compactMap(Unicode.Scalar.init)
        for scalar in scalars {
            #expect(XML.escaped(String(scalar)) == expected(scalar), "U+\(String(scalar.value, radix: 16))")
            #expect(XML.escaped("id-" + String(scalar) + "-x") == "id-" + expected(scalar) + "-x", "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test("shadows: one blur filter per distinct blur, the shadow drawn under the node's rect")
    func shadows() {
        let shadow = Shadow(offsetY: 10, blur: 30, color: 0x00000038)
        let cards = (0..<3).map { index in
            FrameNode(
                id: "card\(index)", role: .popup, rect: Rect(x: 10, y: 10, width: 100, height: 50), fill: 0xffffffff,
                cornerRadius: 14, shadow: index == 2 ? Shadow(offsetY: 0, blur: 5, color: 0x000000ff) : shadow)
        }
        let svg = Self.render(cards)
        #expect(
            Self.lines(svg, containing: "<filter") == [
                #"<filter id="pophost-blur-30" filterUnits="userSpaceOnUse" x="-200" y="-100" width="600" height="300">"#,
                #"<filter id="pophost-blur-5" filterUnits="userSpaceOnUse" x="-200" y="-100" width="600" height="300">"#,
            ])
        #expect(
            Self.lines(svg, containing: "<feGaussianBlur") == [
                #"<feGaussianBlur stdDeviation="15"/>"#, #"<feGaussianBlur stdDeviation="2.5"/>"#,
            ])
        #expect(
            svg.contains(
                """
                  <g id="card0">
                    <rect x="10" y="20" width="100" height="50" rx="14" fill="#000000" fill-opacity="0.22" filter="url(#pophost-blur-30)"/>
                    <rect x="10" y="10" width="100" height="50" rx="14" fill="#ffffff"/>
                  </g>
                """))
    }

    @Test("an image is a light rounded placeholder with a sun-and-mountains glyph")
    func image() {
        let svg = Self.render([FrameNode(id: "img", role: .image, rect: Rect(x: 0, y: 0, width: 50, height: 50))])
        #expect(svg.contains(##"<rect x="0" y="0" width="50" height="50" rx="6" fill="#e5e5ea"/>"##))
        #expect(svg.contains("<circle ") && svg.contains("<polygon "))
    }

    @Test("an image's name sits under its glyph, never over it")
    func imageLabel() throws {
        let label = TextRun(
            lines: ["promo-banner"], size: 11, weight: .regular, color: 0x8E8E93FF, alignment: .center,
            inset: EdgeInsets(top: 82, leading: 6, bottom: 6, trailing: 6))
        let svg = Self.render([FrameNode(id: "img", role: .image, rect: Rect(x: 0, y: 0, width: 200, height: 100), text: label)])
        let labelTop = label.lineRect(0, in: Rect(x: 0, y: 0, width: 200, height: 100)).y
        let points = try #require(Self.lines(svg, containing: "<polygon ").first?.split(separator: "\"")[1])
        let ys = points.split(separator: " ").map { Double($0.split(separator: ",")[1])! }
        #expect(ys.max()! <= labelTop, "the mountains end above the name: \(ys) vs \(labelTop)")
        #expect(svg.contains(">promo-banner</text>"))
    }

    @Test("in a phone: body, rounded screen clip, content moved onto the screen, the island on top")
    func device() throws {
        let frame = Frame(
            time: .zero, screen: Size(width: 393, height: 852),
            nodes: [FrameNode(id: "page", role: .app, rect: Rect(x: 0, y: 0, width: 393, height: 852), fill: 0xffffffff)])
        let svg = SVGRenderer().render(frame)
        #expect(svg.contains(#"width="429" height="888" viewBox="0 0 429 888""#))
        #expect(svg.contains(#"<rect width="393" height="852" rx="47"/>"#))
        #expect(svg.contains(#"<g transform="translate(18 18)">"#))
        #expect(svg.contains(##"<g clip-path="url(#pophost-screen)">"##))
        let page = try #require(svg.range(of: "id=\"page\""))
        let island = try #require(svg.range(of: ##"<rect x="133.5" y="11" width="126" height="37" rx="18.5" fill="#000000"/>"##))
        #expect(page.upperBound < island.lowerBound)
        #expect(SVGRenderer().render(frame) == svg)
    }

    @Test("the golden differ names the first differing line")
    func goldenDifference() {
        #expect(Golden.firstDifference(expected: "a\nb\nc", actual: "a\nb\nc") == nil)
        #expect(Golden.firstDifference(expected: "a\nb\nc", actual: "a\nx\nc")! == (2, "b", "x"))
        #expect(Golden.firstDifference(expected: "a\n", actual: "a")! == (2, "", "<end of file>"))
    }
}
