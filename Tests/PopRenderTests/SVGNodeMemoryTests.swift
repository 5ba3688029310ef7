import Foundation
import Synchronization
import Testing

@testable import PopModel
@testable import PopRender

/// A renderer copies the bytes of the nodes that did not change since its last frame (`SVGNodeMemory`): every
/// frame must still be exactly what a fresh renderer writes.
@Suite struct SVGNodeMemoryTests {
    /// A node that draws everything a node can: a shadow, a fill and stroke, a clip, a transform and text.
    static let node = FrameNode(
        id: "n", role: .button, request: 1, rect: Rect(x: 10, y: 20, width: 120, height: 44),
        transform: AffineTransform(a: 1, b: 0, c: 0, d: 1, e: 2, f: 3), opacity: 0.9, fill: 0x1122_33FF,
        stroke: ContentNode.Border(width: 1, color: 0xFF00_00FF), cornerRadius: 8, shadow: Shadow(offsetY: 2, blur: 6, color: 0x0000_0033),
        text: TextRun(lines: ["Pay", "now"], size: 17, weight: .semibold, color: 0xFFFF_FFFF, alignment: .center),
        action: "pay", field: nil, clip: Rect(x: 0, y: 0, width: 200, height: 100))

    /// Every field of a node changed, one at a time.
    static let changes: [(String, @Sendable (inout FrameNode) -> Void)] = [
        ("id", { $0.id = "m" }), ("role", { $0.role = .image }), ("request", { $0.request = 2 }),
        ("rect.x", { $0.rect.x += 0.5 }), ("rect.y", { $0.rect.y += 1 }), ("rect.width", { $0.rect.width = 60 }),
        ("rect.height", { $0.rect.height = 80 }), ("transform", { $0.transform.a = 0.5 }), ("opacity", { $0.opacity = 0.4 }),
        ("fill", { $0.fill = 0x1122_3380 }), ("no fill", { $0.fill = nil }), ("stroke width", { $0.stroke?.width = 2 }),
        ("stroke colour", { $0.stroke?.color = 0x00FF_00FF }), ("corner radius", { $0.cornerRadius = 4 }),
        ("shadow offset", { $0.shadow?.offsetY = 4 }), ("shadow blur", { $0.shadow?.blur = 12 }), ("no shadow", { $0.shadow = nil }),
        ("text lines", { $0.text?.lines = ["Pay", "later"] }), ("text size", { $0.text?.size = 15 }),
        ("text weight", { $0.text?.weight = .bold }), ("text colour", { $0.text?.color = 0x0000_00FF }),
        ("text alignment", { $0.text?.alignment = .trailing }), ("text inset", { $0.text?.inset.leading = 6 }),
        ("text centring", { $0.text?.centeredVertically = true }), ("no text", { $0.text = nil }),
        ("action", { $0.action = "cancel" }), ("field", { $0.field = "pin" }), ("focused", { $0.focused = true }),
        ("clip", { $0.clip?.height = 50 }), ("no clip", { $0.clip = nil }),
        ("scroll", { $0.scroll = Scroll(offset: 10, contentHeight: 300) }),
        ("accessibility", { $0.accessibility = AccessibilityDescription(role: .button, label: "Pay") }),
    ]

    static func frame(_ nodes: [FrameNode], appearance: Appearance = .light) -> Frame {
        Frame(time: .zero, screen: Size(width: 393, height: 852), traits: DisplayTraits(appearance: appearance), nodes: nodes)
    }

    @Test("a change to any one field of a node is drawn, after the node was drawn as it was")
    func everyField() {
        for (name, change) in Self.changes {
            var changed = Self.node
            change(&changed)
            let renderer = SVGRenderer()
            let other = FrameNode(id: "other", role: .app, rect: Rect(x: 0, y: 0, width: 393, height: 100), fill: 0xFFFF_FFFF)
            for nodes in [[other, Self.node, other], [other, changed, other], [other, Self.node, other]] {
                #expect(renderer.render(Self.frame(nodes)) == SVGRenderer().render(Self.frame(nodes)), "\(name)")
            }
        }
    }

    @Test("frames that change, grow, shrink and change appearance are the bytes a fresh renderer writes")
    func framesInTurn() {
        let alert = GoldenFrames.alert, animating = GoldenFrames.alertAnimating, banner = GoldenFrames.banner
        var dark = alert
        dark.traits = DisplayTraits(appearance: .dark)
        var fewer = alert
        fewer.nodes.removeLast(5)
        let frames = [
            alert, alert, animating, alert, banner, fewer, alert, dark, dark, alert, Frame(time: .zero, screen: alert.screen), alert,
        ]
        for deviceFrame in [true, false] {
            let renderer = SVGRenderer(deviceFrame: deviceFrame)
            for (index, frame) in frames.enumerated() {
                #expect(renderer.render(frame) == SVGRenderer(deviceFrame: deviceFrame).render(frame), "frame \(index)")
            }
        }
    }

    @Test("copies of a renderer share what it remembers: with and without the phone, and on several threads at once")
    func copies() {
        let renderer = SVGRenderer()
        var bare = renderer
        bare.deviceFrame = false
        let alert = GoldenFrames.alert
        for _ in 0..<2 {
            #expect(renderer.render(alert) == SVGRenderer().render(alert))
            #expect(bare.render(alert) == SVGRenderer(deviceFrame: false).render(alert))
        }
        let frames = [GoldenFrames.alert, GoldenFrames.alertAnimating, GoldenFrames.banner]
        let expected = frames.map { SVGRenderer().render($0) }
        let mismatches = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 24) { index in
            if renderer.render(frames[index % 3]) != expected[index % 3] { mismatches.withLock { $0 += 1 } }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }
}
