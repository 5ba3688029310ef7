import Testing

@testable import PopHarness
@testable import PopModel

/// What `a11y.contrast` and `a11y.order` measure, on frames made by hand: the composited colour
/// under text, and which of two elements is drawn first.
@Suite struct AccessibilityGeometryTests {
    let screen = Rect(x: 0, y: 0, width: 390, height: 844)

    @Test("fills composite back to front with their alpha times their node's opacity, over white")
    func composite() {
        let nodes = [
            FrameNode(id: "app.background", role: .app, rect: screen, fill: 0xFFFF_FFFF),
            FrameNode(id: "popup.1.dimming", role: .dimming, request: 1, rect: screen, opacity: 0.4, fill: 0x0000_00FF),
            FrameNode(id: "popup.1", role: .popup, request: 1, rect: Rect(x: 50, y: 300, width: 290, height: 200), fill: 0x1C1C_1EFF),
            FrameNode(id: "popup.1.content.0", role: .text, request: 1, rect: Rect(x: 66, y: 316, width: 100, height: 20)),
        ]
        let composite = FrameComposite(nodes: nodes)
        // The dimming alone: 60 % of white.
        #expect(composite.background(at: Point(x: 10, y: 10), below: 3, including: true).color == 0x9999_99FF)
        // On the card: its fill, opaque.
        #expect(composite.background(at: Point(x: 100, y: 320), below: 3, including: true).color == 0x1C1C_1EFF)
        // Black at half opacity on white is mid grey (127.5 rounds to 128); at alpha 0x80 (128/255) a shade darker.
        #expect(FrameComposite.Mix.white.under(0x0000_00FF, opacity: 0.5).color == 0x8080_80FF)
        #expect(FrameComposite.Mix.white.under(0x0000_0080, opacity: 1).color == 0x7F7F_7FFF)
        #expect(FrameComposite.hex(0x0A84_FFFF) == "#0a84ff")
    }

    @Test("a ratio is cut, not rounded, to two decimals: 4.499 reads 4.49")
    func ratioText() {
        #expect(AccessibilityContrastAudit.ratio(4.499) == "4.49")
        #expect(AccessibilityContrastAudit.ratio(21) == "21.00")
        #expect(AccessibilityContrastAudit.ratio(3.0303) == "3.03")
    }

    func element(_ id: String, _ frame: Rect) -> AccessibilityTree.Element {
        AccessibilityTree.Element(id: id, role: .button, label: id, value: nil, traits: [], frame: frame, request: 1, action: nil)
    }

    @Test("visual order: above first; in a row (overlapping vertical extents) leading first, by the layout direction")
    func order() {
        let top = element("top", Rect(x: 100, y: 100, width: 100, height: 20))
        let left = element("left", Rect(x: 20, y: 200, width: 100, height: 44))
        let right = element("right", Rect(x: 200, y: 210, width: 100, height: 44))
        #expect(AccessibilityOrderAudit.drawnBefore(top, left, .leftToRight) == "above")
        #expect(AccessibilityOrderAudit.drawnBefore(left, top, .leftToRight) == nil)
        #expect(AccessibilityOrderAudit.drawnBefore(left, right, .leftToRight) == "left of")
        #expect(AccessibilityOrderAudit.drawnBefore(right, left, .leftToRight) == nil)
        #expect(AccessibilityOrderAudit.drawnBefore(right, left, .rightToLeft) == "right of")
        #expect(AccessibilityOrderAudit.drawnBefore(left, right, .rightToLeft) == nil)
    }
}
