import Testing

@testable import PopModel
@testable import PopRender

/// SVG of frames drawn in dark: the colours in the nodes are drawn as they are (the host resolved
/// them), and what the renderer adds itself — an image placeholder's grey and its glyph — follows the
/// frame's appearance.
@Suite struct DarkRenderingTests {
    static func render(_ nodes: [FrameNode], _ appearance: Appearance) -> String {
        SVGRenderer(deviceFrame: false).render(
            Frame(time: .zero, screen: Size(width: 100, height: 100), traits: DisplayTraits(appearance: appearance), nodes: nodes))
    }

    @Test("an image placeholder without a fill: systemGray5 and a systemGray2 glyph of the frame's appearance")
    func imagePlaceholder() {
        let image = [FrameNode(id: "img", role: .image, rect: Rect(x: 0, y: 0, width: 50, height: 50))]
        let light = Self.render(image, .light), dark = Self.render(image, .dark)
        #expect(light.contains(##"fill="#e5e5ea""##) && light.contains(##"fill="#aeaeb2""##) && !light.contains("#636366"))
        #expect(dark.contains(##"fill="#2c2c2e""##) && dark.contains(##"fill="#636366""##) && !dark.contains("#aeaeb2"))
    }

    @Test("a translucent dark surface is drawn with its alpha as an opacity, composited, not blurred")
    func translucentSurface() {
        let card = [FrameNode(id: "card", role: .popup, rect: Rect(x: 10, y: 10, width: 80, height: 80), fill: 0x1E1E_1EBF)]
        let svg = Self.render(card, .dark)
        #expect(svg.contains(##"fill="#1e1e1e" fill-opacity="0.749"##))
        #expect(!svg.contains("feGaussianBlur"))
    }
}
